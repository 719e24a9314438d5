import { describe, expect, it } from 'vitest';
import { buildFixtureSite, removeFixture } from '../helpers/fixture-site.ts';

const prose = 'This page exists to prove that the build refuses a lab result that is not of the schema. '.repeat(4);

// The lab results are a content collection checked against the result schema: a hand-edited or
// truncated file stops the build with its name, before any figure could draw it.
describe('a malformed lab result', () => {
  it('fails the build as a content error naming the file and the field', async () => {
    const broken = { schemaVersion: 2, kind: 'lab', startedAt: 'yesterday', clusters: [] };
    const build = await buildFixtureSite(
      { 'index.mdx': `---\ntitle: Fixture\n---\n\n${prose}\n` },
      { 'content/lab-results/lab-broken-2026-01-01T000000Z.json': JSON.stringify(broken) },
    );
    try {
      expect(build.status).not.toBe(0);
      expect(build.output).toMatch(/labResults/);
      expect(build.output).toContain('lab-broken-2026-01-01T000000Z');
      expect(build.output).toMatch(/startedAt/);
    } finally {
      removeFixture(build);
    }
  });
});
