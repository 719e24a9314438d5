/**
 * Membership changes of an etcd cluster, step by step: replace a member, grow or shrink the
 * cluster, with or without learners. Each step is one `etcdctl member …` call or the start of a
 * new member, and each gets the quorum arithmetic of ./quorum.ts and the verdict of the checks
 * etcd v3.7.0 runs before it accepts a membership change.
 *
 * Rules and their sources (etcd-io/etcd v3.7.0; the chapter content/docs/membership.mdx cites the lines):
 * - Quorum is ⌊n/2⌋ + 1 of the configured voting members; learners do not count
 *   (server/etcdserver/api/membership/cluster.go, VotingMembers).
 * - `--strict-reconfig-check` is on by default (server/embed/config.go, DefaultStrictReconfigCheck).
 *   With it, server/etcdserver/server.go refuses:
 *   - adding any member (voter or learner) unless the member handling the request has been
 *     connected for at least HealthInterval to a quorum of the voting members plus one
 *     (mayAddMember, util.go isConnectedToQuorumAfterAddingNewMemberSince; a one-member cluster
 *     may always add);
 *   - adding a voter unless the members that have ever started make a quorum of the enlarged
 *     cluster (cluster.go IsReadyToAddVotingMember);
 *   - removing a voter unless the other started voters make a quorum of the smaller cluster
 *     (IsReadyToRemoveVotingMember) and, when the removed member is running, unless the running
 *     members other than it still make that quorum (mayRemoveMember); a member that is down may
 *     always be removed once the first condition holds;
 *   - promoting a learner unless the started voters plus the learner make a quorum of the enlarged
 *     cluster (IsReadyToPromoteMember).
 * - Whatever the check: at most DefaultMaxLearners learners (cluster_opts.go), and a learner is
 *   promoted only once its log has reached readyPercentThreshold of the leader's (server.go
 *   isLearnerReady).
 * - A membership change is a Raft proposal: without a quorum of running voters nothing commits.
 *
 * Simplifications, stated so the numbers can be checked: every running member is connected to the
 * member that handles the request and has been for longer than HealthInterval (the plan waits for
 * that after each start); a member that is down has started before (so it counts as started, as
 * etcd counts it); and the member handling a request is a running voter.
 */
import { assertWhole } from './input.ts';
import { MAX_MEMBERS, maintenanceTolerance, quorum } from './quorum.ts';

/** What the reader wants to do. */
export type MembershipPlan = 'replace' | 'grow' | 'shrink';
/** For a replacement: remove the old member first (the etcd FAQ's order) or add the new one first. */
export type ReplaceOrder = 'remove-first' | 'add-first';

/**
 * Learners etcd allows by default (`--max-learners`): DefaultMaxLearners in
 * server/etcdserver/api/membership/cluster_opts.go at v3.7.0. The plans add one at a time, so they
 * never exceed it (a property the unit tests check); the calculator names it in its reasoning.
 */
export const DEFAULT_MAX_LEARNERS = 1;

/** What {@link planMembership} takes. */
export interface MembershipInput {
  plan: MembershipPlan;
  /** Voting members at the start, whole number 1–99 (2–99 to replace one). */
  members: number;
  /** Voting members wanted at the end, for grow (members+1–99) and shrink (1–members−1); ignored to replace. */
  target: number;
  /** Voting members down at the start (failed or stopped, still configured), 0–members. */
  down: number;
  /** Whether new members join as learners and are promoted once caught up. */
  learners: boolean;
  /** Order of the two changes of a replacement; ignored otherwise. */
  order: ReplaceOrder;
}

/** What a step does. */
export type StepAction =
  | 'start'
  | 'remove-down'
  | 'remove-running'
  | 'add-voter'
  | 'add-learner'
  | 'start-voter'
  | 'start-learner'
  | 'promote';

/** One step, and the cluster after it. */
export interface MembershipStep {
  /** 0 for the starting state, then 1, 2, … */
  index: number;
  action: StepAction;
  /** What the operator runs, e.g. `etcdctl member remove <id>`; null for the starting state. */
  command: string | null;
  /** One sentence: what happens and what to wait for. */
  description: string;
  /** Configured voting members after the step. */
  voters: number;
  /** Voting members running after the step. */
  running: number;
  /** Learners after the step. */
  learners: number;
  /** ⌊voters/2⌋ + 1. */
  quorum: number;
  /** Failures the configuration tolerates with every voter running: voters − quorum. */
  tolerance: number;
  /** running − quorum: further failures tolerated now; negative when quorum is lost. */
  margin: number;
  hasQuorum: boolean;
  /**
   * Why etcd v3.7.0 refuses this step with its default settings, or null when it accepts it. The
   * numbers after a refused step are those the cluster would have if the step were forced
   * (`--strict-reconfig-check=false`), to show what the check protects against.
   */
  refusal: string | null;
}

/** What {@link planMembership} returns. */
export interface MembershipResult {
  input: MembershipInput;
  steps: MembershipStep[];
  /** Index of the first step etcd refuses by default, or null. */
  refusedAt: number | null;
  /** Index of the first step after which the cluster has no quorum, or null. */
  quorumLostAt: number | null;
  /** Smallest margin over the steps after the start (the tightest moment of the plan). */
  smallestMargin: number;
  /** Whether the start already lacks a quorum: then no membership change can commit. */
  noQuorumAtStart: boolean;
  /** One or two sentences for the result. */
  summary: string;
  /** Things the reader should know about the input (an even target, down members during a grow). */
  notes: string[];
}

/** The cluster between two steps. */
export interface ClusterState {
  /** Configured voting members. */
  voters: number;
  /** Voting members running (and connected to the member handling requests). */
  running: number;
  /** Voters added but not started yet (they do not count as started). */
  unstarted: number;
  learners: number;
}
type State = ClusterState;

/** A step before its numbers are filled in: how it changes the state and what etcd checks. */
interface Move {
  action: Exclude<StepAction, 'start'>;
  command: string;
  description: string;
  apply(s: State): State;
  refusal(s: State): string | null;
}

const REFUSED_UNHEALTHY = 'etcdserver: unhealthy cluster';
const REFUSED_NOT_STARTED = 'etcdserver: re-configuration failed due to not enough started members';

/** Refusal of an add (voter or learner) by the connectivity part of the strict check. */
function addConnectivity(s: State, what: string): string | null {
  if (s.voters === 1) return null;
  const need = quorum(s.voters + 1);
  if (s.running >= need) return null;
  return (
    `Refused (${REFUSED_UNHEALTHY}): adding ${what} makes ${s.voters + 1} members count for the check, ` +
    `whose quorum is ${need}, and only ${s.running} ${s.running === 1 ? 'is' : 'are'} running; the strict reconfig check counts the new member as down until it has joined.`
  );
}

function addVoter(): Move {
  return {
    action: 'add-voter',
    command: 'etcdctl member add <new-name> --peer-urls=<new-peer-url>',
    description:
      'Register the new member as a voter. It counts towards the quorum at once, before its etcd has started.',
    apply: (s) => ({ ...s, voters: s.voters + 1, unstarted: s.unstarted + 1 }),
    refusal(s) {
      const started = s.voters - s.unstarted;
      const need = quorum(s.voters + 1);
      if (!(started === 1 && s.voters === 1) && started < need)
        return `Refused (${REFUSED_NOT_STARTED}): ${started} started voters are fewer than the quorum of ${need} that ${s.voters + 1} members need.`;
      return addConnectivity(s, 'a voter');
    },
  };
}

function startVoter(): Move {
  return {
    action: 'start-voter',
    command: 'etcd --initial-cluster-state=existing …; etcdctl endpoint health',
    description:
      'Start etcd on the new machine, joining the existing cluster, and wait until it reports healthy before the next change.',
    apply: (s) => ({ ...s, running: s.running + 1, unstarted: s.unstarted - 1 }),
    refusal: () => null,
  };
}

function addLearner(): Move {
  return {
    action: 'add-learner',
    command: 'etcdctl member add <new-name> --peer-urls=<new-peer-url> --learner',
    description: 'Register the new member as a learner: it will receive the log but has no vote, so the quorum stays.',
    apply: (s) => ({ ...s, learners: s.learners + 1 }),
    refusal(s) {
      // The plans promote each learner before adding the next, so only a direct check reaches this.
      if (s.learners + 1 > DEFAULT_MAX_LEARNERS)
        return `Refused (etcdserver: too many learner members in cluster): etcd allows ${DEFAULT_MAX_LEARNERS} learner by default.`;
      return addConnectivity(s, 'a learner');
    },
  };
}

function startLearner(): Move {
  return {
    action: 'start-learner',
    command: 'etcd --initial-cluster-state=existing …; etcdctl endpoint status',
    description:
      'Start etcd on the new machine and wait until the learner has caught up with the leader’s log: promotion is refused before that.',
    apply: (s) => s,
    refusal: () => null,
  };
}

function promote(): Move {
  return {
    action: 'promote',
    command: 'etcdctl member promote <new-id>',
    description:
      'Promote the learner to a voter: from now on it counts towards the quorum. Wait until it reports healthy before the next change.',
    apply: (s) => ({ ...s, voters: s.voters + 1, running: s.running + 1, learners: s.learners - 1 }),
    refusal(s) {
      // IsReadyToPromoteMember: started voters plus the learner against the quorum of voters + 1.
      const started = s.voters - s.unstarted + 1;
      const need = quorum(s.voters + 1);
      if (started >= need) return null;
      return `Refused (${REFUSED_NOT_STARTED}): ${started} started members including the learner are fewer than the quorum of ${need}.`;
    },
  };
}

/** Refusal of removing a voter by IsReadyToRemoveVotingMember: the other started voters against the smaller quorum. */
function removeStarted(s: State): string | null {
  const others = s.voters - 1;
  const started = others - s.unstarted;
  const need = quorum(others);
  if (started >= need) return null;
  return `Refused (${REFUSED_NOT_STARTED}): ${started} other started voters are fewer than the quorum of ${need} that ${others} members need.`;
}

function removeDown(): Move {
  return {
    action: 'remove-down',
    command: 'etcdctl member remove <down-id>',
    description: 'Remove a member that is down. It no longer counts towards the quorum.',
    apply: (s) => ({ ...s, voters: s.voters - 1 }),
    refusal: removeStarted,
  };
}

function removeRunning(): Move {
  return {
    action: 'remove-running',
    command: 'etcdctl member remove <running-id>; then stop etcd on that machine',
    description: 'Remove a running member, then stop it. If it was the leader, the others elect a new one.',
    apply: (s) => ({ ...s, voters: s.voters - 1, running: s.running - 1 }),
    refusal(s) {
      const first = removeStarted(s);
      if (first) return first;
      const need = quorum(s.voters - 1);
      if (s.running - 1 >= need) return null;
      return `Refused (${REFUSED_UNHEALTHY}): without the removed member ${s.running - 1} running members are left, fewer than the quorum of ${need} that ${s.voters - 1} members need.`;
    },
  };
}

const MOVES: Readonly<Record<Exclude<StepAction, 'start'>, () => Move>> = {
  'remove-down': removeDown,
  'remove-running': removeRunning,
  'add-voter': addVoter,
  'add-learner': addLearner,
  'start-voter': startVoter,
  'start-learner': startLearner,
  promote,
};

/**
 * Whether etcd v3.7.0, with its default settings, refuses one change in a given state: the rule
 * behind each "refuses" of {@link planMembership}, for any state, including those no plan reaches.
 *
 * @param action - the change (a start is never refused).
 * @param state - the cluster before it; counts are whole numbers with running ≤ voters.
 * @returns etcd's error and the arithmetic behind it, or null when etcd accepts the change.
 * @throws RangeError when the state is not a possible cluster.
 */
export function refusalOf(action: Exclude<StepAction, 'start'>, state: Readonly<ClusterState>): string | null {
  assertWhole(state.voters, 1, MAX_MEMBERS, 'Voting members');
  assertWhole(state.running, 0, state.voters, 'Running voting members');
  assertWhole(state.unstarted, 0, state.voters - state.running, 'Voters never started');
  assertWhole(state.learners, 0, MAX_MEMBERS, 'Learners');
  return MOVES[action]().refusal(state);
}

/** The moves that bring one new member in: as a learner then promoted, or as a voter. */
function joinMoves(learners: boolean): Move[] {
  return learners ? [addLearner(), startLearner(), promote()] : [addVoter(), startVoter()];
}

function movesFor(input: MembershipInput): Move[] {
  const { plan, members, target, down, learners, order } = input;
  if (plan === 'replace') {
    const remove = down > 0 ? removeDown() : removeRunning();
    return order === 'remove-first' ? [remove, ...joinMoves(learners)] : [...joinMoves(learners), remove];
  }
  if (plan === 'grow') return Array.from({ length: target - members }, () => joinMoves(learners)).flat();
  // Shrink: down members go first, since removing one never costs a running member.
  const count = members - target;
  return Array.from({ length: count }, (_, i) => (i < down ? removeDown() : removeRunning()));
}

function validate(input: MembershipInput): void {
  const { plan, members, target, down } = input;
  if (plan !== 'replace' && plan !== 'grow' && plan !== 'shrink')
    throw new RangeError(`Unknown plan "${String(plan)}"; use "replace", "grow" or "shrink".`);
  if (input.order !== 'remove-first' && input.order !== 'add-first')
    throw new RangeError(`Unknown order "${String(input.order)}"; use "remove-first" or "add-first".`);
  if (plan === 'replace') assertWhole(members, 2, MAX_MEMBERS, 'Members to replace one of');
  else assertWhole(members, 1, MAX_MEMBERS, 'Members at the start');
  assertWhole(down, 0, members, 'Members down at the start');
  if (plan === 'grow') assertWhole(target, members + 1, MAX_MEMBERS, 'Members after growing');
  if (plan === 'shrink') assertWhole(target, 1, members - 1, 'Members after shrinking');
}

const snapshot = (index: number, s: State): Omit<MembershipStep, 'action' | 'command' | 'description' | 'refusal'> => {
  const t = maintenanceTolerance(s.voters, s.voters - s.running);
  return {
    index,
    voters: s.voters,
    running: s.running,
    learners: s.learners,
    quorum: t.quorum,
    tolerance: t.toleranceWhenAllRunning,
    margin: t.margin,
    hasQuorum: t.hasQuorum,
  };
};

/**
 * Steps of a membership change, with the quorum, the failures tolerated and the margin after each,
 * and the steps etcd v3.7.0 refuses with its default `--strict-reconfig-check`.
 *
 * @param input - the plan (see {@link MembershipInput} for the ranges).
 * @returns the starting state as step 0, then one step per change; see {@link MembershipResult}.
 * @throws RangeError when a count is out of range for the plan (e.g. a grow whose target is not
 *   above the start) or the plan or order is unknown; the message names the input.
 */
export function planMembership(input: MembershipInput): MembershipResult {
  validate(input);
  let state: State = { voters: input.members, running: input.members - input.down, unstarted: 0, learners: 0 };
  const steps: MembershipStep[] = [
    {
      ...snapshot(0, state),
      action: 'start',
      command: null,
      description: `${input.members} voting ${input.members === 1 ? 'member' : 'members'}, ${input.down} down.`,
      refusal: null,
    },
  ];
  const notes: string[] = [];
  const noQuorumAtStart = !steps[0]!.hasQuorum;
  if (noQuorumAtStart) {
    return {
      input,
      steps,
      refusedAt: null,
      quorumLostAt: 0,
      smallestMargin: steps[0]!.margin,
      noQuorumAtStart,
      summary: `No quorum at the start: ${state.running} of ${state.voters} running against a quorum of ${steps[0]!.quorum}. No membership change can commit; restore from a snapshot or restart one survivor with --force-new-cluster, then grow again.`,
      notes,
    };
  }
  for (const move of movesFor(input)) {
    const refusal = move.refusal(state);
    if (move.action === 'add-voter' && state.voters === 1 && notes.length === 0)
      notes.push(
        'etcd lets a one-member cluster add a second voter unchecked (the way a cluster restored from a snapshot grows): the two members have no quorum until the new one runs.',
      );
    state = move.apply(state);
    steps.push({
      ...snapshot(steps.length, state),
      action: move.action,
      command: move.command,
      description: move.description,
      refusal,
    });
  }
  const changes = steps.slice(1);
  const refused = changes.find((s) => s.refusal !== null);
  const lost = changes.find((s) => !s.hasQuorum);
  const smallestMargin = Math.min(...changes.map((s) => s.margin));
  const end = steps[steps.length - 1]!;
  if (input.plan !== 'replace' && end.voters % 2 === 0)
    notes.push(`${end.voters} members tolerate no more failures than ${end.voters - 1}: an even count buys nothing.`);
  if (input.plan === 'grow' && input.down > 0)
    notes.push(
      `${input.down} ${input.down === 1 ? 'member is' : 'members are'} down and still counted: replace ${input.down === 1 ? 'it' : 'them'} (remove first) before growing.`,
    );
  let summary: string;
  if (refused) {
    summary = `etcd refuses step ${refused.index} by default (strict reconfig check).`;
    summary += lost
      ? ` Forced with --strict-reconfig-check=false, the cluster would have no quorum after step ${lost.index}.`
      : ' Change the order or replace down members first.';
  } else if (lost) {
    summary = `The cluster has no quorum after step ${lost.index}.`;
  } else {
    summary =
      `${changes.length} ${changes.length === 1 ? 'step' : 'steps'}, each accepted by etcd; quorum holds throughout, ` +
      `with at worst ${smallestMargin === 0 ? 'no further failure' : smallestMargin === 1 ? '1 further failure' : `${smallestMargin} further failures`} tolerated. ` +
      `The cluster ends with ${end.voters} voting ${end.voters === 1 ? 'member' : 'members'}, tolerating ${end.tolerance}.`;
  }
  return {
    input,
    steps,
    refusedAt: refused?.index ?? null,
    quorumLostAt: lost?.index ?? null,
    smallestMargin,
    noQuorumAtStart,
    summary,
    notes,
  };
}
