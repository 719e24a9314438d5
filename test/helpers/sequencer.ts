import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Without timings of an earlier run, the projects' files from the slowest kind to the quickest. */
const FIRST_WITHOUT_TIMINGS = ['site', 'lab', 'unit'];

/**
 * Vitest's order (failed, then longest first, by the timings of the last run in its cache), except
 * on a machine with no such timings, such as a fresh CI clone: there Vitest orders by file size,
 * which starts the short files that drive Chromium for minutes (axe, layout shift) last, after
 * every quick unit test, and the run then waits on them alone. Here the browser-driving site
 * project goes first, the lab's etcd clusters next and the unit tests fill the gaps at the end.
 */
export default class SlowProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const rank = (spec: TestSpecification): number => {
      const at = FIRST_WITHOUT_TIMINGS.indexOf(spec.project.name);
      return at < 0 ? FIRST_WITHOUT_TIMINGS.length : at;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
