import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { nowByDefault } from './columns';

/**
 * The audit trail: one row per change of a business's data, written in the same transaction as
 * the change. Rows are never changed or removed: a trigger (db/functions/audit_entries_immutable.sql)
 * refuses UPDATE, DELETE and TRUNCATE. No foreign keys either, so nothing can cascade into it:
 * the business and user ids stay as they were written.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id').notNull(),
    at: nowByDefault('at'),
    /** user, member (payment link), paystack, import, kiosk or system. */
    actorKind: varchar('actor_kind', { length: 10 }).notNull(),
    actorUserId: integer('actor_user_id'),
    /** The user's full name when the entry was written. */
    actorName: varchar('actor_name', { length: 200 }),
    actorRole: varchar('actor_role', { length: 10 }),
    /** `kind.verb`: payment.record, member.update… */
    action: varchar('action', { length: 40 }).notNull(),
    recordKind: varchar('record_kind', { length: 20 }).notNull(),
    recordId: integer('record_id'),
    /** The record's business-facing name (a member's name and ID, a receipt number…). */
    recordLabel: varchar('record_label', { length: 200 }).notNull().default(''),
    memberId: integer('member_id'),
    paymentId: integer('payment_id'),
    /** `{ field: { from, to } }`. */
    changes: jsonb('changes')
      .$type<Record<string, { from: unknown; to: unknown }>>()
      .notNull()
      .default({}),
    /** reason, amount_kobo, filters, channel, count… */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_entries_business_at_idx').on(
      t.businessId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_business_member_idx')
      .on(t.businessId, t.memberId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.memberId} is not null`),
    index('audit_entries_business_payment_idx')
      .on(t.businessId, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('audit_entries_business_actor_idx').on(
      t.businessId,
      t.actorUserId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_business_kind_idx').on(
      t.businessId,
      t.recordKind,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      'audit_entries_actor_kind_check',
      sql`${t.actorKind} in ('user', 'member', 'paystack', 'import', 'kiosk', 'system')`,
    ),
  ],
);
