import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { profileColumns } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { bound, preparedFor } from '../../db/prepared';
import { compileSelect, runCompiled } from '../../db/raw';
import { businesses, linkTokens, users } from '../../db/schema';
import { businessRow, findOfBusiness, ofBusiness, type RecordQuery } from '../../db/tenant';

export type UserRow = typeof users.$inferSelect;

const sessionUser = (db: Executor) =>
  db
    .select({
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      profile: profileColumns,
    })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, bound('id')))
    .limit(1);

/**
 * What the per-request session check reads of a user: who, whether active, business, role, and
 * the rest of their profile with their business's name (so `GET /v1/auth/me`, the app's first
 * call on every page, is this one statement). Read on every call (a prepared statement), so a
 * role change or removal applies from the next one.
 */
export const findSessionUser = async (db: Executor, id: number) =>
  (
    await runCompiled(
      db,
      preparedFor(db, 'session_user', (d) => compileSelect('session_user', sessionUser(d))),
      { id },
    )
  )[0];

/** When the newest unused invitation link of a pending user stops working. */
const invitationExpiresAt = sql<Date | null>`(
  select max(${linkTokens.expiresAt}) from ${linkTokens}
  where ${linkTokens.userId} = ${users.id} and ${linkTokens.type} = 'setup'
    and ${linkTokens.usedAt} is null
)`;

const teamColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  role: users.role,
  emailVerified: users.emailVerified,
  isActive: users.isActive,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
  invitationExpiresAt,
};
export type TeamRow = {
  [K in keyof typeof teamColumns]: K extends 'invitationExpiresAt'
    ? Date | string | null
    : (typeof users.$inferSelect)[K & keyof typeof users.$inferSelect];
};

/** The team of a business: the owner first, then by name (case-insensitive), then e-mail. */
export const listTeam = async (db: Executor, businessId: number): Promise<TeamRow[]> =>
  db
    .select(teamColumns)
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(
      desc(sql`${users.role} = 'owner'`),
      asc(sql`lower(${users.firstName})`),
      asc(sql`lower(${users.lastName})`),
      asc(users.email),
      asc(users.id),
    );

/** One person of the team of `businessId`; undefined for anyone else. */
export const findTeamUser: RecordQuery<TeamRow | undefined> = async (db, businessId, id) =>
  (
    await db
      .select(teamColumns)
      .from(users)
      .where(ofBusiness(users, businessId, id))
      .limit(1)
  )[0];

/** The row of a person of the team, locked for the rest of the transaction. */
export const lockTeamUser = (
  db: Executor,
  businessId: number,
  id: number,
): Promise<UserRow | undefined> => findOfBusiness(db, users, businessId, id, true);

/** Locks the business's row: invitations to one business are made one after another. */
export const lockBusiness = (db: Executor, businessId: number) =>
  businessRow(db, businessId, { name: businesses.name }, true);

export const businessName = async (db: Executor, businessId: number) =>
  (await businessRow(db, businessId, { name: businesses.name }))?.name;

export const countTeam = async (db: Executor, businessId: number): Promise<number> =>
  (await db.select({ n: count() }).from(users).where(eq(users.businessId, businessId)))[0]!.n;

/** The account of an e-mail, locked for the rest of the transaction. */
export const lockUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).for('update').limit(1))[0];

export const insertUser = async (
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> => (await db.insert(users).values(values).returning())[0]!;

/**
 * Puts an account that has no business into `businessId`, waiting for its invitation to be
 * accepted; undefined when it joined a business in the meantime.
 */
export const attachInvitee = async (
  db: Executor,
  id: number,
  values: Pick<typeof users.$inferInsert, 'businessId' | 'role' | 'firstName' | 'lastName'>,
): Promise<UserRow | undefined> =>
  (
    await db
      .update(users)
      .set({ ...values, isActive: false, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.businessId)))
      .returning()
  )[0];

export const setRole = async (db: Executor, id: number, role: string) => {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
};

/** Takes a person out of their business: the account stays, without a business or role. */
export const detachUser = async (db: Executor, id: number) => {
  await db
    .update(users)
    .set({ businessId: null, role: null, isActive: true, updatedAt: new Date() })
    .where(eq(users.id, id));
};

/** Deletes an account that never got further than an invitation. */
export const deleteUser = async (db: Executor, id: number) => {
  await db.delete(users).where(eq(users.id, id));
};
