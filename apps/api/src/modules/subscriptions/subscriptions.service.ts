import {
  EXPIRING_SOON_DAYS,
  addDays,
  lagosDay,
  type PageMeta,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionSummary,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { toSubscription } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';

export { toPaymentMember, toSubscription, type MemberBrief } from './subscriptions.mapper';
export type { SubscriptionRow } from './subscriptions.repository';

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
