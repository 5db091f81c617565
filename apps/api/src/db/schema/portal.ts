import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, link, moment, nowByDefault, ref } from './columns';
import { members } from './members';

/**
 * A code a member asked for, to sign in to their gym's member page or to confirm a new phone
 * number. Only a hash of the code is kept (never the code), with the hash of the phone or e-mail
 * it was sent to. A request for an address no member has stores nothing. A code is good for 10
 * minutes and 5 tries; it is used once.
 */
export const memberSignInCodes = pgTable(
  'member_sign_in_codes',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: link('member_id', () => members.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the normalised phone (E.164) or e-mail (lower case). */
    identifierHash: char('identifier_hash', { length: 64 }).notNull(),
    /** HMAC of the code with the app's secret, bound to this row's business and address. */
    codeHash: char('code_hash', { length: 64 }).notNull(),
    /** 'sign_in' | 'phone_change' */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** The number a phone change confirms (E.164). */
    newPhone: varchar('new_phone', { length: 20 }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_sign_in_codes_lookup_idx').on(
      t.businessId,
      t.identifierHash,
      t.purpose,
      t.createdAt,
    ),
    index('member_sign_in_codes_member_idx').on(t.memberId),
  ],
);

/**
 * A member signed in on a device: the member token names it (`sid`), and every member call reads
 * it, so signing out (or the gym erasing the member) ends it at once. 30 days.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: nowByDefault('last_seen_at'),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    userAgent: varchar('user_agent', { length: 200 }),
  },
  (t) => [index('member_sessions_member_idx').on(t.businessId, t.memberId)],
);
