import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, kioskTokens, users } from '../../db/schema';
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
  businessRow(db, businessId, { name: businesses.name, logoUrl: businesses.logoUrl });

/**
 * Whose password closes the kiosk: the user who opened it, then the owners and admins of the
 * business (active users of this business only), by id.
 */
export const exitUserIds = async (
  db: Executor,
  businessId: number,
  openerId: number | null,
): Promise<number[]> => {
  const rows = await db
    .select({ id: users.id })
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
  const ids = rows.map((r) => r.id);
  return openerId !== null && ids.includes(openerId)
    ? [openerId, ...ids.filter((id) => id !== openerId)]
    : ids;
};
