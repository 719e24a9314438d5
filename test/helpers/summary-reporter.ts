import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that
 * CI reads to tell a run that tested something from one that ran no test, and
 * before it one line per reason tests were skipped (the note given to
 * `ctx.skip(note)`, else the file), so that no skip goes unseen.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons = new Map<string, number>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else {
          skipped++;
          const why = (result.state === 'skipped' && result.note) || `in ${relative(process.cwd(), module.moduleId)}`;
          reasons.set(why, (reasons.get(why) ?? 0) + 1);
        }
      }
    }
    const lines = [...reasons].map(([why, n]) => `Skipped ${n}: ${why}\n`);
    process.stdout.write(`\n${lines.join('')}Tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
