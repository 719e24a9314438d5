/**
 * Which committed lab result a figure draws: the one it names, or else the newest lab run (by its
 * `startedAt`; probe results are never chosen by default). One rule for the figure itself
 * (src/components/lab/LabFigure.astro) and for the page's "Last updated" (src/lib/page-inputs.ts).
 */

/** A committed result: its file name without `.json`, and the two fields the choice reads. */
export interface NamedRun {
  name: string;
  result: { kind: string; startedAt: string };
}

/**
 * @param runs - every result in content/lab-results/.
 * @param run - the name a `<LabFigure run="…">` gives, if any.
 * @returns the chosen run, or undefined when there is none to draw.
 */
export function chooseLabRun<R extends NamedRun>(runs: readonly R[], run?: string): R | undefined {
  if (run !== undefined) return runs.find((r) => r.name === run);
  return runs
    .filter((r) => r.result.kind === 'lab')
    .sort((a, b) =>
      a.result.startedAt < b.result.startedAt ? 1 : a.result.startedAt > b.result.startedAt ? -1 : 0,
    )[0];
}
