import { and, count, desc, eq, sql } from 'drizzle-orm';
import { senderBrief } from '../../db/briefs';
import type { Db, Executor } from '../../db/client';
import {
  businesses,
  members,
  paymentLinks,
  payments,
  paystackAccounts,
  paystackCharges,
  plans,
  subscriptions,
  transferAccounts,
} from '../../db/schema';
import { readPage } from '../../lib/paging';
import { rowsOf } from '../../db/payment-days';
import { ofBusiness } from '../../db/tenant';

export type AccountRow = typeof paystackAccounts.$inferSelect;
type LinkRow = typeof paymentLinks.$inferSelect;
export type ChargeRow = typeof paystackCharges.$inferSelect;
export type TransferAccountRow = typeof transferAccounts.$inferSelect;

// ---- The Paystack account -------------------------------------------------------------------

export const findAccount = async (exec: Executor, businessId: number) =>
  (
    await exec.select().from(paystackAccounts).where(eq(paystackAccounts.businessId, businessId))
  )[0];

/** The business's account, locked for the rest of the transaction (what a change replaces). */
export const lockAccount = async (exec: Executor, businessId: number) =>
  (
    await exec
      .select()
      .from(paystackAccounts)
      .where(eq(paystackAccounts.businessId, businessId))
      .for('update')
  )[0];

/** Connects or replaces the key; a replaced key keeps the counters and the switches. */
export const saveAccount = async (
  exec: Executor,
  v: Pick<AccountRow, 'businessId' | 'secretKeyEnc' | 'keyLast4' | 'mode' | 'connectedBy'>,
) =>
  (
    await exec
      .insert(paystackAccounts)
      .values(v)
      .onConflictDoUpdate({
        target: paystackAccounts.businessId,
        set: {
          secretKeyEnc: v.secretKeyEnc,
          keyLast4: v.keyLast4,
          mode: v.mode,
          connectedBy: v.connectedBy,
          connectedAt: sql`now()`,
        },
      })
      .returning()
  )[0]!;

export const setTransferAccounts = async (exec: Executor, businessId: number, on: boolean) =>
  (
    await exec
      .update(paystackAccounts)
      .set({ transferAccounts: on })
      .where(eq(paystackAccounts.businessId, businessId))
      .returning()
  )[0];

export const deleteAccount = (exec: Executor, businessId: number) =>
  exec.delete(paystackAccounts).where(eq(paystackAccounts.businessId, businessId));

/** Counts a webhook event that carried a valid signature. */
export const countEvent = (exec: Executor, businessId: number) =>
  exec
    .update(paystackAccounts)
    .set({ eventsReceived: sql`${paystackAccounts.eventsReceived} + 1`, lastEventAt: sql`now()` })
    .where(eq(paystackAccounts.businessId, businessId));

export const countHeld = async (exec: Executor, businessId: number) =>
  (
    await exec
      .select({ n: count() })
      .from(paystackCharges)
      .where(and(eq(paystackCharges.businessId, businessId), eq(paystackCharges.state, 'held')))
  )[0]?.n ?? 0;

// ---- Payment links --------------------------------------------------------------------------

/** A link with its plan's name, as lists show it. */
const linkColumns = { link: paymentLinks, planName: plans.name };
export type LinkWithPlan = { link: LinkRow; planName: string };

const selectLinks = (exec: Executor) =>
  exec
    .select(linkColumns)
    .from(paymentLinks)
    .innerJoin(plans, eq(plans.id, paymentLinks.subscriptionTypeId));

export const insertLink = async (exec: Executor, v: typeof paymentLinks.$inferInsert) =>
  (
    await exec
      .insert(paymentLinks)
      .values(v)
      .onConflictDoNothing({ target: [paymentLinks.businessId, paymentLinks.idempotencyKey] })
      .returning({ id: paymentLinks.id })
  )[0];

export const findLink = async (exec: Executor, businessId: number, id: number) =>
  (await selectLinks(exec).where(ofBusiness(paymentLinks, businessId, id)))[0];

export const findLinkByKey = async (exec: Executor, businessId: number, key: string) =>
  (
    await selectLinks(exec).where(
      and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.idempotencyKey, key)),
    )
  )[0];

export const findLinkByReference = async (exec: Executor, businessId: number, reference: string) =>
  (
    await exec
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.reference, reference)))
  )[0];

export const listLinks = (
  db: Db,
  businessId: number,
  memberId: number,
  window: { limit: number; offset: number },
) => {
  const where = and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.memberId, memberId));
  return readPage(
    selectLinks(db)
      .where(where)
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(paymentLinks).where(where),
  );
};

/** sent → cancelled; undefined when the link is not waiting (or not this business's). */
export const cancelLink = async (exec: Executor, businessId: number, id: number) =>
  (
    await exec
      .update(paymentLinks)
      .set({ state: 'cancelled' })
      .where(
        and(
          eq(paymentLinks.businessId, businessId),
          eq(paymentLinks.id, id),
          eq(paymentLinks.state, 'sent'),
        ),
      )
      .returning({ id: paymentLinks.id })
  )[0];

/** Every link still waiting is cancelled (the account was disconnected). */
/** Cancels the business's links still waiting for payment; answers how many. */
export const cancelWaitingLinks = async (exec: Executor, businessId: number) =>
  (
    await exec
      .update(paymentLinks)
      .set({ state: 'cancelled' })
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.state, 'sent')))
      .returning({ id: paymentLinks.id })
  ).length;

/**
 * The link is paid (or held) by `paymentId`: answers the link when this call changed it, so
 * whatever follows a payment (the receipt) happens once, however many times it is confirmed.
 */
export const settleLink = async (
  exec: Executor,
  linkId: number,
  state: 'paid' | 'held',
  paymentId: number | null,
) =>
  (
    await exec
      .update(paymentLinks)
      .set({ state, paymentId, paidAt: sql`coalesce(${paymentLinks.paidAt}, now())` })
      .where(
        and(
          eq(paymentLinks.id, linkId),
          sql`${paymentLinks.state} in ('sent', 'expired', 'cancelled')` as never,
        ),
      )
      .returning({ id: paymentLinks.id })
  )[0];

/** A held link's payment was assigned by staff: it is paid. */
export const markHeldLinkPaid = (exec: Executor, linkId: number, paymentId: number) =>
  exec
    .update(paymentLinks)
    .set({ state: 'paid', paymentId })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.state, 'held')));

/**
 * Claims up to `limit` links still waiting `afterMinutes` after they were sent, marking them
 * checked now: first checked then, again every 6 hours, and once more after they expired (FOR
 * UPDATE SKIP LOCKED: several instances never check one link together).
 */
export const claimWaitingLinks = async (db: Db, afterMinutes: number, limit: number) =>
  rowsOf<{ id: number; business_id: number; reference: string; expired: boolean }>(
    await db.execute(sql`
      update payment_links l set checked_at = now()
      from (
        select id from payment_links
        where state = 'sent' and created_at < now() - make_interval(mins => ${afterMinutes}::int)
          and (checked_at is null or checked_at < now() - interval '6 hours'
            or (expires_at < now() and checked_at < expires_at))
        order by created_at
        limit ${limit}::int
        for update skip locked
      ) due
      where l.id = due.id
      returning l.id, l.business_id, l.reference, l.expires_at < now() as expired`),
  );

export const expireLink = (exec: Executor, linkId: number) =>
  exec
    .update(paymentLinks)
    .set({ state: 'expired' })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.state, 'sent')));

/** The reference of the business's latest payment link (what Paystack knows of its account). */
export const latestLinkReference = async (exec: Executor, businessId: number) =>
  (
    await exec
      .select({ reference: paymentLinks.reference })
      .from(paymentLinks)
      .where(eq(paymentLinks.businessId, businessId))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(1)
  )[0]?.reference;

/** The public page's link: any business's, by its unguessable reference. */
export const findPayPage = async (db: Db, reference: string) =>
  (
    await db
      .select({
        link: paymentLinks,
        businessName: businesses.name,
        logoUrl: businesses.logoUrl,
        firstName: members.firstName,
        planName: plans.name,
        planDuration: plans.duration,
        durationType: plans.durationType,
        expiryDate: subscriptions.expiryDate,
        isFirst: subscriptions.isFirst,
        connected: sql<boolean>`${paystackAccounts.businessId} is not null`,
      })
      .from(paymentLinks)
      .innerJoin(businesses, eq(businesses.id, paymentLinks.businessId))
      .innerJoin(members, eq(members.id, paymentLinks.memberId))
      .innerJoin(plans, eq(plans.id, paymentLinks.subscriptionTypeId))
      .leftJoin(subscriptions, eq(subscriptions.paymentId, paymentLinks.paymentId))
      .leftJoin(paystackAccounts, eq(paystackAccounts.businessId, paymentLinks.businessId))
      .where(eq(paymentLinks.reference, reference))
  )[0];

// ---- Charges (applied and held) -------------------------------------------------------------

/** Records a charge once per reference; undefined when it was recorded before. */
export const insertCharge = async (exec: Executor, v: typeof paystackCharges.$inferInsert) =>
  (
    await exec
      .insert(paystackCharges)
      .values(v)
      .onConflictDoNothing({ target: [paystackCharges.businessId, paystackCharges.reference] })
      .returning({ id: paystackCharges.id })
  )[0];

const chargeColumns = {
  charge: paystackCharges,
  memberFirstName: members.firstName,
  memberLastName: members.lastName,
};
export type ChargeWithMember = {
  charge: ChargeRow;
  memberFirstName: string | null;
  memberLastName: string | null;
};

const selectCharges = (exec: Executor) =>
  exec
    .select(chargeColumns)
    .from(paystackCharges)
    .leftJoin(members, eq(members.id, paystackCharges.memberId));

export const findCharge = async (exec: Executor, businessId: number, id: number, lock = false) => {
  const q = selectCharges(exec).where(ofBusiness(paystackCharges, businessId, id));
  return (await (lock ? q.for('update', { of: paystackCharges }) : q))[0];
};

export const listCharges = (
  db: Db,
  businessId: number,
  state: string,
  window: { limit: number; offset: number },
) => {
  const where = and(eq(paystackCharges.businessId, businessId), eq(paystackCharges.state, state));
  return readPage(
    selectCharges(db)
      .where(where)
      .orderBy(desc(paystackCharges.receivedAt), desc(paystackCharges.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(paystackCharges).where(where),
  );
};

export const resolveCharge = (
  exec: Executor,
  id: number,
  v: Pick<ChargeRow, 'state' | 'note' | 'paymentId' | 'resolvedBy' | 'memberId'>,
) =>
  exec
    .update(paystackCharges)
    .set({ ...v, resolvedAt: sql`now()` })
    .where(and(eq(paystackCharges.id, id), eq(paystackCharges.state, 'held')));

// ---- Transfer accounts ----------------------------------------------------------------------

export const findTransferAccount = async (exec: Executor, businessId: number, memberId: number) =>
  (
    await exec
      .select()
      .from(transferAccounts)
      .where(
        and(eq(transferAccounts.businessId, businessId), eq(transferAccounts.memberId, memberId)),
      )
  )[0];

export const findTransferAccountByCustomer = async (
  exec: Executor,
  businessId: number,
  customerCode: string,
) =>
  (
    await exec
      .select()
      .from(transferAccounts)
      .where(
        and(
          eq(transferAccounts.businessId, businessId),
          eq(transferAccounts.customerCode, customerCode),
        ),
      )
  )[0];

/** Keeps the first account when two requests create one at once. */
export const insertTransferAccount = async (
  exec: Executor,
  v: typeof transferAccounts.$inferInsert,
) => {
  await exec
    .insert(transferAccounts)
    .values(v)
    .onConflictDoNothing({ target: [transferAccounts.businessId, transferAccounts.memberId] });
  return (await findTransferAccount(exec, v.businessId, v.memberId))!;
};

export const setSentBy = (exec: Executor, id: number, channel: string) =>
  exec.update(transferAccounts).set({ sentBy: channel }).where(eq(transferAccounts.id, id));

/**
 * The plan a transfer renews: the plan of the member's latest subscription (by last day), with
 * its price and whether it is still offered; undefined when the member never subscribed.
 */
export const currentPlanOf = async (exec: Executor, businessId: number, memberId: number) =>
  (
    await exec
      .select({
        id: plans.id,
        name: plans.name,
        amountKobo: plans.amountKobo,
        isActive: plans.isActive,
        /** The latest subscription: a group plan's renewal covers the group it covers. */
        subscriptionId: subscriptions.id,
        /** Set when the member is covered by another member's group subscription. */
        groupSubscriptionId: subscriptions.groupSubscriptionId,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.subscriptionTypeId))
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.memberId, memberId)))
      .orderBy(desc(subscriptions.expiryDate), desc(subscriptions.id))
      .limit(1)
  )[0];

/** What a member's message from the business shows: its name, e-mail address and logo. */
export const businessSender = async (exec: Executor, businessId: number) =>
  (await exec.select(senderBrief).from(businesses).where(eq(businesses.id, businessId)))[0] ?? {
    name: '',
    email: null,
    logoUrl: null,
  };

export const planName = async (exec: Executor, businessId: number, planId: number) =>
  (
    await exec
      .select({ name: plans.name })
      .from(plans)
      .where(ofBusiness(plans, businessId, planId))
  )[0]?.name ?? '';

/** The payment recorded for a Paystack reference (its key), if any. */
export const paymentIdOfKey = async (exec: Executor, businessId: number, reference: string) =>
  (
    await exec
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.idempotencyKey, `paystack:${reference}`),
        ),
      )
  )[0]?.id ?? null;
