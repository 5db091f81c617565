import {
  PAID_ON_MAX_DAYS_BACK,
  PAYMENT_RECORD_MESSAGES as M,
  addDays,
  canGiveDiscount,
  lagosDay,
  nairaToKobo,
  type RecordPaymentData,
  type Role,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { staffAllowances } from '../business';

/*
 * What a team user may add to a payment at Record Payment beyond the computed amount: a
 * discount (owners and admins; staff when the owner allows it), an earlier day paid (owners and
 * admins), and an offline desk's time (`recorded_at`: for staff only as the offline desk sends
 * it, a Cash payment with its Idempotency-Key, so an online payment by staff is always today's).
 */

const refused = (code: string, message: string, field: string) =>
  new AppError(403, code, message, { [field]: message });

/**
 * Refuses (403, naming the field) what the recorder's role may not send. A sale without a role
 * (a kiosk's, a day pass's) sends none of it.
 */
export const checkDeskTerms = async (
  ctx: AppContext,
  who: { businessId: number; role?: Role },
  input: RecordPaymentData,
  key: string | null,
  recordedAt: Date | undefined,
): Promise<void> => {
  if (input.paid_on !== undefined && input.recorded_at !== undefined)
    throw badRequest(M.paidOnAndRecordedAt, 'VALIDATION_ERROR', { paid_on: M.paidOnAndRecordedAt });
  const { role } = who;
  if (!role || role === 'owner' || role === 'admin') return;
  if (input.paid_on !== undefined)
    throw refused('PAID_ON_NOT_ALLOWED', M.paidOnNotAllowed, 'paid_on');
  // A retry of an offline payment already recorded has no time left (recordedAtOf said so).
  if (
    recordedAt !== undefined &&
    (!key || input.method !== 'Cash' || (input.group_member_ids ?? []).length > 0)
  )
    throw refused('RECORDED_AT_OFFLINE_ONLY', M.staffRecordedAt, 'recorded_at');
  if (input.discount && !canGiveDiscount(role, await staffAllowances(ctx, who.businessId)))
    throw refused('DISCOUNT_NOT_ALLOWED', M.discountNotAllowed, 'discount');
};

/** The discount as record_payment takes it: kobo off, or a percent in hundredths. */
export const discountOf = (input: RecordPaymentData) => {
  const d = input.discount;
  if (!d) return undefined;
  return d.type === 'naira'
    ? { kobo: nairaToKobo(d.value), reason: d.reason }
    : { bp: Math.round(d.value * 100), reason: d.reason };
};

/**
 * The day paid an owner or admin entered: today (Lagos) or up to 31 days before, else 422 with
 * the field's message; absent: undefined. A retry of a payment already recorded under its key
 * (`replayed`, asked only when the day is out of bounds) answers the first payment, so the day is
 * then ignored rather than refused.
 */
export const paidOnOf = async (
  day: string | undefined,
  now: Date,
  replayed: () => Promise<boolean>,
): Promise<string | undefined> => {
  if (day === undefined) return undefined;
  const today = lagosDay(now);
  const problem =
    day > today
      ? M.paidOnFuture
      : day < addDays(today, -PAID_ON_MAX_DAYS_BACK)
        ? M.paidOnTooOld
        : null;
  if (!problem) return day;
  if (await replayed()) return undefined;
  throw new AppError(422, 'PAID_ON_OUT_OF_RANGE', problem, { paid_on: problem });
};
