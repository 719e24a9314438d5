import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_MAX_LEARNERS,
  planMembership,
  refusalOf,
  type MembershipInput,
} from '../../../src/lib/model/membership.ts';
import { quorum } from '../../../src/lib/model/quorum.ts';

const base: MembershipInput = {
  plan: 'replace',
  members: 3,
  target: 5,
  down: 1,
  learners: false,
  order: 'remove-first',
};
const plan = (over: Partial<MembershipInput>) => planMembership({ ...base, ...over });
/** [action, voters, running, quorum, margin, refused] per step: the table the chapter prints. */
const rows = (over: Partial<MembershipInput>) =>
  plan(over).steps.map((s) => [s.action, s.voters, s.running, s.quorum, s.margin, s.refusal !== null]);

describe('replacing a failed member', () => {
  it('remove first: 3 → 2 → 3, quorum kept, every step accepted', () => {
    expect(rows({})).toEqual([
      ['start', 3, 2, 2, 0, false],
      ['remove-down', 2, 2, 2, 0, false],
      ['add-voter', 3, 2, 2, 0, false],
      ['start-voter', 3, 3, 2, 1, false],
    ]);
    const r = plan({});
    expect(r.refusedAt).toBeNull();
    expect(r.quorumLostAt).toBeNull();
    expect(r.smallestMargin).toBe(0);
    expect(r.summary).toMatch(/3 steps, each accepted.*ends with 3 voting members, tolerating 1/);
  });

  it('add first: etcd refuses the add (4 members need 3, 2 run); forced, quorum is lost until the new one starts', () => {
    expect(rows({ order: 'add-first' })).toEqual([
      ['start', 3, 2, 2, 0, false],
      ['add-voter', 4, 2, 3, -1, true],
      ['start-voter', 4, 3, 3, 0, false],
      ['remove-down', 3, 3, 2, 1, false],
    ]);
    const r = plan({ order: 'add-first' });
    expect(r.refusedAt).toBe(1);
    expect(r.quorumLostAt).toBe(1);
    expect(r.steps[1]!.refusal).toMatch(/unhealthy cluster.*quorum is 3, and only 2 are running/);
    expect(r.summary).toMatch(/refuses step 1.*no quorum after step 1/);
  });

  it('add first as a learner is refused too: the connectivity check counts the learner as a member', () => {
    const r = plan({ order: 'add-first', learners: true });
    expect(r.steps[1]!.action).toBe('add-learner');
    expect(r.steps[1]!.refusal).toMatch(/unhealthy cluster/);
    // The learner does not vote, so forcing it costs no quorum.
    expect(r.steps[1]!.hasQuorum).toBe(true);
  });

  it('remove first with a learner: the quorum changes only at the promotion', () => {
    expect(rows({ learners: true })).toEqual([
      ['start', 3, 2, 2, 0, false],
      ['remove-down', 2, 2, 2, 0, false],
      ['add-learner', 2, 2, 2, 0, false],
      ['start-learner', 2, 2, 2, 0, false],
      ['promote', 3, 3, 2, 1, false],
    ]);
    expect(plan({ learners: true }).steps[2]!.learners).toBe(1);
  });

  it('a healthy member of five is replaced with a margin of one throughout', () => {
    const r = plan({ members: 5, down: 0 });
    expect(r.steps.map((s) => s.action)).toEqual(['start', 'remove-running', 'add-voter', 'start-voter']);
    expect(r.smallestMargin).toBe(1);
    expect(r.refusedAt).toBeNull();
  });
});

describe('growing and shrinking', () => {
  it('3 → 5 with learners: one learner at a time, ending at a quorum of 3 with 2 tolerated', () => {
    const r = plan({ plan: 'grow', down: 0, learners: true });
    expect(r.steps.map((s) => s.action)).toEqual([
      'start',
      'add-learner',
      'start-learner',
      'promote',
      'add-learner',
      'start-learner',
      'promote',
    ]);
    expect(Math.max(...r.steps.map((s) => s.learners))).toBe(1);
    expect(r.steps.at(-1)).toMatchObject({ voters: 5, quorum: 3, tolerance: 2, margin: 2 });
    expect(r.refusedAt).toBeNull();
    expect(r.notes).toEqual([]);
  });

  it('3 → 5 with voters passes through 4 members with a margin of 0 before the new one starts', () => {
    const r = plan({ plan: 'grow', down: 0 });
    expect(r.steps[1]).toMatchObject({ action: 'add-voter', voters: 4, running: 3, quorum: 3, margin: 0 });
    expect(r.smallestMargin).toBe(0);
    expect(r.refusedAt).toBeNull();
  });

  it('growing with a member down is refused and says to replace it first', () => {
    const r = plan({ plan: 'grow', down: 1 });
    expect(r.refusedAt).toBe(1);
    expect(r.notes.join(' ')).toMatch(/1 member is down.*remove first/);
  });

  it('5 → 3 removes down members first; 5 → 4 is flagged as even', () => {
    const r = plan({ plan: 'shrink', members: 5, target: 3, down: 1 });
    expect(r.steps.map((s) => s.action)).toEqual(['start', 'remove-down', 'remove-running']);
    expect(r.steps.at(-1)).toMatchObject({ voters: 3, running: 3, margin: 1 });
    expect(plan({ plan: 'shrink', members: 5, target: 4, down: 0 }).notes.join(' ')).toMatch(/even count buys nothing/);
  });

  it('replacing a member of two passes through one member, and the unchecked add leaves two without quorum', () => {
    const r = plan({ members: 2, down: 0 });
    expect(rows({ members: 2, down: 0 })).toEqual([
      ['start', 2, 2, 2, 0, false],
      ['remove-running', 1, 1, 1, 0, false],
      ['add-voter', 2, 1, 2, -1, false],
      ['start-voter', 2, 2, 2, 0, false],
    ]);
    expect(r.quorumLostAt).toBe(2);
    expect(r.summary).toMatch(/no quorum after step 2/);
  });

  it('a start without quorum lists no change and says how to recover', () => {
    const r = plan({ members: 3, down: 2 });
    expect(r.noQuorumAtStart).toBe(true);
    expect(r.steps).toHaveLength(1);
    expect(r.summary).toMatch(/No membership change can commit.*--force-new-cluster/);
  });
});

describe('rules that hold for every plan (properties)', () => {
  const inputs = fc
    .record({
      plan: fc.constantFrom('replace', 'grow', 'shrink' as const),
      members: fc.integer({ min: 2, max: 15 }),
      learners: fc.boolean(),
      order: fc.constantFrom('remove-first', 'add-first' as const),
      downShare: fc.double({ min: 0, max: 1, noNaN: true }),
      targetShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ plan: p, members, learners, order, downShare, targetShare }): MembershipInput => {
      const down = Math.floor(downShare * members);
      const target =
        p === 'grow'
          ? members + 1 + Math.floor(targetShare * 5)
          : p === 'shrink'
            ? Math.min(members - 1, 1 + Math.floor(targetShare * (members - 1)))
            : members;
      return { plan: p, members, target, down, learners, order };
    });

  it('every step reports quorum ⌊voters/2⌋ + 1 and margin running − quorum; learners never exceed one', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = planMembership(input);
        for (const s of r.steps) {
          expect(s.quorum).toBe(quorum(s.voters));
          expect(s.margin).toBe(s.running - s.quorum);
          expect(s.hasQuorum).toBe(s.margin >= 0);
          expect(s.learners).toBeLessThanOrEqual(DEFAULT_MAX_LEARNERS);
        }
      }),
    );
  });

  it('a plan etcd accepts at every step never loses quorum, except a voter added to a one-member cluster', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = planMembership(input);
        if (r.refusedAt !== null || r.noQuorumAtStart) return;
        for (const s of r.steps.slice(1)) {
          const before = r.steps[s.index - 1]!;
          if (s.action === 'add-voter' && before.voters === 1) expect(r.notes.join(' ')).toMatch(/one-member cluster/);
          else expect(s.hasQuorum).toBe(true);
        }
      }),
    );
  });

  it('a completed grow or shrink ends at the target, all running members voting', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = planMembership(input);
        if (r.noQuorumAtStart || input.plan === 'replace') return;
        expect(r.steps.at(-1)!.voters).toBe(input.target);
      }),
    );
  });
});

describe('the checks, state by state (server.go mayAddMember, mayRemoveMember, mayPromoteMember)', () => {
  const state = (voters: number, running: number, unstarted = 0, learners = 0) => ({
    voters,
    running,
    unstarted,
    learners,
  });

  it('removing a running member is refused when the others running fall short of the smaller quorum', () => {
    // 5 voters, 3 running: without the removed one 2 run, and 4 members need 3.
    expect(refusalOf('remove-running', state(5, 3))).toMatch(
      /unhealthy cluster.*2 running members are left.*quorum of 3/,
    );
    expect(refusalOf('remove-running', state(5, 4))).toBeNull();
    // A down member may go either way.
    expect(refusalOf('remove-down', state(5, 3))).toBeNull();
  });

  it('removing is refused when the other started voters fall short, whatever runs', () => {
    // 3 voters, one added but never started: the other two include it, 1 started < quorum 2.
    expect(refusalOf('remove-running', state(3, 2, 1))).toMatch(/not enough started members.*1 other started voters/);
  });

  it('adding a voter needs started members and connected members for the enlarged quorum; one member may always add', () => {
    expect(refusalOf('add-voter', state(3, 3))).toBeNull();
    expect(refusalOf('add-voter', state(3, 2))).toMatch(/unhealthy cluster/);
    expect(refusalOf('add-voter', state(3, 2, 1))).toMatch(/not enough started members/);
    expect(refusalOf('add-voter', state(1, 1))).toBeNull();
    expect(refusalOf('add-voter', state(5, 4))).toBeNull();
  });

  it('a learner is refused beyond the default limit, and by the same connectivity check as a voter', () => {
    expect(refusalOf('add-learner', state(3, 3, 0, DEFAULT_MAX_LEARNERS))).toMatch(/too many learner members/);
    expect(refusalOf('add-learner', state(3, 2))).toMatch(/unhealthy cluster/);
    expect(refusalOf('add-learner', state(3, 3))).toBeNull();
  });

  it('promoting counts started voters plus the learner, not who is running', () => {
    // 3 voters, all started, one down: 4 started with the learner ≥ quorum 3 of 4.
    expect(refusalOf('promote', state(3, 2, 0, 1))).toBeNull();
    // 2 voters, one never started: 1 + 1 = 2 = quorum of 3.
    expect(refusalOf('promote', state(2, 1, 1, 1))).toBeNull();
    expect(refusalOf('promote', state(4, 2, 2, 1))).toBeNull();
    expect(refusalOf('promote', state(4, 1, 3, 1))).toMatch(
      /not enough started members.*2 started members including the learner.*quorum of 3/,
    );
  });

  it('refuses an impossible state with the count named', () => {
    expect(() => refusalOf('promote', state(3, 4))).toThrow(/Running voting members/);
    expect(() => refusalOf('promote', state(3, 2, 2))).toThrow(/Voters never started/);
  });
});

describe('bad input', () => {
  it('is refused with the input named', () => {
    expect(() => plan({ members: 1 })).toThrow(/Members to replace one of/);
    expect(() => plan({ plan: 'grow', members: 5, target: 5 })).toThrow(/Members after growing/);
    expect(() => plan({ plan: 'shrink', members: 3, target: 3 })).toThrow(/Members after shrinking/);
    expect(() => plan({ down: 4 })).toThrow(/Members down at the start/);
    // @ts-expect-error: not a plan
    expect(() => plan({ plan: 'swap' })).toThrow(/Unknown plan "swap"/);
  });
});
