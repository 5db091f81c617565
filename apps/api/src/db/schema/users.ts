import { boolean, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, link, moment, ref, timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    /** Null for an invited user who has not set a password yet. */
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** owner, admin or staff; null until the user has a business. */
    role: varchar('role', { length: 10 }),
    businessId: link('business_id', () => businesses.id),
    profilePicture: varchar('profile_picture', { length: 2048 }),
    /** False for an invitation not yet accepted. */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Raised whenever every session must end (a password changed or reset, an e-mail verified):
     * an access token carries the version it was issued under and is refused once it is lower.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('users_business_idx').on(t.businessId, t.createdAt)],
);

/** `user_id`: the user a row belongs to; the row goes when the user does. */
const userRef = () => ref('user_id', () => users.id, { onDelete: 'cascade' });

/** E-mail verification codes: hashed, 15 minutes, 5 wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Opaque refresh tokens, stored only as hashes, rotated on every use within a family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: userRef(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: moment('expires_at').notNull(),
    /** Set when rotated (a newer token replaced it) or revoked. */
    rotatedAt: moment('rotated_at'),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use record of reset and invitation links (the link itself is a signed JWT). */
export const linkTokens = pgTable(
  'link_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: userRef(),
    type: varchar('type', { length: 10 }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('link_tokens_user_idx').on(t.userId)],
);
