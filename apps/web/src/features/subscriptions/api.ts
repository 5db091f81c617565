import { useQuery } from '@tanstack/react-query';
import type { ApiPage, Subscription, SubscriptionSummary } from '@kora/shared';
import { http } from '@/lib/http';
import { usePagedQuery } from '@/lib/use-paged-query';
import { listQuery, type ListFilters } from './list-filters';

/** The subscriptions list shows 20 a page. */
export const SUBSCRIPTIONS_PER_PAGE = 20;

export interface SubscriptionListParams extends ListFilters {
  page: number;
}

export const subscriptionsKey = ['subscriptions'] as const;
export const subscriptionListKey = (p: SubscriptionListParams) =>
  [...subscriptionsKey, 'list', p] as const;
export const subscriptionSummaryKey = [...subscriptionsKey, 'summary'] as const;

export const subscriptionsApi = {
  list: (params: SubscriptionListParams) =>
    http.get<Subscription[]>(
      `/v1/subscription?${listQuery(params.page, SUBSCRIPTIONS_PER_PAGE, params)}`,
    ) as Promise<ApiPage<Subscription>>,
  summary: () => http.get<SubscriptionSummary>('/v1/subscription/summary'),
};

export const useSubscriptions = (params: SubscriptionListParams) =>
  usePagedQuery(subscriptionListKey(params), () => subscriptionsApi.list(params));

/** Active, upcoming, expiring (within 7 days) and expired counts, from the server. */
export const useSubscriptionSummary = () =>
  useQuery({
    queryKey: subscriptionSummaryKey,
    queryFn: async () => (await subscriptionsApi.summary()).data,
  });
