import { char, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, link, moment, ref } from './columns';
import { users } from './users';

/**
 * A kiosk: a device at the gym's entrance where members check themselves in. It signs in with an
 * opaque token (at least 128 random bits) of which only the SHA-256 is kept. A kiosk is never
 * deleted: switching it off sets `revoked_at`, and its token stops working at its next call.
 */
export const kioskTokens = pgTable(
  'kiosk_tokens',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    name: varchar('name', { length: 60 }).notNull(),
    /** SHA-256 of the token, in hex. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('kiosk_tokens_token_hash_key'),
    /** Who opened or created it (null once that user is gone). */
    createdByUserId: link('created_by_user_id', () => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('kiosk_tokens_business_idx').on(t.businessId, t.createdAt)],
);
