/**
 * The committed lab results, parsed, and the one a lab element draws: its `run`, else the run
 * declared in src/lib/lab/drawn-runs.ts, never silently the newest file. Shared by `<LabFigure>`
 * and `<LabFact>`, so that a figure and the sentence quoting it read the same run.
 */
import { isBackupKind } from '../../lib/lab/backup-result.ts';
import { chooseLabRun, undeclaredNewerRuns } from '../../lib/lab/choose-run.ts';
import { DRAWN_LAB_RUN } from '../../lib/lab/drawn-runs.ts';
import { parseLabResult, type LabResult } from '../../lib/lab/result.ts';

export interface DrawnRun {
  name: string;
  result: LabResult;
}

const files = import.meta.glob<unknown>('../../../content/lab-results/*.json', { import: 'default', eager: true });

/** Every committed lab run (backup measurements have a shape of their own). @throws Error naming a malformed file. */
let parsed: DrawnRun[] | undefined;
export function labRuns(): DrawnRun[] {
  return (parsed ??= Object.entries(files)
    .filter(([, data]) => !isBackupKind(data))
    .map(([path, data]) => {
      const name = path.replace(/^.*\//, '').replace(/\.json$/, '');
      return { name, result: parseLabResult(data, `content/lab-results/${name}.json`) };
    }));
}

/**
 * The run an element draws.
 * @param element - the element as written, e.g. `<LabFigure figure="writes">`, for the error.
 * @throws Error when the declared (or named) run is not committed, saying how to fix it.
 */
export function drawnRun(element: string, run?: string): DrawnRun {
  const chosen = chooseLabRun(labRuns(), DRAWN_LAB_RUN, run);
  if (chosen) return chosen;
  throw new Error(
    run === undefined
      ? `${element}: the declared run content/lab-results/${DRAWN_LAB_RUN}.json (src/lib/lab/drawn-runs.ts) does not exist. Run \`npm run lab\`, commit its JSON and declare it.`
      : `${element}: content/lab-results/${run}.json does not exist.`,
  );
}

/** Committed runs newer than the declared one, which nothing draws until someone declares one. */
export function undrawnNewerRuns(): DrawnRun[] {
  return undeclaredNewerRuns(labRuns(), DRAWN_LAB_RUN);
}
