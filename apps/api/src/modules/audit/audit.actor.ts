import type { FastifyRequest } from 'fastify';
import type { AuditActorKind, Role } from '@kora/shared';
import { tenantOf } from '../../plugins/tenancy';

/**
 * Who acted, as the audit trail names them: a team user (their id, full name and role when the
 * entry is written) or one of the actors that are not a person of the team.
 */
export interface Actor {
  kind: AuditActorKind;
  userId?: number | null;
  name?: string | null;
  role?: Role | string | null;
}

/** The signed-in team user of a back-office request. */
export const actorOf = (request: FastifyRequest): Actor => {
  const t = tenantOf(request);
  return {
    kind: 'user',
    userId: t.userId,
    name: `${t.firstName} ${t.lastName}`.trim(),
    role: t.role,
  };
};

/** A team user known by id, name and role (a service that has them without the request). */
export const userActor = (user: { id: number; name: string; role: string | null }): Actor => ({
  kind: 'user',
  userId: user.id,
  name: user.name,
  role: user.role,
});

/** Paystack reporting a payment (a transfer into a member's account, a verified charge). */
export const PAYSTACK_ACTOR: Actor = { kind: 'paystack' };
/** A member import's background batches. */
export const IMPORT_ACTOR: Actor = { kind: 'import' };
/** A kiosk at the entrance. */
export const KIOSK_ACTOR: Actor = { kind: 'kiosk' };
/** Background jobs (the daily close, reminders, reconciliation). */
export const SYSTEM_ACTOR: Actor = { kind: 'system' };
