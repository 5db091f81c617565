import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, moment, ref } from './columns';
import { members } from './members';

/**
 * Each time a member gave or withdrew consent to offers and news: the choice, who recorded it
 * (staff, the member on their page, an import) and when. The member's current answer is
 * members.marketing_consent; these rows are its history, kept as long as the member is.
 */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id, { onDelete: 'cascade' }),
    choice: varchar('choice', { length: 3 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    /** The team user who recorded it (kept as a number: people leave a team, history stays). */
    userId: integer('user_id'),
    /** Their name when they recorded it. */
    userName: varchar('user_name', { length: 201 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_consents_member_idx').on(t.businessId, t.memberId, t.createdAt, t.id),
    check('member_consents_choice_check', sql`${t.choice} in ('yes', 'no')`),
    check('member_consents_source_check', sql`${t.source} in ('staff', 'member', 'import')`),
  ],
);

/**
 * A member's request to have their data erased: pending until an owner or admin erases the
 * member (done) or declines it. At most one pending request per member.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('erasure_requests_pending_idx')
      .on(t.businessId, t.memberId)
      .where(sql`${t.status} = 'pending'`),
    index('erasure_requests_business_status_idx').on(t.businessId, t.status, t.createdAt, t.id),
    check('erasure_requests_status_check', sql`${t.status} in ('pending', 'done', 'declined')`),
  ],
);
