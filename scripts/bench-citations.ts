/**
 * Benchmark (not a test): 1,000 synthetic citations across 50 files in 2 repositories,
 * served by the loopback fake GitHub. Prints requests and wall time for
 *   cold   — empty cache, no lock: `pin` (resolve refs, fetch each file once);
 *   cold verify — lock present, cache emptied;
 *   warm   — cache present: no content request, ≤ 1 conditional request per distinct ref;
 *   offline — verification from the cache only, no network.
 * Then the same for 500 Kubernetes staging citations whose cited release (v1.37.0) is not
 * published yet, read provisionally from a repository served as kubernetes/apiserver at v0.37.0-beta.0:
 * the cited tag's miss costs 3 requests (tag, branch, repository), the release line's tags 1, the
 * earlier tag 1 (+1 peel), and each file 1.
 * Goal: cold requests = distinct refs + distinct files (+1 per annotated tag peel);
 * each file is one contents request (JSON: tree entry and base64 bytes; a file over 1 MB would add
 * one blob request). Every byte read, from GitHub or the cache, is checked against its blob SHA.
 * Then two speed figures, each the best of three warm runs, MDX parsing included:
 *   the guide's own lock verified offline from .cache/citations (targets ≤ 0.5 s), and
 *   10,000 synthetic citations in 100 MDX files verified offline from the cache (target ≤ 1 s).
 * Run: node scripts/bench-citations.ts
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRepo, createSite, startFakeGitHub } from '../src/tooling/fake-github/index.ts';
import { loadModelInputs } from '../src/tooling/model-inputs.ts';
import { ROOT } from '../src/tooling/paths.ts';
import { runPin, runVerification } from '../src/lib/citations/index.ts';

const FILES_PER_REPO = 25;
const LINES = 400;
const CITATIONS = 1000;
const PAGES = 20;

const repos = [createRepo('bench-a'), createRepo('bench-b')];
const names = ['bench/alpha', 'bench/beta'];
repos.forEach((r, ri) => {
  const files: Record<string, string> = {};
  for (let f = 0; f < FILES_PER_REPO; f++) {
    files[`pkg/m${f}/file${f}.go`] =
      Array.from({ length: LINES }, (_, i) => `\tv${i + 1} := r${ri}f${f}(${i + 1}) // line ${i + 1}`).join('\n') +
      '\n';
  }
  r.commit(files);
  // One lightweight and one annotated tag: the annotated one costs one peel request.
  r.tag('v1.0.0', { annotated: ri === 1 });
});
const gh = await startFakeGitHub(Object.fromEntries(names.map((n, i) => [n, repos[i]!.dir])));
/** Spreads `count` citations over PAGES pages of a new site; `citeOf(n)` writes citation n. */
function siteWith(prefix: string, count: number, citeOf: (n: number) => string): ReturnType<typeof createSite> {
  const s = createSite();
  for (let p = 0; p < PAGES; p++) {
    const parts: string[] = [`# Page ${p}`, ''];
    for (let k = 0; k < count / PAGES; k++) {
      const n = p * (count / PAGES) + k;
      parts.push(`Claim ${n} ${citeOf(n)}.`, '');
    }
    s.page(`${prefix}${p}.mdx`, parts.join('\n'));
  }
  return s;
}
const site = siteWith('p', CITATIONS, (n) => {
  const ri = n % 2;
  const f = Math.floor(n / 2) % FILES_PER_REPO;
  const start = 1 + ((n * 7) % (LINES - 5));
  return `<Cite ref="${names[ri]}@v1.0.0:pkg/m${f}/file${f}.go#L${start}-L${start + (n % 4)}" expect="r${ri}f${f}(${start})" />`;
});

const env = { GITHUB_API_URL: gh.url };
const distinctFiles = names.length * FILES_PER_REPO;
const row = (label: string, ms: number, extra = ''): void => {
  const byEndpoint = ['ref', 'matching-refs', 'tag', 'contents', 'blob', 'repo']
    .map((e) => `${e}=${gh.count(e as 'ref')}`)
    .join(' ');
  console.log(
    `${label.padEnd(14)} ${ms.toFixed(0).padStart(6)} ms   requests=${String(gh.count()).padStart(3)} (${byEndpoint}; conditional=${gh.count(undefined, { conditional: true })})${extra}`,
  );
};
const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const r = await f();
  return [r, performance.now() - t];
};

console.log(
  `${CITATIONS} citations, ${PAGES} pages, ${distinctFiles} files in ${names.length} repos, ${names.length} distinct refs (1 annotated)`,
);
console.log(
  `expected cold requests: ${names.length} refs + 1 peel + ${distinctFiles} files = ${names.length + 1 + distinctFiles}\n`,
);

gh.reset();
const [pin, tPin] = await time(() => runPin({ root: site.root, env }));
row('cold pin', tPin, `   added=${pin.added.length} errors=${pin.errors.length}`);

rmSync(join(site.root, '.cache'), { recursive: true, force: true });
gh.reset();
const [cold, tCold] = await time(() => runVerification({ root: site.root, env, strict: true, offline: false }));
row(
  'cold verify',
  tCold,
  `   verified=${cold.citations.filter((c) => c.status === 'verified').length} errors=${cold.errors.length}`,
);

gh.reset();
const [warm, tWarm] = await time(() => runVerification({ root: site.root, env, strict: true, offline: false }));
row(
  'warm verify',
  tWarm,
  `   verified=${warm.citations.filter((c) => c.status === 'verified').length} errors=${warm.errors.length}`,
);

gh.reset();
const [off, tOff] = await time(() => runVerification({ root: site.root, env, strict: true, offline: true }));
row(
  'offline verify',
  tOff,
  `   verified=${off.citations.filter((c) => c.status === 'verified').length} errors=${off.errors.length}`,
);
// A second offline run shows the steady state once modules are loaded.
const [, tOff2] = await time(() => runVerification({ root: site.root, env, strict: true, offline: true }));
row('offline again', tOff2);

// Kubernetes staging citations, provisional at the nearest earlier tag of the release line.
const staging = createRepo('bench-apiserver');
const stagingFiles: Record<string, string> = {};
for (let f = 0; f < FILES_PER_REPO; f++) {
  stagingFiles[`pkg/s${f}/store${f}.go`] =
    Array.from({ length: LINES }, (_, i) => `\tw${i + 1} := s${f}(${i + 1}) // line ${i + 1}`).join('\n') + '\n';
}
staging.commit(stagingFiles);
staging.tag('v0.37.0-alpha.0', { annotated: true });
staging.tag('v0.37.0-beta.0', { annotated: true });
gh.setRepo('kubernetes/apiserver', staging.dir);
const K = 500;
const kSite = siteWith('k', K, (n) => {
  const f = n % FILES_PER_REPO;
  const start = 1 + ((n * 11) % (LINES - 5));
  return `<Cite ref="kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/s${f}/store${f}.go#L${start}-L${start + 1}" expect="s${f}(${start})" />`;
});
console.log(
  `\n${K} Kubernetes staging citations in ${FILES_PER_REPO} files; v1.37.0 not published, checked at v0.37.0-beta.0`,
);
console.log(
  `expected cold requests: 3 (the missing tag) + 1 (the line's tags) + 2 (the beta tag, annotated) + ${FILES_PER_REPO} files = ${6 + FILES_PER_REPO}\n`,
);
gh.reset();
const [kPin, tKPin] = await time(() => runPin({ root: kSite.root, env }));
row('cold pin', tKPin, `   provisional=${kPin.provisional.length} errors=${kPin.errors.length}`);
for (const [label, offline] of [
  ['warm verify', false],
  ['offline verify', true],
] as const) {
  gh.reset();
  const [v, t] = await time(() => runVerification({ root: kSite.root, env, strict: false, offline }));
  row(
    label,
    t,
    `   provisional=${v.citations.filter((c) => c.status === 'provisional').length} errors=${v.errors.length}`,
  );
}

/** Best of three runs of `f`, ms (the first run warms the cache and the module graph). */
const best = async (f: () => Promise<unknown>): Promise<number> => {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push((await time(f))[1]);
  return Math.min(...times);
};
const figure = (label: string, ms: number, targetMs: number, extra: string): void =>
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms (target ≤ ${targetMs} ms: ${ms <= targetMs ? 'met' : 'NOT MET'})${extra}`,
  );
console.log('\nSpeed (offline, warm cache, MDX parsing included; best of 3):\n');
// The guide itself, from the cache only: no mirror, no network.
const own = { root: ROOT, env: { CITATION_MIRRORS: '' }, strict: false, offline: true } as const;
const ownModel = await loadModelInputs(ROOT);
const ownRun = await runVerification({ ...own, model: ownModel });
const tOwn = await best(async () => runVerification({ ...own, model: await loadModelInputs(ROOT) }));
figure(
  "the guide's lock",
  tOwn,
  500,
  `   ${ownRun.citations.length} citations, ${ownRun.citations.filter((c) => c.status === 'verified').length} verified`,
);
const BIG = 10_000;
const bigSite = createSite();
for (let p = 0; p < 100; p++) {
  const parts = [`# Page ${p}`, ''];
  for (let k = 0; k < BIG / 100; k++) {
    const n = p * (BIG / 100) + k;
    const ri = n % 2;
    const f = Math.floor(n / 2) % FILES_PER_REPO;
    const start = 1 + ((n * 7) % (LINES - 5));
    parts.push(
      `Claim ${n} <Cite ref="${names[ri]}@v1.0.0:pkg/m${f}/file${f}.go#L${start}" expect="r${ri}f${f}(${start})" />.`,
      '',
    );
  }
  bigSite.page(`b${p}.mdx`, parts.join('\n'));
}
await runPin({ root: bigSite.root, env });
const bigRun = await runVerification({ root: bigSite.root, env, strict: true, offline: true });
const tBig = await best(() => runVerification({ root: bigSite.root, env, strict: true, offline: true }));
figure(
  `${BIG.toLocaleString('en-US')} citations in 100 MDX files`,
  tBig,
  1000,
  `   ${bigRun.citations.filter((c) => c.status === 'verified').length} verified, ${bigRun.errors.length} errors`,
);
bigSite.remove();

await gh.close();
site.remove();
kSite.remove();
staging.remove();
for (const r of repos) r.remove();
