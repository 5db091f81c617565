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
import type { BatchReader } from '../../lib/export-file';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { toSubscription } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';

export { toPaymentMember, toSubscription, type MemberBrief } from './subscriptions.mapper';
export type { SubscriptionRow } from './subscriptions.repository';

type SubscriptionFilterQuery = Pick<
  SubscriptionListQuery,
  'member_id' | 'subscription_type_id' | 'status' | 'start_date' | 'end_date'
>;

/** The list's filters as the repository takes them (the export's too). */
const filtersOf = (query: SubscriptionFilterQuery): repo.SubscriptionFilters => ({
  memberId: query.member_id,
  planId: query.subscription_type_id,
  status: query.status,
  from: query.start_date,
  to: query.end_date,
});

export const listSubscriptions = async (
  ctx: AppContext,
  businessId: number,
  query: SubscriptionListQuery,
  today: string = lagosDay(),
): Promise<{ data: Subscription[]; meta: PageMeta }> => {
  const page = await repo.listSubscriptions(
    ctx.db,
    businessId,
    filtersOf(query),
    today,
    pageWindow(query),
  );
  return pageAnswer(query, page, toSubscription);
};

/** The export's batch reader: the subscriptions the list's filters keep, newest first. */
export const subscriptionExportReader = (
  ctx: AppContext,
  businessId: number,
  query: SubscriptionFilterQuery,
  today: string = lagosDay(),
): BatchReader<repo.SubscriptionExportRow> => {
  const filters = filtersOf(query);
  return (after, limit) =>
    repo.exportSubscriptionsBatch(ctx.db, businessId, filters, today, after, limit);
};
export type { SubscriptionExportRow } from './subscriptions.repository';

export const subscriptionSummary = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
): Promise<SubscriptionSummary> =>
  repo.subscriptionSummary(ctx.db, businessId, today, addDays(today, EXPIRING_SOON_DAYS));
