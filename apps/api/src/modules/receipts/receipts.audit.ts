import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditActorKind, AuditRecordKind } from '@kora/shared';
import type { Executor } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { tenantOf } from '../../plugins/tenancy';

/*
 * Stand-in for the audit module's front until it lands on this branch: the same entry, written
 * with one INSERT in the caller's transaction.
 */

export interface Actor {
  kind: AuditActorKind;
  userId?: number | null;
  name?: string | null;
  role?: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system' };

export const actorOf = (request: FastifyRequest): Actor => {
  const t = tenantOf(request);
  return {
    kind: 'user',
    userId: t.userId,
    name: `${t.firstName} ${t.lastName}`.trim(),
    role: t.role,
  };
};

export interface AuditEntryInput {
  businessId: number;
  action: AuditAction;
  recordKind: AuditRecordKind;
  recordId?: number | null;
  recordLabel?: string;
  memberId?: number | null;
  paymentId?: number | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
  detail?: Record<string, unknown>;
}

export const recordAudit = async (exec: Executor, actor: Actor, e: AuditEntryInput) => {
  await exec.insert(auditEntries).values({
    businessId: e.businessId,
    actorKind: actor.kind,
    actorUserId: actor.userId ?? null,
    actorName: actor.name ?? null,
    actorRole: actor.role ?? null,
    action: e.action,
    recordKind: e.recordKind,
    recordId: e.recordId ?? null,
    recordLabel: e.recordLabel ?? '',
    memberId: e.memberId ?? null,
    paymentId: e.paymentId ?? null,
    changes: e.changes ?? {},
    detail: e.detail ?? {},
  });
};
