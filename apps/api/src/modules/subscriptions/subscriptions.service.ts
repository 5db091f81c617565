import {
  EXPIRING_SOON_DAYS,
  addDays,
  periodEnd,
  lagosDay,
  type DurationType,
  type PageMeta,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionSummary,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { toSubscription } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';

export { toPaymentMember, toSubscription, type MemberBrief } from './subscriptions.mapper';
export type { SubscriptionRow } from './subscriptions.repository';

/**
 * The period `duration` plan periods bought from `start`: the last day included is the day
 * before start + plan.duration × duration units (31 Jan + 1 month → ends 27 Feb, the next one
 * starts 28 Feb).
 */
export const subscriptionPeriod = (
  start: string,
  plan: { duration: number; durationType: DurationType },
  duration: number,
): { start: string; expiry: string } => ({
  start,
  expiry: periodEnd(start, plan.durationType, plan.duration * duration),
});

/**
 * Creates the subscription a payment bought, inside the payment's transaction, after the
 * member row was locked: it starts today, or the day after `runningUntil` (the last day of the
 * member's running subscription of the same plan): a renewal extends, it never overlaps.
 */
export const startSubscription = async (
  tx: Executor,
  input: {
    businessId: number;
    memberId: number;
    plan: { id: number; duration: number; durationType: DurationType };
    duration: number;
    amountKobo: number;
    paymentId: number;
    runningUntil: string | null;
    today: string;
  },
): Promise<repo.SubscriptionRow> => {
  const start =
    input.runningUntil && input.runningUntil >= input.today
      ? addDays(input.runningUntil, 1)
      : input.today;
  const period = subscriptionPeriod(start, input.plan, input.duration);
  return repo.insertSubscription(tx, {
    businessId: input.businessId,
    memberId: input.memberId,
    subscriptionTypeId: input.plan.id,
    paymentId: input.paymentId,
    startDate: period.start,
    expiryDate: period.expiry,
    duration: input.duration,
    durationType: input.plan.durationType,
    planDuration: input.plan.duration,
    amountKobo: input.amountKobo,
  });
};

export const listSubscriptions = async (
  ctx: AppContext,
  businessId: number,
  query: SubscriptionListQuery,
  today: string = lagosDay(),
): Promise<{ data: Subscription[]; meta: PageMeta }> => {
  const page = await repo.listSubscriptions(
    ctx.db,
    businessId,
    {
      memberId: query.member_id,
      planId: query.subscription_type_id,
      status: query.status,
      from: query.start_date,
      to: query.end_date,
    },
    today,
    pageWindow(query),
  );
  return pageAnswer(query, page, toSubscription);
};

export const subscriptionSummary = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
): Promise<SubscriptionSummary> =>
  repo.subscriptionSummary(ctx.db, businessId, today, addDays(today, EXPIRING_SOON_DAYS));
