import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { profileColumns } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { bound, preparedFor } from '../../db/prepared';
import {
  businesses,
  linkTokens,
  refreshTokens,
  teamEvents,
  users,
  verificationCodes,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const findUserById = async (db: Executor, id: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** A business's name (the one an invitation link invites to). */
export const findBusinessName = async (db: Executor, id: number): Promise<string | undefined> =>
  (
    await db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, id))
      .limit(1)
  )[0]?.name;

/**
 * Ends every session of the user: access tokens issued before now are refused from the next
 * request (their version is lower) and refresh tokens are revoked by the caller. Answers the row.
 */
export const bumpTokenVersion = async (db: Executor, id: number): Promise<UserRow> =>
  (
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
  )[0]!;

export const insertUser = async (
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> => (await db.insert(users).values(values).returning())[0]!;

export const updateUser = async (
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> =>
  (
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
  )[0]!;

const profile = (db: Executor) =>
  db
    .select(profileColumns)
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, bound('id')))
    .limit(1)
    .prepare('user_profile');

/** The signed-in user's profile with their business's name, code and logo (prepared). */
export const findProfile = async (db: Executor, id: number) =>
  (await preparedFor(db, 'user_profile', profile).execute({ id }))[0];

// Verification codes

export const replaceVerificationCode = async (
  db: Executor,
  userId: number,
  codeHash: string,
  expiresAt: Date,
) => {
  // Requesting a code again invalidates the old one.
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values({ userId, codeHash, expiresAt });
};

export const latestOpenCode = async (db: Executor, userId: number) =>
  (
    await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
  )[0];

/** Counts a wrong try atomically; answers the new count. */
export const countWrongAttempt = async (db: Executor, codeId: number): Promise<number> =>
  (
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, codeId))
      .returning({ attempts: verificationCodes.attempts })
  )[0]!.attempts;

/** Consumes the code once; false when another request consumed it first. */
export const consumeCode = async (db: Executor, codeId: number): Promise<boolean> =>
  (
    await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id })
  ).length === 1;

// Refresh tokens

/**
 * Whether the user has had one session only: every refresh token of theirs is of one family
 * (sign-in, or the e-mail verification that signed them in, starts a family; refreshing keeps it).
 */
export const hasOneSession = async (db: Executor, userId: number): Promise<boolean> =>
  (
    await db
      .select({ families: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
  )[0]!.families === 1;

export const insertRefreshToken = async (
  db: Executor,
  values: typeof refreshTokens.$inferInsert,
) => {
  await db.insert(refreshTokens).values(values);
};

export const findRefreshToken = async (db: Executor, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0];

/** Marks the token rotated if it was still live; false when it was already used or revoked. */
export const markRotated = async (db: Executor, id: number): Promise<boolean> =>
  (
    await db
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id })
  ).length === 1;

export const revokeFamily = async (db: Executor, familyId: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

export const revokeToken = async (db: Executor, tokenHash: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)));
};

export const revokeAllForUser = async (db: Executor, userId: number) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
};

// Single-use links

export const insertLinkToken = async (db: Executor, values: typeof linkTokens.$inferInsert) => {
  await db.insert(linkTokens).values(values);
};

/** Uses the link once; false when unknown or already used. */
export const useLinkToken = async (
  db: Executor,
  jti: string,
  type: string,
): Promise<number | null> =>
  (
    await db
      .update(linkTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(linkTokens.jti, jti), eq(linkTokens.type, type), isNull(linkTokens.usedAt)))
      .returning({ userId: linkTokens.userId })
  )[0]?.userId ?? null;

export const findLinkToken = async (db: Executor, jti: string) =>
  (await db.select().from(linkTokens).where(eq(linkTokens.jti, jti)).limit(1))[0];

/** Ends the unused links of one type of a user (a newer one replaces them, or none is wanted). */
export const dropOpenLinks = async (db: Executor, userId: number, type: string) => {
  await db
    .delete(linkTokens)
    .where(
      and(eq(linkTokens.userId, userId), eq(linkTokens.type, type), isNull(linkTokens.usedAt)),
    );
};

/**
 * The business a user was removed from since `since` (the moment a session began), when they
 * are not back in it: its id and name. Undefined when no removal ended that session.
 */
export const removalSince = async (db: Executor, userId: number, since: Date) => {
  const row = (
    await db
      .select({ businessId: teamEvents.businessId, name: businesses.name })
      .from(teamEvents)
      .innerJoin(businesses, eq(businesses.id, teamEvents.businessId))
      .where(
        and(
          eq(teamEvents.userId, userId),
          eq(teamEvents.kind, 'removed'),
          gte(teamEvents.createdAt, since),
        ),
      )
      .orderBy(desc(teamEvents.createdAt), desc(teamEvents.id))
      .limit(1)
  )[0];
  return row;
};
