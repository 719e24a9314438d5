/**
 * The committed lab results, from the `labResults` content collection (content.config.ts, which
 * checks each against the result schema), and the one a lab element draws: its `run`, else the run
 * declared in src/lib/lab/drawn-runs.ts, never silently the newest file. Shared by `<LabFigure>`
 * and `<LabFact>`, so that a figure and the sentence quoting it read the same run.
 */
import { getCollection } from 'astro:content';
import { chooseLabRun, undeclaredNewerRuns } from '../../lib/lab/choose-run.ts';
import { DRAWN_LAB_RUN } from '../../lib/lab/drawn-runs.ts';
import type { LabResult } from '../../lib/lab/result.ts';

export interface DrawnRun {
  /** The file name without `.json`. */
  name: string;
  result: LabResult;
}

/** Every committed lab run and probe (backup measurements are a collection of their own). */
export async function labRuns(): Promise<DrawnRun[]> {
  return (await getCollection('labResults')).map((e) => ({ name: e.id, result: e.data }));
}

/**
 * The run an element draws.
 * @param element - the element as written, e.g. `<LabFigure figure="writes">`, for the error.
 * @throws Error when the declared (or named) run is not committed, saying how to fix it.
 */
export async function drawnRun(element: string, run?: string): Promise<DrawnRun> {
  const chosen = chooseLabRun(await labRuns(), DRAWN_LAB_RUN, run);
  if (chosen) return chosen;
  throw new Error(
    run === undefined
      ? `${element}: the declared run content/lab-results/${DRAWN_LAB_RUN}.json (src/lib/lab/drawn-runs.ts) does not exist. Run \`npm run lab\`, commit its JSON and declare it.`
      : `${element}: content/lab-results/${run}.json does not exist.`,
  );
}

/** Committed runs newer than the declared one, which nothing draws until someone declares one. */
export async function undrawnNewerRuns(): Promise<DrawnRun[]> {
  return undeclaredNewerRuns(await labRuns(), DRAWN_LAB_RUN);
}
