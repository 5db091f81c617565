import { useMutation } from '@tanstack/react-query';
import type { InviteInput, TeamRole, TeamUser } from '@kora/shared';
import { teamContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { listsOf, queryRoots, useChangeMutation } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { teamUserName } from './team-format';

const teamKey = queryRoots.team;
const teamListKey = listsOf(teamKey);
export const inviteKey = [...teamKey, 'invite'] as const;

const teamApi = {
  list: () => callApi(teamContracts.list),
  /** The same key for a retried submission: the server sends the invitation once. */
  invite: (input: InviteInput, idempotencyKey: string) =>
    callApi(teamContracts.invite, { body: input, headers: idempotent(idempotencyKey) }),
  resendInvitation: (id: number) => callApi(teamContracts.resendInvitation, { params: { id } }),
  changeRole: (id: number, role: TeamRole) =>
    callApi(teamContracts.changeRole, { params: { id }, body: { role } }),
  /** Revokes a pending invitation, or removes an accepted person from the team. */
  remove: (id: number) => callApi(teamContracts.remove, { params: { id } }),
};

/** The team: the owner first, then by name, pending invitations included. */
export const useTeam = () => useDataQuery(teamListKey, () => teamApi.list());

/**
 * Sends an invitation. The list loads again when the confirmation closes (the Invite User dialog
 * calls useRefreshAfter('team')), not under the open dialog.
 */
export const useInviteUser = () =>
  useMutation({
    mutationKey: inviteKey,
    mutationFn: ({ input, key }: { input: InviteInput; key: string }) => teamApi.invite(input, key),
  });

/** What an owner or an admin does to one person of the team, each confirmed first. */
export type TeamAction =
  | { kind: 'resend' | 'revoke' | 'remove'; user: TeamUser }
  | { kind: 'role'; user: TeamUser; role: TeamRole };
export type TeamActionKind = TeamAction['kind'];

/** The call of an action; its answer is not used (the list loads again). */
const teamActionCall = (action: TeamAction): Promise<{ message: string }> => {
  switch (action.kind) {
    case 'resend':
      return teamApi.resendInvitation(action.user.id);
    case 'role':
      return teamApi.changeRole(action.user.id, action.role);
    // Revoking an invitation and removing a person are the same call: the server tells them apart.
    case 'revoke':
    case 'remove':
      return teamApi.remove(action.user.id);
  }
};

/** Resends, revokes, changes a role or removes; the team list loads again afterwards. */
export const useTeamAction = () => useChangeMutation('team', teamActionCall);

/**
 * The people of the team who have joined (pending invitations left out), as a person filter
 * offers them: "Chidi Okeke (staff)". Asked only when `enabled` (a manager's screen).
 */
export const usePeopleOptions = (enabled = true) => {
  const team = useDataQuery(teamListKey, () => teamApi.list(), { enabled });
  return (team.data ?? [])
    .filter((user) => user.email_verified)
    .map((user) => ({ value: String(user.id), label: `${teamUserName(user)} (${user.role})` }));
};
