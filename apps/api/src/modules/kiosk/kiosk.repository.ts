import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, kioskTokens, members, users } from '../../db/schema';
import { businessRow, inBusiness, ofBusiness } from '../../db/tenant';

/** A kiosk as Settings lists it: with the name of who opened it. */
const listColumns = {
  id: kioskTokens.id,
  name: kioskTokens.name,
  createdAt: kioskTokens.createdAt,
  lastUsedAt: kioskTokens.lastUsedAt,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
};

export const insertKiosk = async (
  db: Executor,
  values: { businessId: number; name: string; tokenHash: string; createdByUserId: number },
): Promise<number> =>
  (await db.insert(kioskTokens).values(values).returning({ id: kioskTokens.id }))[0]!.id;

/** Gives kiosk `id` of this business a new token hash (its earlier token stops working). */
export const replaceTokenHash = (db: Executor, businessId: number, id: number, tokenHash: string) =>
  db
    .update(kioskTokens)
    .set({ tokenHash })
    .where(ofBusiness(kioskTokens, businessId, id));

/** The business's kiosks still switched on (newest first), or one of them by id. */
export const listKiosks = (db: Executor, businessId: number, id?: number) =>
  db
    .select(listColumns)
    .from(kioskTokens)
    .leftJoin(users, eq(users.id, kioskTokens.createdByUserId))
    .where(
      inBusiness(
        kioskTokens,
        businessId,
        id === undefined ? isNull(kioskTokens.revokedAt) : eq(kioskTokens.id, id),
      ),
    )
    .orderBy(desc(kioskTokens.createdAt), desc(kioskTokens.id));
export type KioskListRow = Awaited<ReturnType<typeof listKiosks>>[number];

/** Kiosk `id` of this business, locked for the rest of the transaction; undefined: none. */
export const lockKiosk = async (db: Executor, businessId: number, id: number) =>
  (
    await db
      .select({ id: kioskTokens.id, name: kioskTokens.name, revokedAt: kioskTokens.revokedAt })
      .from(kioskTokens)
      .where(ofBusiness(kioskTokens, businessId, id))
      .for('update')
  )[0];

/** Switches kiosk `id` of this business off (kept as it was when already off); false: none. */
export const revokeKiosk = async (db: Executor, businessId: number, id: number) =>
  (
    await db
      .update(kioskTokens)
      .set({ revokedAt: sql`coalesce(${kioskTokens.revokedAt}, now())` })
      .where(ofBusiness(kioskTokens, businessId, id))
      .returning({ id: kioskTokens.id })
  ).length === 1;

export const findKioskByHash = async (db: Executor, tokenHash: string) =>
  (await db.select().from(kioskTokens).where(eq(kioskTokens.tokenHash, tokenHash)).limit(1))[0];

/** Notes the kiosk's use, at most once a minute (a write per scan would be wasted). */
export const touchKiosk = (db: Executor, id: number) =>
  db
    .update(kioskTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(kioskTokens.id, id),
        or(
          isNull(kioskTokens.lastUsedAt),
          lt(kioskTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );

/** The business's name and logo, for the kiosk's screen. */
export const findBusinessBrand = (db: Executor, businessId: number) =>
  businessRow(db, businessId, {
    name: businesses.name,
    logoUrl: businesses.logoUrl,
    typedEntry: businesses.kioskTypedEntry,
  });

/** Whether the business's kiosks take a typed phone or member ID (with the member's PIN). */
export const typedEntryOf = async (db: Executor, businessId: number) =>
  (await businessRow(db, businessId, { typedEntry: businesses.kioskTypedEntry }))?.typedEntry ??
  false;

export const setTypedEntry = (db: Executor, businessId: number, typedEntry: boolean) =>
  db.update(businesses).set({ kioskTypedEntry: typedEntry }).where(eq(businesses.id, businessId));

/** The kiosk PIN hash of member `id` of this business (null: none set; undefined: no member). */
export const pinHashOf = async (db: Executor, businessId: number, id: number) =>
  (
    await db
      .select({ hash: members.kioskPinHash })
      .from(members)
      .where(ofBusiness(members, businessId, id))
  )[0]?.hash;

/** Sets the kiosk PIN hash of member `id` of this business; false: no such member. */
export const setPinHash = async (db: Executor, businessId: number, id: number, hash: string) =>
  (
    await db
      .update(members)
      .set({ kioskPinHash: hash })
      .where(ofBusiness(members, businessId, id))
      .returning({ id: members.id })
  ).length === 1;

/**
 * Whose password closes the kiosk: the user who opened it, then the owners and admins of the
 * business (active users of this business only), by id, with each account's e-mail (whose
 * sign-in count a kiosk exit adds to).
 */
export const exitAccounts = async (
  db: Executor,
  businessId: number,
  openerId: number | null,
): Promise<{ id: number; email: string }[]> => {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inBusiness(
        users,
        businessId,
        eq(users.isActive, true),
        or(
          inArray(users.role, ['owner', 'admin']),
          openerId === null ? undefined : eq(users.id, openerId),
        ),
      ),
    )
    .orderBy(asc(users.id));
  const opener = rows.find((r) => r.id === openerId);
  return opener ? [opener, ...rows.filter((r) => r !== opener)] : rows;
};
