/** One named step of a lab run, timed and logged; shared by the cluster run and the backup run. */
import { errorText } from './client.ts';

/**
 * Runs one step of a run: logs how long it took, or records the failure in `run.errors` (so the
 * result file lists it and the run goes on with the next step).
 *
 * @param run - anything with an `errors` list of `{ step, message }`.
 * @param name - the step's name, as the log and the result file give it.
 * @returns what `f` returned, or null when it threw.
 */
export async function step<T>(
  run: { errors: { step: string; message: string }[] },
  name: string,
  log: (l: string) => void,
  f: () => Promise<T>,
): Promise<T | null> {
  const t0 = performance.now();
  try {
    const r = await f();
    log(`  ${name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return r;
  } catch (e) {
    log(`  ${name}: FAILED: ${errorText(e)}`);
    run.errors.push({ step: name, message: errorText(e) });
    return null;
  }
}
