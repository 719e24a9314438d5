/**
 * Which committed lab result a figure draws: the one a `<LabFigure run="…">` names, or else the
 * declared run (drawn-runs.ts), never simply the newest file: a new result replaces the figures
 * only when someone declares it. One rule for the figure itself (src/components/lab/LabFigure.astro)
 * and for the page's "Last updated" (src/lib/page-inputs.ts).
 */

/** A committed result: its file name without `.json`, and the fields the choice reads. */
export interface NamedRun {
  name: string;
  result: { kind: string; startedAt: string };
}

/**
 * @param runs - every result in content/lab-results/.
 * @param declared - the names the figures draw by default (DRAWN_LAB_RUN).
 * @param run - the name a `<LabFigure run="…">` gives, if any.
 * @returns the chosen run, or undefined when the named or declared file does not exist.
 */
export function chooseLabRun<R extends NamedRun>(runs: readonly R[], declared: string, run?: string): R | undefined {
  return runs.find((r) => r.name === (run ?? declared));
}

/**
 * Lab runs newer than the declared one and not drawn: the build names them, so that a new result
 * is drawn by a decision (declaring it), not silently, and not forgotten either.
 */
export function undeclaredNewerRuns<R extends NamedRun>(runs: readonly R[], declared: string): R[] {
  const d = runs.find((r) => r.name === declared);
  if (!d) return [];
  return runs.filter((r) => r.result.kind === 'lab' && r.name !== declared && r.result.startedAt > d.result.startedAt);
}
