import {
  COVER_MESSAGES,
  formatNaira,
  koboToNaira,
  lagosDay,
  monthStart,
  nairaToKobo,
  yearStart,
  pageMeta,
  type PageMeta,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentSummary,
  type RecordPaymentData,
  type RecordedPayment,
  GROUP_MEMBER_PAYER,
  PLAN_NOT_GROUPED,
  REVENUE_HIDDEN,
  discountTooLarge,
  groupTooLarge,
  type DurationType,
  type Role,
  withinMaxCover,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { recordedAtOf } from '../../lib/recorded-at';
import type { BatchReader } from '../../lib/export-file';
import { pageWindow } from '../../lib/paging';
import { getMemberForBusiness, MEMBER_INACTIVE, memberInactive, memberNotFound } from '../members';
import { coveredMembersOf } from '../subscriptions';
import { planInactive, planNotFound } from '../plans';
import { seesRevenue } from '../business';
import { checkDeskTerms, discountOf, paidOnOf } from './payments.terms';
import { toRecordedPayment } from './payments.mapper';
import * as repo from './payments.repository';

const amountMismatch = (expectedKobo: number) =>
  `Amount does not match the plan price × duration (${formatNaira(koboToNaira(expectedKobo))}).`;

/** 400 on the periods: plan length × periods lasts more than 10 years. */
const coverTooLong = () =>
  badRequest(COVER_MESSAGES.payment, 'COVER_TOO_LONG', { duration: COVER_MESSAGES.payment });

/**
 * Refuses (400 on `duration`) periods of a plan that would cover more than 10 years, before a
 * payment link is made or a held payment assigned (`record_payment` refuses it too).
 */
export const checkCover = (
  plan: { duration: number; duration_type: DurationType },
  periods: number,
): void => {
  if (!withinMaxCover(plan.duration_type, plan.duration * periods)) throw coverTooLong();
};

/** Who records the payment: the signed-in team user of the business. */
export interface Recorder {
  businessId: number;
  userId: number;
  /**
   * The team user's role, at the desk's Record Payment: what they may add (a discount, the day
   * paid, an offline desk's time) is checked against it. Absent (a kiosk's or a day pass's
   * sale): nothing of the kind is sent.
   */
  role?: Role;
  /** For the audit trail: 'user' (the default) at the desk, 'kiosk' for a kiosk's sale. */
  actorKind?: 'user' | 'kiosk';
}

/**
 * Records a payment and creates the subscription it bought, in ONE round trip: one call of the
 * database function `record_payment` (db/functions/record_payment.sql), run in autocommit, so the statement is
 * the transaction: a payment never exists without its subscription, nor a subscription without
 * its payment, and the member row is locked only while the database works, not across network
 * round trips (5 round trips before: BEGIN, lock, payment, subscription, COMMIT).
 *
 * Rules, in the order they are checked:
 * - the member row is locked first, in its own statement: concurrent payments for one member
 *   queue there, and every later statement of the function takes a new snapshot (READ
 *   COMMITTED), so it sees the payments and renewals committed before the lock was granted;
 * - a repeated `idempotencyKey` answers the first payment and writes nothing, also when both
 *   requests arrive at once (the second finds the key, or its insert does nothing on the key's
 *   unique index and the first is answered);
 * - member not found (404), plan not found (404), plan inactive, member deactivated (400);
 * - the server computes the amount (plan amount × duration) and refuses a client amount that
 *   differs, stating the right one;
 * - a renewal of the same plan starts the day after the running period's last day (an active
 *   subscription of that plan ending today or later), otherwise today; its last day included
 *   is `kora_period_end` in SQL, the same rule as `periodEnd` in @kora/shared (a test proves
 *   they agree).
 * - a group plan covers the other members named in `group_member_ids` (never the payer, at most
 *   the plan's group limit with the payer, each an active member of this business: a missing
 *   one or another business's answers 404 and nothing is written); an individual plan covers
 *   its payer only. Each covered member gets the payer's plan and days, in the same statement.
 *   A renewal names the group again: a member it leaves out keeps their cover to its end.
 * `today` (Lagos day) is a parameter so tests can pin the calendar.
 */
export const recordPayment = async (
  ctx: AppContext,
  who: Recorder,
  input: RecordPaymentData,
  opts: { idempotencyKey?: string; today?: string; now?: Date } = {},
): Promise<RecordedPayment> => (await recordPaymentIn(ctx, ctx.db, who, input, opts)).payment;

/** Work that follows a payment a team user recorded (not a replay), in the same executor. */
export type DeskPaymentListener = (
  exec: Executor,
  payment: { businessId: number; paymentId: number },
) => Promise<void>;
const deskPaymentListeners = new WeakMap<AppContext, DeskPaymentListener[]>();

/**
 * Adds work to do after each payment a team user records in this app (the receipts module sends
 * the receipt when the business asked for it). Registered once per app, when its routes load.
 */
export const onDeskPaymentRecorded = (ctx: AppContext, listener: DeskPaymentListener): void => {
  deskPaymentListeners.set(ctx, [...(deskPaymentListeners.get(ctx) ?? []), listener]);
};

/**
 * `recordPayment` run by `exec`: in the caller's transaction (the day pass records the walk-in,
 * the payment and the visit together), with the same rules and errors. `replayed`: the key's
 * first payment was answered and nothing was written.
 */
export const recordPaymentIn = async (
  ctx: AppContext,
  exec: Executor,
  who: Recorder,
  input: RecordPaymentData,
  opts: { idempotencyKey?: string; today?: string; now?: Date } = {},
): Promise<{ payment: RecordedPayment; replayed: boolean }> => {
  const { businessId } = who;
  const key = opts.idempotencyKey ?? null;
  // An offline desk's payment is taken when the desk recorded it: its day (paid_on) and the
  // subscription's first day are that Lagos day. A retry of a payment already recorded under
  // its key answers it whatever time it carries.
  const recordedAt = await recordedAtOf(input.recorded_at, opts.now ?? new Date(), async () =>
    key ? (await repo.findPaymentByKey(exec, businessId, key)) !== undefined : false,
  );
  await checkDeskTerms(ctx, who, input, key, recordedAt);
  const paidOn = await paidOnOf(input.paid_on, opts.now ?? new Date(), async () =>
    key ? (await repo.findPaymentByKey(exec, businessId, key)) !== undefined : false,
  );
  const group = input.group_member_ids ?? [];
  if (group.includes(input.member_id))
    throw badRequest(GROUP_MEMBER_PAYER, 'VALIDATION_ERROR', {
      group_member_ids: GROUP_MEMBER_PAYER,
    });
  const outcome = await repo.recordPayment(exec, {
    businessId,
    memberId: input.member_id,
    planId: input.subscription_type_id,
    duration: input.duration,
    amountKobo: nairaToKobo(input.amount),
    method: input.method,
    purpose: input.purpose,
    idempotencyKey: key,
    recordedBy: who.userId,
    today: paidOn ?? opts.today ?? lagosDay(recordedAt ?? opts.now),
    recordedAt: recordedAt ?? null,
    groupMemberIds: group,
    actorKind: who.actorKind ?? 'user',
    discount: discountOf(input),
    paidOnSource: paidOn ? 'entered' : undefined,
  });
  switch (outcome.status) {
    case 'recorded': {
      // What other modules do after a team user's payment (the receipt sent automatically),
      // with the same executor: inside the caller's transaction when there is one, else right
      // after the payment. A replayed key never gets here, so it never runs twice.
      if ((who.actorKind ?? 'user') === 'user')
        for (const listener of deskPaymentListeners.get(ctx) ?? [])
          await listener(exec, { businessId, paymentId: outcome.recorded.payment.id });
      return { payment: await withCovered(exec, businessId, outcome.recorded), replayed: false };
    }
    case 'member_not_found':
      throw memberNotFound();
    case 'plan_not_found':
      throw planNotFound();
    case 'plan_inactive':
      throw planInactive();
    case 'member_inactive':
      throw memberInactive('member_id');
    case 'cover_too_long':
      throw coverTooLong();
    case 'amount_mismatch': {
      const message = amountMismatch(outcome.expectedKobo);
      throw badRequest(message, 'AMOUNT_MISMATCH', { amount: message });
    }
    case 'discount_too_large': {
      const message = discountTooLarge(formatNaira(koboToNaira(outcome.expectedKobo)));
      throw badRequest(message, 'DISCOUNT_TOO_LARGE', { 'discount.value': message });
    }
    case 'plan_not_grouped':
      throw badRequest(PLAN_NOT_GROUPED, 'PLAN_NOT_GROUPED', {
        group_member_ids: PLAN_NOT_GROUPED,
      });
    case 'group_too_large': {
      const message = groupTooLarge(outcome.groupLimit);
      throw badRequest(message, 'GROUP_TOO_LARGE', { group_member_ids: message });
    }
    case 'group_member_not_found':
      throw memberNotFound();
    case 'group_member_inactive':
      throw memberInactive('group_member_ids');
    case 'replayed':
    case 'key_used':
      break;
  }
  // The key's first payment, recorded by an earlier or a simultaneous request.
  const first = await repo.findPaymentByKey(exec, businessId, key!);
  if (!first) throw new Error(`no payment recorded with idempotency key ${key}`);
  return { payment: await withCovered(exec, businessId, first), replayed: true };
};

/** The recorded payment's answer, with the members a group plan covers (read for one only). */
const withCovered = async (exec: Executor, businessId: number, row: repo.RecordedRow) => {
  if (!row.plan.isGrouped) return toRecordedPayment(row);
  const covered = await coveredMembersOf(exec, businessId, [row.subscription.id]);
  return toRecordedPayment(row, covered.get(row.subscription.id));
};

/**
 * The members a group plan is to cover, checked before a payment link is sent (the payment
 * itself checks them again when it is recorded): never the payer, only for a group plan, at
 * most its limit with the payer, each an active member of this business (404 otherwise).
 */
export const checkGroupMembers = async (
  ctx: AppContext,
  businessId: number,
  payerId: number,
  plan: { is_grouped: number; group_limit: number | null },
  ids: readonly number[],
): Promise<void> => {
  if (ids.length === 0) return;
  const field = (message: string, code: string) =>
    badRequest(message, code, { group_member_ids: message });
  if (ids.includes(payerId)) throw field(GROUP_MEMBER_PAYER, 'VALIDATION_ERROR');
  if (plan.is_grouped !== 1) throw field(PLAN_NOT_GROUPED, 'PLAN_NOT_GROUPED');
  const limit = plan.group_limit ?? 1;
  if (ids.length > limit - 1) throw field(groupTooLarge(limit), 'GROUP_TOO_LARGE');
  for (const id of ids) {
    const member = await getMemberForBusiness(ctx, businessId, id);
    if (!member.is_active) throw field(MEMBER_INACTIVE, 'MEMBER_INACTIVE');
  }
};

/** A payment received online (Paystack), recorded exactly as a cash payment is. */
export interface ReceivedPayment {
  businessId: number;
  memberId: number;
  planId: number;
  duration: number;
  /** What was received: it must equal plan amount × duration, or nothing is written. */
  amountKobo: number;
  method: PaymentMethod;
  purpose: string;
  /** `paystack:{reference}`: the same reference never records twice. */
  idempotencyKey: string;
  /** The team user who assigned a held payment; null when it applied by itself. */
  recordedBy: number | null;
  /** For a group plan: the other members the link's payment covers. */
  groupMemberIds?: readonly number[];
  /**
   * Who acted, for the audit trail: 'member' (paid through a payment link), 'paystack' (a
   * transfer into the member's account), 'user' (a team user assigned a held payment).
   */
  actorKind: 'member' | 'paystack' | 'user';
}

/**
 * Records a payment received online, with `record_payment` like every payment, inside the
 * caller's transaction (so what follows from it, the link marked paid and the receipt queued,
 * commits with it). Answers the function's outcome: the caller decides what a refusal means.
 */
export const recordReceivedPayment = (
  exec: Executor,
  p: ReceivedPayment,
  today: string = lagosDay(),
): Promise<repo.RecordOutcome> =>
  repo.recordPayment(exec, {
    businessId: p.businessId,
    memberId: p.memberId,
    planId: p.planId,
    duration: p.duration,
    amountKobo: p.amountKobo,
    method: p.method,
    purpose: p.purpose,
    idempotencyKey: p.idempotencyKey,
    recordedBy: p.recordedBy,
    today,
    groupMemberIds: p.groupMemberIds,
    actorKind: p.actorKind,
  });

/**
 * Records a member's freeze fee as a payment (kind 'freeze_fee', no subscription) inside the
 * caller's transaction, so the freeze and its fee commit together. The key makes it once only:
 * the same key again answers the first payment. A refusal (the plan's fee changed meanwhile, the
 * member deactivated) is a 409/422 in the staff's words, and rolls the freeze back with it.
 */
export const recordFreezeFee = async (
  exec: Executor,
  p: repo.FreezeFeeToRecord,
): Promise<{ paymentId: number; receiptNumber: string }> => {
  const outcome = await repo.recordFreezeFee(exec, p);
  if (outcome.status === 'recorded' || outcome.status === 'replayed') return outcome;
  if (outcome.status === 'member_inactive') throw memberInactive();
  if (outcome.status === 'key_used')
    throw new AppError(409, 'IDEMPOTENCY_CONFLICT', 'This freeze fee is being recorded already.');
  throw new AppError(
    409,
    'FREEZE_FEE_CHANGED',
    "The plan's freeze fee changed meanwhile. Open the freeze again and retry.",
  );
};

/** The list's filters as the repository takes them (the export's too). */
const filtersOf = (query: PaymentFilterQuery): repo.PaymentFilters => ({
  memberId: query.member_id,
  planId: query.subscription_type_id,
  method: query.method,
  from: query.start_date,
  to: query.end_date,
  status: query.status,
  unconfirmedBefore: query.unconfirmed_before,
});
type PaymentFilterQuery = Pick<
  PaymentListQuery,
  | 'member_id'
  | 'subscription_type_id'
  | 'method'
  | 'start_date'
  | 'end_date'
  | 'status'
  | 'unconfirmed_before'
>;

/**
 * A page of the business's payments, newest first, written as the answer's JSON text by
 * PostgreSQL (payments.list-json.ts), with its meta.
 */
export const listPayments = async (
  ctx: AppContext,
  businessId: number,
  query: PaymentListQuery,
): Promise<{ dataJson: string; meta: PageMeta }> => {
  const page = await repo.listPayments(ctx.db, businessId, filtersOf(query), pageWindow(query));
  return { dataJson: page.json, meta: pageMeta(query.page, query.per_page, page.total) };
};

/** The export's batch reader: the payments the list's filters keep, newest first. */
export const paymentExportReader = (
  ctx: AppContext,
  businessId: number,
  query: PaymentFilterQuery,
): BatchReader<repo.PaymentExportRow> => {
  const filters = filtersOf(query);
  return (after, limit) => repo.exportPaymentsBatch(ctx.db, businessId, filters, after, limit);
};
export type { PaymentExportRow } from './payments.repository';

/** The payments export's check: the takings in a file are for those who see revenue (403). */
export const checkSeesRevenue = async (
  ctx: AppContext,
  businessId: number,
  role: Role,
): Promise<void> => {
  if (!(await seesRevenue(ctx, businessId, role)))
    throw forbidden(REVENUE_HIDDEN, 'REVENUE_HIDDEN');
};

/**
 * Over all the business's payments: count, today, this month, year to date and average. The
 * naira totals are null for a `role` that may not see revenue (the count stays).
 */
export const paymentSummary = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
  role: Role = 'owner',
): Promise<PaymentSummary> => {
  const s = await repo.paymentSummary(ctx.db, businessId, {
    today,
    monthStart: monthStart(today),
    yearStart: yearStart(today),
  });
  if (!(await seesRevenue(ctx, businessId, role)))
    return { count: s.count, today: null, this_month: null, year_to_date: null, average: null };
  return {
    count: s.count,
    today: koboToNaira(s.today),
    this_month: koboToNaira(s.thisMonth),
    year_to_date: koboToNaira(s.yearToDate),
    // Whole naira (half a naira up), in integers: kobo in an average is noise to a gym owner.
    average: s.count === 0 ? 0 : Math.floor((s.total + s.count * 50) / (s.count * 100)),
  };
};
