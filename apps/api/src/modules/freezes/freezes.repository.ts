import { count, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/payment-days';
import {
  businesses,
  freezes,
  members,
  payments,
  plans,
  subscriptions,
  users,
} from '../../db/schema';
import { businessRow, inBusiness, ofBusiness } from '../../db/tenant';

export type FreezeRow = typeof freezes.$inferSelect;
export type NewFreeze = Omit<typeof freezes.$inferInsert, 'id' | 'businessId' | 'createdAt'>;

/**
 * A freeze with the name of the team user who decided it and, while it is requested, the freeze
 * fee of the plan it freezes (kobo; what the staff take when approving).
 */
export type FreezeWithDecider = FreezeRow & {
  decidedBy: string | null;
  feeDueKobo?: number | null;
  /** The receipt number of the fee's payment (null: no fee paid). */
  feeReceiptNumber?: string | null;
};

/** The plan fee a request will cost (read through the subscription it freezes). */
const feeDue = sql<number | null>`(select p.freeze_fee_kobo from ${subscriptions} s
  join ${plans} p on p.id = s.subscription_type_id
  where s.id = ${freezes.subscriptionId} and ${freezes.status} = 'requested')`.mapWith(
  (v: unknown) => (v === null ? null : Number(v)),
);

/** The receipt number of the freeze fee's payment (same business), or null. */
const feeReceipt = sql<string | null>`(select py.receipt_number from ${payments} py
  where py.id = ${freezes.feePaymentId} and py.business_id = ${freezes.businessId})`;

const withDecider = {
  freeze: freezes,
  decidedBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  feeDueKobo: feeDue,
  feeReceiptNumber: feeReceipt,
};

const toRow = (r: {
  freeze: FreezeRow;
  decidedBy: string | null;
  feeDueKobo: number | null;
  feeReceiptNumber: string | null;
}): FreezeWithDecider => ({
  ...r.freeze,
  decidedBy: r.decidedBy,
  feeDueKobo: r.feeDueKobo,
  feeReceiptNumber: r.feeReceiptNumber,
});

/**
 * The member of this business, their row locked for the rest of the transaction (a payment
 * locks it too, so a renewal and a freeze of one member never interleave); undefined when the
 * business has no such member.
 */
export const lockMember = async (
  db: Executor,
  businessId: number,
  memberId: number,
  lock = true,
) => {
  const q = db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      memberCode: members.memberCode,
      isActive: members.isActive,
    })
    .from(members)
    .where(ofBusiness(members, businessId, memberId));
  return (await (lock ? q.for('update') : q))[0];
};

/** The member of this business (not locked), or undefined. */
export const findMember = (db: Executor, businessId: number, memberId: number) =>
  lockMember(db, businessId, memberId, false);

/** Whether the business approves members' requests that keep to the rules by itself. */
export const autoApproves = async (db: Executor, businessId: number): Promise<boolean> =>
  (await businessRow(db, businessId, { on: businesses.freezeAutoApprove }))?.on === true;

/** The member's freezes, newest first, with who decided each. */
export const freezesOf = async (
  db: Executor,
  businessId: number,
  memberId: number,
): Promise<FreezeWithDecider[]> =>
  (
    await db
      .select(withDecider)
      .from(freezes)
      .leftJoin(users, eq(users.id, freezes.decidedByUserId))
      .where(inBusiness(freezes, businessId, eq(freezes.memberId, memberId)))
      .orderBy(desc(freezes.startDate), desc(freezes.id))
  ).map(toRow);

/** One freeze of this member of this business, locked when `lock`. */
export const findFreeze = async (
  db: Executor,
  businessId: number,
  memberId: number,
  freezeId: number,
): Promise<FreezeWithDecider | undefined> => {
  const row = (
    await db
      .select(withDecider)
      .from(freezes)
      .leftJoin(users, eq(users.id, freezes.decidedByUserId))
      .where(
        inBusiness(freezes, businessId, eq(freezes.memberId, memberId), eq(freezes.id, freezeId)),
      )
  )[0];
  return row ? toRow(row) : undefined;
};

export const insertFreeze = async (
  db: Executor,
  businessId: number,
  values: NewFreeze,
): Promise<FreezeRow> =>
  (
    await db
      .insert(freezes)
      .values({ ...values, businessId })
      .returning()
  )[0]!;

export const updateFreeze = async (
  db: Executor,
  businessId: number,
  freezeId: number,
  values: Partial<NewFreeze>,
) =>
  db
    .update(freezes)
    .set(values)
    .where(ofBusiness(freezes, businessId, freezeId));

/**
 * The end day of the member's approved freeze covering `today`, or null: kora_frozen_until, as
 * the check-in and the member answers read it.
 */
export const frozenUntil = async (
  db: Executor,
  businessId: number,
  memberId: number,
  today: string,
): Promise<string | null> =>
  rowsOf<{ end: string | null }>(
    await db.execute(
      sql`select kora_frozen_until(${businessId}::integer, ${memberId}::integer, ${today}::date)::text as "end"`,
    ),
  )[0]?.end ?? null;

/**
 * The member's own subscriptions (bought by their own payment or imported, not a group's cover
 * of them; not withdrawn or voided) that end on or after `from`, with their plan's freeze rules.
 */
export const ownSubscriptionsFrom = async (
  db: Executor,
  businessId: number,
  memberId: number,
  from: string,
) =>
  db
    .select({
      id: subscriptions.id,
      startDate: subscriptions.startDate,
      expiryDate: subscriptions.expiryDate,
      createdAt: subscriptions.createdAt,
      planId: subscriptions.subscriptionTypeId,
      planName: plans.name,
      freezeAllowed: plans.freezeAllowed,
      freezeMinDays: plans.freezeMinDays,
      freezeMaxDays: plans.freezeMaxDays,
      freezeMaxDaysPerYear: plans.freezeMaxDaysPerYear,
      freezeMaxPerYear: plans.freezeMaxPerYear,
      freezeFeeKobo: plans.freezeFeeKobo,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
    .where(
      inBusiness(
        subscriptions,
        businessId,
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.isActive, true),
        isNull(subscriptions.groupSubscriptionId),
        gte(subscriptions.expiryDate, from),
      ),
    )
    .orderBy(subscriptions.startDate, subscriptions.id);

/**
 * Moves subscriptions (and the group cover rows they pay for) by `days` (negative: back):
 * `extend` ones only at their end, `shift` ones at both start and end.
 */
export const moveSubscriptions = async (
  db: Executor,
  businessId: number,
  moves: { extend: number[]; shift: number[] },
  days: number,
) => {
  const touch = (ids: number[]) =>
    inBusiness(
      subscriptions,
      businessId,
      or(inArray(subscriptions.id, ids), inArray(subscriptions.groupSubscriptionId, ids)),
    );
  if (moves.extend.length > 0)
    await db
      .update(subscriptions)
      .set({ expiryDate: sql`${subscriptions.expiryDate} + ${days}::int` })
      .where(touch(moves.extend));
  if (moves.shift.length > 0)
    await db
      .update(subscriptions)
      .set({
        startDate: sql`${subscriptions.startDate} + ${days}::int`,
        expiryDate: sql`${subscriptions.expiryDate} + ${days}::int`,
      })
      .where(touch(moves.shift));
};

/** A page of the business's freeze requests waiting for approval, newest first. */
export const pendingRequests = async (
  db: Executor,
  businessId: number,
  page: { limit: number; offset: number },
) => {
  const where = inBusiness(freezes, businessId, eq(freezes.status, 'requested'));
  const rows = await db
    .select({
      freeze: freezes,
      feeDueKobo: feeDue,
      member: {
        id: members.id,
        member_id: members.memberCode,
        first_name: members.firstName,
        last_name: members.lastName,
      },
    })
    .from(freezes)
    .innerJoin(members, eq(members.id, freezes.memberId))
    .where(where)
    .orderBy(desc(freezes.createdAt), desc(freezes.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await db.select({ n: count() }).from(freezes).where(where);
  return { rows, total: total[0]?.n ?? 0 };
};
