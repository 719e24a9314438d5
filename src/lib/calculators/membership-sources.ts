/**
 * The etcd checks behind a membership plan's steps, apart from the membership calculator so that
 * the sizing plan can cite them without loading that calculator's URL state.
 */
import type { MembershipResult } from '../model/membership.ts';
import * as SOURCES from '../model/sources.ts';

/** The etcd checks that decide the plan's steps: the quorum, and the check of each kind of change it makes. */
export function stepSources(r: MembershipResult): string[] {
  const actions = new Set(r.steps.map((s) => s.action));
  return [
    SOURCES.etcdQuorum,
    ...(actions.has('add-voter') || actions.has('add-learner') ? [SOURCES.etcdServerMayAddMember] : []),
    ...(actions.has('add-voter') ? [SOURCES.etcdClusterReadyToAdd] : []),
    ...(actions.has('remove-down') || actions.has('remove-running') ? [SOURCES.etcdClusterReadyToRemove] : []),
    ...(actions.has('remove-running') ? [SOURCES.etcdServerMayRemoveMember] : []),
    ...(actions.has('promote') ? [SOURCES.etcdClusterReadyToPromote] : []),
  ];
}
