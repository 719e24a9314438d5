/** Field specs and fix-ups that several calculators' URL schemas share. */
import { MAX_MEMBERS } from '../quorum.ts';

/** A configured member count, 1 to MAX_MEMBERS. */
export const members = (d: number) => ({ kind: 'whole', min: 1, max: MAX_MEMBERS, default: d }) as const;
/** Members stopped for maintenance, 0 by default (at most the member count: see {@link clampStopped}). */
export const stopped = { kind: 'whole', min: 0, max: MAX_MEMBERS, default: 0 } as const;
/** A checkbox. */
export const bool = (d: boolean) => ({ kind: 'bool', default: d }) as const;

/** Cross-field rule of a state with members `n` and stopped members `k`: k is clamped to n. */
export function clampStopped(s: { n: number; k: number }, prefix: string, corrections: string[]): void {
  if (s.k <= s.n) return;
  corrections.push(`Link parameter "${prefix}k" exceeds the ${String(s.n)} members; using ${String(s.n)}.`);
  s.k = s.n;
}
