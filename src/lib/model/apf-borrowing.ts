/**
 * APF's periodic re-division of seats among the limited priority levels (seat borrowing), as a model.
 *
 * Every `borrowingAdjustmentPeriod` (10 s) and after every digest of the APF configuration,
 * kube-apiserver's APF controller gives each limited level a new current limit:
 * kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go
 * (checked at kubernetes/apiserver v0.37.0-beta.0): `updateBorrowingLocked` at #L399-L496 builds one
 * allocation problem per level (lower bound max(floor, min(nominal, demand high-water mark)), upper
 * bound nominal + what it may borrow, target max(lower bound, smoothed demand)) and solves it with
 * `computeConcurrencyAllocation` in conc_alloc.go#L119-L257; the first call follows
 * `finishQueueSetReconfigsLocked` at apf_controller.go#L896-L910, so the seed value nominal −
 * ⌊lendable / 2⌋ set there never serves a request.
 */
import type { LevelSeats } from './apf.ts';

/** conc_alloc.go: a target below this is treated as this, so that no division is by zero. */
const MIN_TARGET = 0.001;
/** conc_alloc.go: slack in comparisons of sums. */
const EPSILON = 0.0000001;

/** One level's allocation problem: seats, as floats. */
export interface AllocItem {
  lowerBound: number;
  upperBound: number;
  target: number;
}

/** What {@link allocateConcurrency} found. */
export interface Allocation {
  /** Seats per item, in input order (floats; the controller rounds each to the nearest integer). */
  allocs: number[];
  /** The common proportion: an item not held at a bound gets target × fairProp. */
  fairProp: number;
}

/**
 * Divides `requiredSum` seats among items in proportion to their targets, each held within its
 * bounds: the unique solution computeConcurrencyAllocation (conc_alloc.go#L105-L118) documents.
 * The common case, where no bound binds, is computed exactly as upstream does
 * (requiredSum / Σ targets, then target × that); otherwise the piecewise-linear sum is solved on the
 * segment between two bound breakpoints, which agrees with upstream's sweep up to float rounding.
 *
 * @param requiredSum - seats to hand out, ≥ 0.
 * @param items - lowerBound ≥ 0, target ≥ lowerBound, upperBound ≥ lowerBound.
 * @returns one allocation per item and the proportion used.
 * @throws RangeError when an item breaks those rules, or the bounds cannot add up to requiredSum
 *   (the cases in which upstream returns an error).
 */
export function allocateConcurrency(requiredSum: number, items: readonly AllocItem[]): Allocation {
  if (requiredSum < 0) throw new RangeError('The seats to divide must not be negative.');
  let lowSum = 0;
  let highSum = 0;
  let targetSum = 0;
  const rel = items.map((item, i) => {
    if (item.lowerBound < 0) throw new RangeError(`Item ${i}: lower bound ${item.lowerBound} is negative.`);
    if (item.target < item.lowerBound)
      throw new RangeError(`Item ${i}: target ${item.target} is below its lower bound ${item.lowerBound}.`);
    if (item.upperBound < item.lowerBound)
      throw new RangeError(`Item ${i}: upper bound ${item.upperBound} is below its lower bound ${item.lowerBound}.`);
    const target = Math.max(item.target, MIN_TARGET);
    lowSum += item.lowerBound;
    highSum += item.upperBound;
    targetSum += target;
    return { target, lo: item.lowerBound / target, hi: item.upperBound / target };
  });
  if (lowSum - requiredSum > EPSILON)
    throw new RangeError(`The lower bounds add up to ${lowSum}, more than the ${requiredSum} seats to divide.`);
  if (requiredSum - highSum > EPSILON)
    throw new RangeError(`The upper bounds add up to ${highSum}, fewer than the ${requiredSum} seats to divide.`);
  if (requiredSum === 0) return { allocs: items.map(() => 0), fairProp: 0 };
  const loMax = Math.max(...rel.map((r) => r.lo));
  const hiMin = Math.min(...rel.map((r) => r.hi));
  if (lowSum - requiredSum > -EPSILON)
    return { allocs: items.map((i) => i.lowerBound), fairProp: Math.min(...rel.map((r) => r.lo)) };
  if (requiredSum - highSum > -EPSILON)
    return { allocs: items.map((i) => i.upperBound), fairProp: Math.max(...rel.map((r) => r.hi)) };
  const fair = requiredSum / targetSum;
  if (loMax <= fair && fair <= hiMin) return { allocs: rel.map((r) => r.target * fair), fairProp: fair };
  const clamp = (p: number) => rel.map((r) => r.target * Math.min(Math.max(p, r.lo), r.hi));
  const sumAt = (p: number) => clamp(p).reduce((s, a) => s + a, 0);
  const points = [...new Set(rel.flatMap((r) => [r.lo, r.hi]))].sort((a, b) => a - b);
  // The sum is monotone in p; lowSum < requiredSum < highSum, so some segment between two breakpoints holds it.
  let a = points[0] ?? 0;
  for (const b of points.slice(1)) {
    const [sa, sb] = [sumAt(a), sumAt(b)];
    if (sb >= requiredSum) {
      // Between two breakpoints every item is either at a bound or proportional, so the sum is linear.
      const p = sb === sa ? a : a + ((requiredSum - sa) * (b - a)) / (sb - sa);
      return { allocs: clamp(p), fairProp: p };
    }
    a = b;
  }
  return { allocs: clamp(a), fairProp: a };
}

/**
 * Each limited level's current limit with no demand anywhere: the state right after kube-apiserver
 * starts, and whenever the server has been idle for a while. Then every level's lower bound and
 * target are its floor (nominal − lendable), the exempt level uses nothing, and the controller
 * shares the nominal limits' sum out in proportion to the floors (apf_controller.go#L405-L431 and
 * #L439-L477). At the defaults that is about 2.33 × each floor: catch-all 30, node-high 170,
 * workload-low 56.
 *
 * @param levels - every level's seats (floor `min`, bound `max`, `nominal`), exempt included.
 * @returns seats per level in input order: null for the exempt level, which has no limit.
 */
export function idleLimits(levels: readonly Omit<LevelSeats, 'idle'>[]): (number | null)[] {
  const limited = levels.filter((l) => l.level.type === 'limited');
  // nominalCLSum: the exempt level's nominal limit is 0 at the defaults but counts like the others.
  const nominalSum = levels.reduce((s, l) => s + l.nominal, 0);
  const floorSum = limited.reduce((s, l) => s + l.min, 0);
  // remainingServerCL ≤ minCLSum: every level at its floor (only when nothing is lendable).
  const allocs =
    nominalSum <= floorSum
      ? limited.map((l) => l.min)
      : allocateConcurrency(
          nominalSum,
          limited.map((l) => ({ lowerBound: l.min, upperBound: l.max, target: l.min })),
        ).allocs;
  // Go's math.Round and Math.round agree on non-negative numbers.
  const byName = new Map(limited.map((l, i) => [l.level.name, Math.round(allocs[i] ?? l.min)]));
  return levels.map((l) => byName.get(l.level.name) ?? null);
}
