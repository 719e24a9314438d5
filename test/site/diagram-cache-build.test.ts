import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { createFixtureSite, removeFixture, runIn } from '../helpers/fixture-site.ts';

/**
 * Build-time SVG lives in the fixture's own `.cache/diagrams/`: a rebuild with unchanged diagrams
 * must not start Chromium (the build logs whether it did), a changed diagram is rendered again,
 * and a tampered cache entry is caught, reported and rendered again, never shipped.
 */
const prose = 'This page proves that build-time diagrams are cached between builds and checked when read. '.repeat(3);
const page = (label: string) =>
  `---\ntitle: Fixture\n---\n\n${prose}\n\n\`\`\`mermaid\nflowchart LR\n  accTitle: Cache fixture\n  accDescr: Two boxes joined by an arrow.\n  A[${label}] --> B[Second box]\n\`\`\`\n`;

describe.skipIf(!chromiumPathForTests())('diagram cache across builds', () => {
  let site: string;
  const build = async () => {
    const result = await runIn(site, 'npx', ['--no', 'astro', 'build'], { CITATIONS: 'off' });
    expect(result.status, result.output).toBe(0);
    return { output: result.output, html: readFileSync(join(site, 'dist/index.html'), 'utf8') };
  };
  const entries = () => readdirSync(join(site, '.cache/diagrams')).filter((f) => f.endsWith('.json'));

  beforeAll(() => {
    site = createFixtureSite({ 'index.mdx': page('First box') });
  });
  afterAll(() => {
    if (site) removeFixture({ dir: site, status: 0, output: '' });
  });

  it('renders on the first build and fills the cache', async () => {
    const { output, html } = await build();
    expect(output).toContain('Diagrams: 1 to inline SVG; 0 distinct from the cache, 1 rendered (Chromium started).');
    expect(html).toContain('diagram-rendered');
    expect(html).toContain('First box');
    expect(entries()).toHaveLength(1);
  }, 180_000);

  it('does not start Chromium when the diagrams did not change', async () => {
    const { output, html } = await build();
    expect(output).toContain(
      'Diagrams: 1 to inline SVG; 1 distinct from the cache, 0 rendered (Chromium not started).',
    );
    expect(html).toContain('diagram-rendered');
    expect(html).toContain('First box');
  }, 180_000);

  it('renders a changed diagram again', async () => {
    writeFileSync(join(site, 'content/docs/index.mdx'), page('Renamed box'));
    const { output, html } = await build();
    expect(output).toContain('0 distinct from the cache, 1 rendered (Chromium started).');
    expect(html).toContain('Renamed box');
    expect(html).not.toContain('First box');
  }, 180_000);

  it('catches a tampered entry, warns, and ships a fresh rendering instead', async () => {
    const key = entries().find((f) => readFileSync(join(site, '.cache/diagrams', f), 'utf8').includes('Renamed box'));
    expect(key, 'the previous build cached the renamed diagram').toBeDefined();
    const file = join(site, '.cache/diagrams', key!);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Renamed box', 'Tampered box'));
    const { output, html } = await build();
    expect(output).toContain(
      `.cache/diagrams/${key} was discarded and the diagram rendered again: its SVG does not match the hash recorded with it`,
    );
    expect(output).toContain('0 distinct from the cache, 1 rendered (Chromium started).');
    expect(html).not.toContain('Tampered box');
    expect(html).toContain('Renamed box');
  }, 180_000);
});
