import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, ref } from './columns';

/**
 * The `Idempotency-Key` of each create call (member, plan, …), per business and kind of record:
 * the same key sent again answers the record it created instead of creating another (a double
 * click, a retry after a lost answer). The key is claimed in the transaction that creates the
 * record, so concurrent duplicates wait for the first and then answer it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: ref('business_id', () => businesses.id),
    /** What was created: `member`, `plan`, … */
    scope: varchar('scope', { length: 40 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    /** SHA-256 of the request body: the same key with other details is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The record created under this key (set in the same transaction). */
    entityId: integer('entity_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.scope, t.key] })],
);
