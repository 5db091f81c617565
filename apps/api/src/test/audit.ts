import { and, eq, sql } from 'drizzle-orm';
import { auditEntries } from '../db/schema';
import type { TestApp } from './app';
import type { Tenant } from './tenants';

/** An entry of the audit trail as stored (its time left out). */
export interface AuditRow {
  id: number;
  business_id: number;
  actor_kind: string;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  record_kind: string;
  record_id: number | null;
  record_label: string;
  member_id: number | null;
  payment_id: number | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  detail: Record<string, unknown>;
}

/** The id of the trail's latest entry, 0 when it is empty: what `auditEntriesAfter` counts from. */
export const lastAuditId = async (t: TestApp): Promise<number> =>
  (
    (await t.db.execute(
      sql`select coalesce(max(id), 0)::int as id from audit_entries`,
    )) as unknown as { rows: { id: number }[] }
  ).rows[0]!.id;

/** The entries written after entry `id`, oldest first. */
export const auditEntriesAfter = async (t: TestApp, id: number): Promise<AuditRow[]> =>
  (
    (await t.db.execute(sql`
      select id::int as id, business_id, actor_kind, actor_user_id, actor_name, actor_role, action,
        record_kind, record_id, record_label, member_id, payment_id, changes, detail
      from audit_entries where id > ${id} order by id`)) as unknown as { rows: AuditRow[] }
  ).rows;

type StoredEntry = typeof auditEntries.$inferSelect;
type EntryColumn =
  'businessId' | 'action' | 'paymentId' | 'memberId' | 'recordId' | 'recordLabel' | 'actorUserId';

/** The stored entries (as Drizzle reads them) whose columns equal those `where` names. */
export const storedAuditEntries = (
  t: TestApp,
  where: Partial<Pick<StoredEntry, EntryColumn>>,
): Promise<StoredEntry[]> =>
  t.db
    .select()
    .from(auditEntries)
    .where(
      and(
        ...Object.entries(where).map(([column, value]) =>
          eq(auditEntries[column as EntryColumn], value as never),
        ),
      ),
    );

/** The columns of a stored entry that name `tenant` as the one who made the change. */
export const storedActor = (tenant: Tenant) => ({
  actorKind: 'user',
  actorUserId: tenant.userId,
  actorRole: tenant.role,
});
