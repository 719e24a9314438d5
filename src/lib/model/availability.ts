/**
 * Availability of quorum under independent member failures (a model, not a measurement).
 *
 * Each running member is down with probability p, independently of the others; members stopped
 * for maintenance are down with certainty. The cluster has lost quorum when fewer than
 * quorum(n) = ⌊n/2⌋ + 1 members are up (etcd FAQ,
 * etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65). With m = n − k running members
 * and q = quorum(n):
 *
 *   P(lost quorum) = Σ_{j=0}^{q−1} C(m, j) (1−p)^j p^(m−j)      (j = members up)
 *
 * Terms are evaluated in log space and combined with log-sum-exp, so tiny probabilities
 * (1e-40 and below) keep full relative precision; P(keep quorum) is summed from its own terms
 * rather than computed as 1 − P(lost), so neither suffers cancellation. Where P(keep quorum) is
 * below one half, P(lost) is 1 − P(keep): exactly 1 when fewer members run than quorum needs, never
 * a sum of terms that rounds to 0.9999999999999999.
 */
import { assertFinite, assertWhole } from './input.ts';
import { MAX_MEMBERS, MIN_MEMBERS, quorum } from './quorum.ts';

/** Minutes in a year of 365.25 days: 365.25 × 24 × 60 = 525,960. */
export const MINUTES_PER_YEAR = 525_960;

/**
 * Per-member unavailability from mean time between failures and mean time to repair:
 * p = MTTR / (MTBF + MTTR) (the steady-state fraction of time a member is down).
 *
 * @param mtbfHours - mean time between failures, hours, finite, ≥ 0.
 * @param mttrHours - mean time to repair, hours, finite, ≥ 0; MTBF + MTTR must be > 0.
 * @returns p in [0, 1].
 * @throws RangeError for negative, non-finite or all-zero input.
 */
export function unavailabilityFromMtbf(mtbfHours: number, mttrHours: number): number {
  assertFinite(mtbfHours, 0, Number.MAX_VALUE, 'MTBF (hours)');
  assertFinite(mttrHours, 0, Number.MAX_VALUE, 'MTTR (hours)');
  const total = mtbfHours + mttrHours;
  if (!(total > 0) || !Number.isFinite(total))
    throw new RangeError('MTBF + MTTR must be a finite number above 0 hours.');
  return mttrHours / total;
}

/** log C(m, j), exact enough for m ≤ 99 (sum of logs of the ratio terms). */
function logChoose(m: number, j: number): number {
  const r = Math.min(j, m - j);
  let s = 0;
  for (let i = 1; i <= r; i++) s += Math.log((m - r + i) / i);
  return s;
}

/** log Σ exp(x_i); −Infinity for an empty or all −Infinity list. */
function logSumExp(xs: number[]): number {
  const finite = xs.filter((x) => x > -Infinity);
  if (finite.length === 0) return -Infinity;
  const max = Math.max(...finite);
  // Sum from the smallest term up.
  const scaled = finite.map((x) => Math.exp(x - max)).sort((a, b) => a - b);
  let s = 0;
  for (const v of scaled) s += v;
  return max + Math.log(s);
}

/** log of the binomial term: j members up out of m, each down with probability p. */
function logTerm(m: number, j: number, logUp: number, logDown: number): number {
  const upPart = j === 0 ? 0 : logUp * j;
  const downPart = m - j === 0 ? 0 : logDown * (m - j);
  return logChoose(m, j) + upPart + downPart;
}

/** Result of {@link quorumLossProbability}. */
export interface QuorumAvailability {
  members: number;
  stopped: number;
  /** Per-running-member unavailability used. */
  p: number;
  quorum: number;
  /** Probability the cluster has lost quorum at a random instant, [0, 1]. */
  lostQuorum: number;
  /** Probability the cluster has quorum, [0, 1], summed from its own terms. */
  keepsQuorum: number;
  /** log10 of lostQuorum (finite even when lostQuorum underflows to 0); null when lostQuorum is exactly 0. */
  log10LostQuorum: number | null;
  /** "Nines" of availability, −log10(P(lost quorum)); null when P is exactly 0 (p = 0 with quorum running). */
  nines: number | null;
  /** Expected minutes per year without quorum: lostQuorum × 525,960. */
  minutesPerYearWithoutQuorum: number;
}

/**
 * Exact probability that `n` members with `k` stopped have lost quorum when each running member
 * is independently down with probability `p`.
 *
 * @param n - configured members, whole number 1–99.
 * @param p - per-member unavailability, finite, in [0, 1].
 * @param k - members stopped for maintenance, whole number 0–n (default 0).
 * @throws RangeError for out-of-range input.
 * Sources: quorum rule etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65; the binomial
 * sum follows from the independence assumption (a modelling choice, stated above).
 */
export function quorumLossProbability(n: number, p: number, k = 0): QuorumAvailability {
  assertWhole(n, MIN_MEMBERS, MAX_MEMBERS, 'Members');
  assertWhole(k, 0, n, 'Members stopped');
  assertFinite(p, 0, 1, 'Per-member unavailability p');
  const q = quorum(n);
  const m = n - k;
  const logUp = Math.log1p(-p); // log(1 − p); −Infinity at p = 1
  const logDown = Math.log(p); // −Infinity at p = 0
  const lost: number[] = [];
  const keep: number[] = [];
  for (let j = 0; j <= m; j++) (j < q ? lost : keep).push(logTerm(m, j, logUp, logDown));
  const logLost = logSumExp(lost);
  const logKeep = logSumExp(keep);
  const keepsQuorum = Math.min(1, Math.exp(logKeep));
  const nearOne = keepsQuorum < 0.5;
  const lostQuorum = nearOne ? 1 - keepsQuorum : Math.min(1, Math.exp(logLost));
  const log10Lost =
    logLost === -Infinity
      ? null
      : nearOne
        ? keepsQuorum === 0
          ? 0
          : Math.log1p(-keepsQuorum) / Math.LN10
        : Math.min(0, logLost / Math.LN10);
  return {
    members: n,
    stopped: k,
    p,
    quorum: q,
    lostQuorum,
    keepsQuorum,
    log10LostQuorum: log10Lost,
    nines: log10Lost === null ? null : log10Lost === 0 ? 0 : -log10Lost,
    minutesPerYearWithoutQuorum: lostQuorum * MINUTES_PER_YEAR,
  };
}

/** One point of a chart series. */
export interface SeriesPoint {
  p: number;
  lostQuorum: number;
  /** log10 of lostQuorum; always finite for p > 0. */
  log10LostQuorum: number;
}

/** One line of the chart: P(lost quorum) against p for a member count. */
export interface LostQuorumSeries {
  members: number;
  points: SeriesPoint[];
}

/** Options for {@link lostQuorumSeries}; every field has a default. */
export interface SeriesOptions {
  /** Member counts, each 1–99 (default [1, 3, 5, 7]). */
  members?: readonly number[];
  /** Smallest p, in (0, 1) (default 1e-4). */
  pMin?: number;
  /** Largest p, in (pMin, 1] (default 0.5). */
  pMax?: number;
  /** Points per series, 2–1000, log-spaced from pMin to pMax inclusive (default 49). */
  points?: number;
  /** Members stopped, applied to every series; must be ≤ each member count (default 0). */
  stopped?: number;
}

/**
 * Data for the chart of P(lost quorum) against per-member unavailability p on log–log axes:
 * one series per member count over a log-spaced p grid (default 1e-4 … 0.5, 49 points,
 * i.e. 12 points per decade-ish). Data only: no drawing.
 *
 * @throws RangeError for options out of range.
 */
export function lostQuorumSeries(options: SeriesOptions = {}): LostQuorumSeries[] {
  const members = options.members ?? [1, 3, 5, 7];
  const pMin = options.pMin ?? 1e-4;
  const pMax = options.pMax ?? 0.5;
  const count = options.points ?? 49;
  const k = options.stopped ?? 0;
  assertFinite(pMin, Number.MIN_VALUE, 1, 'Smallest p');
  assertFinite(pMax, pMin, 1, 'Largest p');
  assertWhole(count, 2, 1000, 'Points');
  const lo = Math.log10(pMin);
  const hi = Math.log10(pMax);
  const grid = Array.from({ length: count }, (_, i) =>
    i === 0 ? pMin : i === count - 1 ? pMax : 10 ** (lo + ((hi - lo) * i) / (count - 1)),
  );
  return members.map((n) => ({
    members: n,
    points: grid.map((p) => {
      const r = quorumLossProbability(n, p, k);
      return { p, lostQuorum: r.lostQuorum, log10LostQuorum: r.log10LostQuorum ?? -Infinity };
    }),
  }));
}
