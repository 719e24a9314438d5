import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createRepo,
  madeUpLines,
  startFakeGitHub,
  type FakeGitHub,
  type FixtureRepo,
} from '../helpers/fake-github/index.ts';
import { createFixtureSite, removeFixture, runIn } from '../helpers/fixture-site.ts';
import { ROOT } from '../helpers/paths.ts';

/**
 * The citation engine inside `npm run build`: a fixture site cites a made-up
 * repository served by the loopback fake GitHub; a stale citation must stop
 * the build with a message that names the MDX file and line.
 */
const TOKEN = 'ghp_fixtureTokenThatMustNeverLeak0123456789';
const prose = 'This fixture page proves that a stale citation fails the build with a message that names it. '.repeat(3);
const page = (citation: string) =>
  `---\ntitle: Fixture\n---\nimport Cite from '../../src/components/Cite.astro';\nimport Excerpt from '../../src/components/Excerpt.astro';\n\n${prose}\n\n${citation}\n`;
const lines = madeUpLines(30, 'widget');
const ref = 'acme/widgets@v1.0.0:src/widget.go#L10-L12';
const citeGood = `<Excerpt ref="${ref}" expect={${JSON.stringify(['step10 := compute(', 'step12 := compute('])}} context={1} />`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('citations in npm run build', () => {
  let github: FakeGitHub;
  let repo: FixtureRepo;
  let site: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    repo = createRepo('widgets');
    repo.commit({ 'src/widget.go': lines.join('\n') + '\n' });
    repo.tag('v1.0.0', { annotated: true });
    github = await startFakeGitHub({ 'acme/widgets': repo.dir });
    env = { GITHUB_API_URL: github.url, GITHUB_TOKEN: TOKEN };
    site = createFixtureSite({ 'index.mdx': page(citeGood) });
    const pin = await runIn(site, 'node', [join(ROOT, 'scripts/cite.ts'), 'pin', '--root', site], env);
    expect(pin.status, pin.output).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await github?.close();
    repo?.remove();
    if (site) removeFixture({ dir: site, status: 0, output: '' });
  });

  it('builds, shows the verified excerpt, and leaks the token nowhere', async () => {
    const build = await runIn(site, 'npx', ['--no', 'astro', 'build'], env);
    expect(build.status, build.output).toBe(0);
    const html = readFileSync(join(site, 'dist/index.html'), 'utf8');
    expect(html).toContain('verified against');
    expect(html).toContain('step11');
    expect(build.output).not.toContain(TOKEN);
    for (const file of [
      ...filesUnder(join(site, 'dist')),
      join(site, 'citations.lock.json'),
      ...filesUnder(join(site, '.cache')),
    ]) {
      expect(readFileSync(file).includes(TOKEN), file).toBe(false);
    }
  }, 180_000);

  it('fails when an expect fragment is no longer in the cited lines, naming file, line and fix', async () => {
    writeFileSync(
      join(site, 'content/docs/index.mdx'),
      page(`See <Cite ref="${ref}" expect="a fragment that is not there" />.`),
    );
    const build = await runIn(site, 'npx', ['--no', 'astro', 'build'], env);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('content/docs/index.mdx:9');
    expect(build.output).toContain('a fragment that is not there');
  }, 180_000);

  it('fails on a <Cite> the extractor cannot see (inside an expression), instead of showing it unchecked', async () => {
    writeFileSync(
      join(site, 'content/docs/index.mdx'),
      page(`${citeGood}\n\n{true && <Cite ref="acme/widgets@v9.9.9:src/widget.go#L1" expect="nothing" />}`),
    );
    const build = await runIn(site, 'npx', ['--no', 'astro', 'build'], env);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      '<Cite ref="acme/widgets@v9.9.9:src/widget.go#L1"> on / was not found by the citation extractor',
    );
  }, 180_000);

  it('fails when the tag moved to another commit', async () => {
    writeFileSync(join(site, 'content/docs/index.mdx'), page(citeGood));
    repo.commit({ 'src/widget.go': ['inserted', ...lines].join('\n') + '\n' });
    repo.tag('v1.0.0', { annotated: true });
    const build = await runIn(site, 'npx', ['--no', 'astro', 'build'], env);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('content/docs/index.mdx:9');
    expect(build.output).toMatch(/moved|resolves to/);
  }, 180_000);
});
