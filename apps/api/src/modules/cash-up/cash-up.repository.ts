import { and, count, desc, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cashUps, payments, receiptCounters, refunds, users } from '../../db/schema';
import { findByKeyOfBusiness } from '../../db/tenant';
import { readPage } from '../../lib/paging';

/*
 * Cash-ups and the cash they count. A user's drawer holds their own Cash payments that are not
 * voided, less the Cash refunds they handed out, since their previous cash-up. Payments are
 * counted by receipt number (a cash-up keeps the last number it counted up to), refunds by
 * time: a refund is stamped once it holds the drawer (payments.corrections), so neither can
 * fall between two cash-ups.
 */

/**
 * When the user's last cash-up was made (null before their first), read in SQL wherever it is
 * compared, so the database's microseconds are kept.
 */
const lastCashUp = (businessId: number, userId: number) =>
  sql`(select max(${cashUps.createdAt}) from ${cashUps}
    where ${cashUps.businessId} = ${businessId} and ${cashUps.userId} = ${userId})`;

export interface Drawer {
  payments: number;
  paymentsKobo: number;
  refunds: number;
  refundsKobo: number;
}

/** The last receipt number the user's previous cash-up counted up to (0 before their first). */
const lastCountedSeq = (businessId: number, userId: number) =>
  sql`coalesce((select max(${cashUps.receiptSeqThrough}) from ${cashUps}
    where ${cashUps.businessId} = ${businessId} and ${cashUps.userId} = ${userId}), 0)`;

/**
 * The user's Cash payments (not voided) and Cash refunds since their last cash-up (all: none);
 * with `throughSeq`, only the payments numbered up to it (what a cash-up counts).
 */
export const drawerNow = async (
  db: Executor,
  businessId: number,
  userId: number,
  throughSeq?: number,
): Promise<Drawer> => {
  const since = lastCashUp(businessId, userId);
  const paid = and(
    eq(payments.businessId, businessId),
    eq(payments.recordedBy, userId),
    eq(payments.method, 'Cash'),
    isNull(payments.voidedAt),
    sql`${payments.receiptSeq} > ${lastCountedSeq(businessId, userId)}`,
    throughSeq === undefined ? undefined : lte(payments.receiptSeq, throughSeq),
  );
  const back = and(
    eq(refunds.businessId, businessId),
    eq(refunds.recordedBy, userId),
    eq(refunds.method, 'Cash'),
    sql`${refunds.createdAt} > coalesce(${since}, '-infinity'::timestamptz)`,
  );
  const [p, r] = await Promise.all([
    db
      .select({ n: count(), kobo: sql<string>`coalesce(sum(${payments.amountKobo}), 0)` })
      .from(payments)
      .where(paid),
    db
      .select({ n: count(), kobo: sql<string>`coalesce(sum(${refunds.amountKobo}), 0)` })
      .from(refunds)
      .where(back),
  ]);
  return {
    payments: p[0]?.n ?? 0,
    paymentsKobo: Number(p[0]?.kobo ?? 0),
    refunds: r[0]?.n ?? 0,
    refundsKobo: Number(r[0]?.kobo ?? 0),
  };
};

/**
 * The business's last receipt number, once every payment already being written has been
 * committed; payments started after this wait until the caller's transaction ends. Each payment
 * takes its number from this row and holds it until it commits, so numbers follow commits.
 */
export const receiptsThrough = async (db: Executor, businessId: number): Promise<number> =>
  (
    await db
      .select({ lastSeq: receiptCounters.lastSeq })
      .from(receiptCounters)
      .where(eq(receiptCounters.businessId, businessId))
      .for('share')
  )[0]?.lastSeq ?? 0;

/** The cash-up recorded with this Idempotency-Key in the business, if any. */
export const findByKey = (db: Executor, businessId: number, key: string) =>
  findByKeyOfBusiness(db, cashUps, businessId, key);

export interface NewCashUp {
  businessId: number;
  userId: number;
  expectedKobo: number;
  countedKobo: number;
  note: string;
  idempotencyKey: string | null;
  /** The last receipt number counted (receiptsThrough). */
  receiptSeqThrough: number;
}

/** Writes a cash-up made now (the database's clock, its Lagos day); answers its id. */
export const insertCashUp = async (db: Executor, c: NewCashUp): Promise<number> => {
  const [row] = await db
    .insert(cashUps)
    .values({
      businessId: c.businessId,
      userId: c.userId,
      expectedKobo: c.expectedKobo,
      countedKobo: c.countedKobo,
      differenceKobo: c.countedKobo - c.expectedKobo,
      note: c.note,
      since: sql`${lastCashUp(c.businessId, c.userId)}`,
      createdAt: sql`clock_timestamp()`,
      lagosDay: sql`(clock_timestamp() at time zone 'Africa/Lagos')::date`,
      recordedBy: c.userId,
      idempotencyKey: c.idempotencyKey,
      receiptSeqThrough: c.receiptSeqThrough,
    })
    .returning({ id: cashUps.id });
  return row!.id;
};

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

const cashUpColumns = {
  id: cashUps.id,
  userId: cashUps.userId,
  userName,
  expectedKobo: cashUps.expectedKobo,
  countedKobo: cashUps.countedKobo,
  differenceKobo: cashUps.differenceKobo,
  note: cashUps.note,
  since: cashUps.since,
  createdAt: cashUps.createdAt,
  lagosDay: cashUps.lagosDay,
};

export const findCashUp = async (db: Executor, businessId: number, id: number) =>
  (
    await db
      .select(cashUpColumns)
      .from(cashUps)
      .innerJoin(users, eq(users.id, cashUps.userId))
      .where(and(eq(cashUps.businessId, businessId), eq(cashUps.id, id)))
      .limit(1)
  )[0];

export type CashUpRow = NonNullable<Awaited<ReturnType<typeof findCashUp>>>;

export interface CashUpFilters {
  userId?: number;
  from?: string;
  to?: string;
  shortOnly?: boolean;
}

const filtersOf = (businessId: number, f: CashUpFilters): SQL =>
  and(
    eq(cashUps.businessId, businessId),
    f.userId !== undefined ? eq(cashUps.userId, f.userId) : undefined,
    f.from ? gte(cashUps.lagosDay, f.from) : undefined,
    f.to ? lte(cashUps.lagosDay, f.to) : undefined,
    f.shortOnly ? lt(cashUps.differenceKobo, 0) : undefined,
  )!;

/** A page of the business's cash-ups, newest first. */
export const listCashUps = (
  db: Executor,
  businessId: number,
  f: CashUpFilters,
  window: { limit: number; offset: number },
) => {
  const where = filtersOf(businessId, f);
  return readPage(
    db
      .select(cashUpColumns)
      .from(cashUps)
      .innerJoin(users, eq(users.id, cashUps.userId))
      .where(where)
      .orderBy(desc(cashUps.createdAt), desc(cashUps.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(cashUps).where(where),
  );
};

/** Per person and Lagos day between `from` and `to`: sums of expected, counted, difference. */
export const weekTotals = (
  db: Executor,
  businessId: number,
  from: string,
  to: string,
  userId?: number,
) =>
  db
    .select({
      userId: cashUps.userId,
      name: userName,
      day: cashUps.lagosDay,
      expectedKobo: sql<string>`sum(${cashUps.expectedKobo})`,
      countedKobo: sql<string>`sum(${cashUps.countedKobo})`,
      differenceKobo: sql<string>`sum(${cashUps.differenceKobo})`,
      count: count(),
    })
    .from(cashUps)
    .innerJoin(users, eq(users.id, cashUps.userId))
    .where(filtersOf(businessId, { userId, from, to }))
    .groupBy(cashUps.userId, users.firstName, users.lastName, cashUps.lagosDay);

/** A team user's full name, only if they are of `businessId`. */
export const userNameOf = async (db: Executor, businessId: number, userId: number) =>
  (
    await db
      .select({ name: userName })
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.id, userId)))
      .limit(1)
  )[0]?.name;
