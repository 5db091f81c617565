import QRCode from 'qrcode';
import {
  CHECK_IN_MESSAGES,
  INVALID_NG_PHONE,
  ONLINE_MESSAGES,
  koboToNaira,
  nairaToKobo,
  type DayPassData,
  type DayPassResult,
  type PaymentMethod,
  type Role,
} from '@kora/shared';
import { sha256 } from '../../lib/tokens';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { toNigerianE164 } from '../../lib/phone';
import { recordedAtDetail } from '../../lib/recorded-at';
import { dayPassSettings } from '../business';
import { checkInWithin } from '../check-in';
import { findOrAddWalkIn, getMemberForBusiness, memberLabel } from '../members';
import { createLink, paymentLinksAvailable } from '../online';
import { recordPaymentIn } from '../payments';
import { chosenPlan } from '../plans';
import { recordAudit, type Actor } from '../audit';

export const DAY_PASS_MESSAGES = {
  sold: 'Day pass recorded.',
  linkReady: 'Payment link ready: the walk-in scans the code to pay.',
  /** What a day pass's payment says it was for. */
  purpose: 'Day pass',
} as const;

/** A team user of a business selling the pass (their role: who may read a visit's details). */
export interface Seller {
  businessId: number;
  userId: number;
  role: Role;
}

const noDayPassPlan = () => conflict(CHECK_IN_MESSAGES.noDayPassPlan, 'NO_DAY_PASS_PLAN');

/**
 * The business's day-pass plan as it can be sold now: chosen in Settings, still active, of 1
 * day and for one person; otherwise 409 "Choose your day-pass plan in Settings first." (a plan
 * deactivated or changed since it was chosen is no longer a day pass).
 */
const sellablePlan = async (ctx: AppContext, businessId: number) => {
  const settings = await dayPassSettings(ctx, businessId);
  if (settings.planId === null) throw noDayPassPlan();
  const plan = await chosenPlan(ctx, businessId, settings.planId).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 400) throw noDayPassPlan();
    throw err;
  });
  if (plan.duration !== 1 || plan.duration_type !== 'day' || plan.is_grouped === 1)
    throw noDayPassPlan();
  return { plan, city: settings.city, state: settings.state };
};

/**
 * The walk-in's details: the phone in E.164 (400 on the field otherwise), filed under the
 * business's own city and state (a day pass asks no address; every business has both).
 */
const walkInOf = (input: DayPassData, city: string, state: string) => {
  const mobileNumber = toNigerianE164(input.mobile_number);
  if (!mobileNumber)
    throw badRequest(INVALID_NG_PHONE, 'VALIDATION_ERROR', { mobile_number: INVALID_NG_PHONE });
  return { firstName: input.first_name, lastName: input.last_name, mobileNumber, city, state };
};

/**
 * Sells a day pass to a walk-in: the member of this business with that phone (any form), or a
 * new walk-in (kept with their phone and visits, not a member until they join: see
 * members.is_walk_in); ONE payment of the day-pass plan (1 period, its price
 * computed here) starting today, recorded by `record_payment` like any desk payment; and, when
 * asked, their visit (found by phone), all in one transaction: nothing is kept if any part
 * fails. The same Idempotency-Key again answers the first sale and records nothing more.
 *
 * Paystack: only when the gym has connected it (409 otherwise). The walk-in is found or added
 * and a payment link for the plan is answered with its QR for their phone; the payment is
 * recorded when Paystack confirms it, as for every link, and they are checked in at the desk
 * then (no visit before the money).
 */
export const sellDayPass = async (
  ctx: AppContext,
  seller: Seller,
  input: DayPassData,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ data: DayPassResult; replayed: boolean }> => {
  const { businessId } = seller;
  const { plan, city, state } = await sellablePlan(ctx, businessId);
  const walkIn = walkInOf(input, city, state);
  // The day pass's keys never meet a key the desk sent for a payment or a link; hashed, so a key
  // of the longest length allowed still fits the 100-character key columns with the prefix.
  const key = idempotencyKey ? `day-pass:${sha256(idempotencyKey).slice(0, 40)}` : undefined;

  if (input.method === 'Paystack') {
    if (!(await paymentLinksAvailable(ctx, businessId)))
      throw conflict(ONLINE_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
    const { id } = await ctx.db.transaction((tx) => findOrAddWalkIn(tx, businessId, walkIn, actor));
    // The link's own entry (payment_link.create) says who made it for whom; the payment's
    // comes when Paystack confirms it.
    const link = await createLink(
      ctx,
      seller,
      id,
      { subscription_type_id: plan.id, duration: 1, channel: 'copy' },
      key,
      actor,
    );
    return {
      data: {
        member: await getMemberForBusiness(ctx, businessId, id),
        payment: null,
        payment_link: { url: link.url, qr_svg: await QRCode.toString(link.url, { type: 'svg' }) },
        check_in: null,
      },
      // A retry with the same key answers the first link (201, as a payment's retry does).
      replayed: false,
    };
  }

  const now = new Date();
  const sold = await ctx.db.transaction(async (tx) => {
    const member = await findOrAddWalkIn(tx, businessId, walkIn, actor);
    const { payment, replayed } = await recordPaymentIn(
      ctx,
      tx,
      seller,
      {
        member_id: member.id,
        subscription_type_id: plan.id,
        amount: koboToNaira(nairaToKobo(plan.amount)),
        purpose: DAY_PASS_MESSAGES.purpose,
        method: input.method as PaymentMethod,
        duration: 1,
        // An offline desk's sale: the payment checks the time (422 out of bounds, nothing
        // kept) and takes its day from it; a replay answers the first sale.
        recorded_at: input.recorded_at,
      },
      { idempotencyKey: key, now },
    );
    // The visit is at the sale's time: the desk's time for an offline sale, and on a replay
    // the first sale's (its visit is then answered again, not a second one).
    const recordedAt =
      input.recorded_at !== undefined || replayed ? new Date(payment.recorded_at) : undefined;
    // Checked in as at the desk, in this transaction, the visit reading "Day pass": the verdict
    // reads the payment just made, and a visit of the last 2 hours is answered instead of a new
    // one.
    const visit = input.check_in
      ? (
          await checkInWithin(
            tx,
            seller,
            { member_id: member.id, found_by: 'day_pass' },
            recordedAt ?? now,
          )
        ).result
      : null;
    // The sale in the trail beside its payment's own entry (a replayed sale writes nothing).
    if (!replayed) {
      const buyer = await getMemberForBusiness(ctx, businessId, member.id, tx);
      await recordAudit(tx, actor, {
        businessId,
        action: 'day_pass.sell',
        recordKind: 'payment',
        recordId: payment.id,
        recordLabel: memberLabel(buyer),
        memberId: member.id,
        paymentId: payment.id,
        detail: {
          plan: plan.name,
          amount_kobo: nairaToKobo(plan.amount),
          method: input.method,
          new_member: member.added,
          checked_in: visit !== null,
          ...recordedAtDetail(recordedAt),
        },
      });
    }
    return { memberId: member.id, payment, replayed, visit };
  });
  return {
    data: {
      member: await getMemberForBusiness(ctx, businessId, sold.memberId),
      payment: sold.payment,
      payment_link: null,
      check_in: sold.visit,
    },
    replayed: sold.replayed,
  };
};
