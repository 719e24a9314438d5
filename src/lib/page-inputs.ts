/**
 * What a page says depends on more than its MDX: the model modules that compute its tables and
 * calculators, and the lab results its figures draw. This lists those inputs, so that the page's
 * "Last updated" moves when any of them changes (src/lib/page-history.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageModules } from './module-graph.ts';
import { USAGE_PATHS } from './project-paths.ts';
import { chooseLabRun, type NamedRun } from './lab/choose-run.ts';
import { DRAWN_LAB_RUN } from './lab/drawn-runs.ts';

/** Where committed lab results live. */
const LAB_RESULTS = 'content/lab-results';
/** Which reached modules count as the page's content: the model and the content tree. */
const CONTENT_INPUTS = /^(src\/lib\/model\/|content\/)/;

/** Every committed lab result: its name and the two fields the figures' choice reads. */
async function labRuns(root: string): Promise<NamedRun[]> {
  const names = (await readdir(join(root, LAB_RESULTS)).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  return Promise.all(
    names.map(async (n) => {
      const data = JSON.parse(await readFile(join(root, LAB_RESULTS, n), 'utf8')) as {
        kind?: unknown;
        startedAt?: unknown;
      };
      return {
        name: n.slice(0, -'.json'.length),
        result: { kind: String(data.kind), startedAt: String(data.startedAt) },
      };
    }),
  );
}

/** The lab result files a page's `<LabFigure>` and `<LabFact>` elements draw (each element's `run`, else the declared run). */
function labResultsDrawn(runs: readonly NamedRun[], mdx: string): string[] {
  const figures = [...mdx.matchAll(/<Lab(?:Figure|Fact)\b[^>]*>/g)].map((m) => /\brun="([^"]+)"/.exec(m[0])?.[1]);
  const chosen = figures.map((run) => chooseLabRun(runs, DRAWN_LAB_RUN, run)).filter((r) => r !== undefined);
  return [...new Set(chosen.map((r) => `${LAB_RESULTS}/${r.name}.json`))];
}

/**
 * Each page's inputs: its MDX file, the model and content modules its imports (and its
 * calculators') reach, and the lab results it draws.
 * @param root - repository root.
 * @param pages - MDX files, relative to root (`content/docs/etcd-sizing.mdx`).
 * @returns per page, paths relative to root, the MDX file first, the rest sorted.
 * @throws the file system's error when an MDX file or a lab result cannot be read.
 */
export async function pageInputs(root: string, pages: readonly string[]): Promise<Map<string, string[]>> {
  const [modules, runs] = await Promise.all([pageModules(root, USAGE_PATHS, pages), labRuns(root)]);
  const out = new Map<string, string[]>();
  for (const page of pages) {
    const mdx = await readFile(join(root, page), 'utf8');
    const own = (modules.get(page) ?? []).filter((f) => f !== page && CONTENT_INPUTS.test(f));
    out.set(page, [page, ...[...new Set([...own, ...labResultsDrawn(runs, mdx)])].sort()]);
  }
  return out;
}
