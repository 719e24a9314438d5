/**
 * What a page says depends on more than its MDX: the model modules that compute its tables and
 * calculators, and the lab results its figures draw. This lists those inputs, so that the page's
 * "Last updated" moves when any of them changes (src/lib/page-history.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageModules } from './citations/source-usage.ts';
import { chooseLabRun } from './lab/choose-run.ts';

/** Where committed lab results live. */
const LAB_RESULTS = 'content/lab-results';
/** Which reached modules count as the page's content: the model and the content tree. */
const CONTENT_INPUTS = /^(src\/lib\/model\/|content\/)/;

/** The lab result files the page's `<LabFigure>` elements draw (each element's `run`, else the newest lab run). */
async function labResultsDrawn(root: string, mdx: string): Promise<string[]> {
  const figures = [...mdx.matchAll(/<LabFigure\b[^>]*>/g)].map((m) => /\brun="([^"]+)"/.exec(m[0])?.[1]);
  if (figures.length === 0) return [];
  const names = (await readdir(join(root, LAB_RESULTS)).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const runs = await Promise.all(
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
  const chosen = figures.map((run) => chooseLabRun(runs, run)).filter((r) => r !== undefined);
  return [...new Set(chosen.map((r) => `${LAB_RESULTS}/${r.name}.json`))];
}

/**
 * A page's inputs: its MDX file, the model and content modules its imports (and its calculators')
 * reach, and the lab results it draws.
 * @param root - repository root.
 * @param page - the page's MDX file, relative to root (`content/docs/etcd-sizing.mdx`).
 * @returns paths relative to root, the MDX file first, the rest sorted.
 * @throws the file system's error when the MDX file cannot be read.
 */
export async function pageInputs(root: string, page: string): Promise<string[]> {
  const mdx = await readFile(join(root, page), 'utf8');
  const modules = (await pageModules(root, page)).filter((f) => f !== page && CONTENT_INPUTS.test(f));
  const rest = [...new Set([...modules, ...(await labResultsDrawn(root, mdx))])].sort();
  return [page, ...rest];
}
