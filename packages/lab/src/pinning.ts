/**
 * Where the lab's processes run: with enough CPUs, each etcd member gets one of its own and the
 * load generator (the lab's process, with its delay-proxy threads) the rest, so that a figure
 * measures etcd and not members queueing for a shared core. With too few, nothing is pinned and
 * the result says why; the pages quote that beside the figures.
 */

/** What the lab does with its processes' CPUs, as the result records it (plus the CPUs, when pinned). */
export type PinningPlan =
  { pinned: true; reason: string; memberCpus: number[]; generatorCpus: string } | { pinned: false; reason: string };

/**
 * @param cpuCount - CPUs the lab may use (`os.availableParallelism()`), ≥ 1.
 * @param maxMembers - the largest cluster of the run.
 * @returns pinned when each member can have one CPU and the load generator at least two (its event
 *   loop and its proxy threads): member i on CPU i, the generator on the CPUs after the last member's.
 */
export function planPinning(cpuCount: number, maxMembers: number): PinningPlan {
  if (cpuCount < maxMembers + 2)
    return {
      pinned: false,
      reason: `${cpuCount} CPUs for up to ${maxMembers} members, the load generator and its proxies: too few to give each its own, so they share them`,
    };
  const generatorCpus = `${maxMembers}-${cpuCount - 1}`;
  return {
    pinned: true,
    reason: `member i on CPU i (0–${maxMembers - 1}), the load generator and its proxy threads on CPUs ${maxMembers}–${cpuCount - 1}`,
    memberCpus: Array.from({ length: maxMembers }, (_, i) => i),
    generatorCpus,
  };
}

/** A plan whose pinning could not be applied: recorded unpinned, with what failed. */
export function pinningFailed(plan: PinningPlan, why: string): PinningPlan {
  return {
    pinned: false,
    reason: `${plan.reason} was planned, but pinning failed (${why}), so processes share the CPUs`,
  };
}
