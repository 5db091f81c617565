import { subscriptionContracts } from '@/lib/api-routes';
import { listQuery, type ListFilters } from '@/components/list';
import { callApi } from '@/lib/api-client';
import { listsOf, queryRoots } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** The subscriptions list shows 20 a page. */
export const SUBSCRIPTIONS_PER_PAGE = 20;

export interface SubscriptionListParams extends ListFilters {
  page: number;
}

export const subscriptionsKey = queryRoots.subscriptions;
const subscriptionListKey = (p: SubscriptionListParams) =>
  [...listsOf(subscriptionsKey), p] as const;
const subscriptionSummaryKey = [...subscriptionsKey, 'summary'] as const;

export const subscriptionsApi = {
  list: (params: SubscriptionListParams) =>
    callApi(subscriptionContracts.list, {
      query: listQuery(params.page, SUBSCRIPTIONS_PER_PAGE, params),
    }),
  summary: () => callApi(subscriptionContracts.summary),
};

export const useSubscriptions = (params: SubscriptionListParams) =>
  usePagedQuery(subscriptionListKey(params), () => subscriptionsApi.list(params));

/** Active, upcoming, expiring (within 7 days) and expired counts, from the server. */
export const useSubscriptionSummary = () =>
  useDataQuery(subscriptionSummaryKey, () => subscriptionsApi.summary());
