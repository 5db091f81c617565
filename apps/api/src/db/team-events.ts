import type { TeamEventKind } from '@kora/shared';
import type { Executor } from './client';
import { teamEvents } from './schema';

const fullName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/**
 * Notes a change of the team for the dashboard's recent activity, in the change's own
 * transaction. Names are kept as they are now: the person may leave or be deleted later.
 */
export const recordTeamEvent = async (
  tx: Executor,
  event: {
    businessId: number;
    kind: TeamEventKind;
    user: { id: number; firstName: string; lastName: string; email: string };
    role: string | null;
    /** Who made the change; omitted when the person did it themselves (accepting). */
    by?: { firstName: string; lastName: string; email: string };
  },
) => {
  await tx.insert(teamEvents).values({
    businessId: event.businessId,
    kind: event.kind,
    name: fullName(event.user),
    role: event.role,
    // A person deleted with their invitation keeps no link.
    userId: event.kind === 'invitation_revoked' ? null : event.user.id,
    byName: event.by ? fullName(event.by) : null,
  });
};
