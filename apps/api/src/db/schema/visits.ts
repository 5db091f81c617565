import { sql } from 'drizzle-orm';
import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, link, nowByDefault, ref } from './columns';
import { kioskTokens } from './kiosk';
import { members } from './members';
import { subscriptions } from './subscriptions';
import { users } from './users';

/**
 * A member's visit: one check-in at the desk or at a kiosk. A second check-in within 2 hours
 * records nothing. Visits are history: they are never changed or deleted.
 */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id),
    visitedAt: nowByDefault('visited_at'),
    /** The team user who checked them in; null for a kiosk (or a user since removed). */
    recordedByUserId: link('recorded_by_user_id', () => users.id, { onDelete: 'set null' }),
    /** The kiosk that recorded it; null for a visit recorded at the desk. */
    kioskTokenId: link('kiosk_token_id', () => kioskTokens.id),
    /** phone, member_id, card, name, kiosk or day_pass (the visit of a day-pass sale). */
    foundBy: varchar('found_by', { length: 10 }).notNull(),
    /** The verdict's status when they came in (active, ending, expired, …). */
    verdictStatus: varchar('verdict_status', { length: 16 }).notNull(),
    /** Why a member with a red verdict was let in; null for an ordinary visit. */
    overrideReason: varchar('override_reason', { length: 300 }),
    /** The subscription that covered the visit; null when none did (an override). */
    subscriptionId: link('subscription_id', () => subscriptions.id),
    createdAt: createdAt(),
  },
  (t) => [
    // The day's visits, newest first.
    index('visits_business_visited_idx').on(
      t.businessId,
      sql`${t.visitedAt} desc`,
      sql`${t.id} desc`,
    ),
    // A member's visits, newest first (and the 2-hour repeat check).
    index('visits_business_member_visited_idx').on(
      t.businessId,
      t.memberId,
      sql`${t.visitedAt} desc`,
    ),
  ],
);
