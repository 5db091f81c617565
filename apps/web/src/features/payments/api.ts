import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiPage,
  Payment,
  PaymentSummary,
  RecordPaymentInput,
  RecordedPayment,
} from '@kora/shared';
import { http } from '@/lib/http';
import { usePagedQuery } from '@/lib/use-paged-query';
import { membersKey } from '@/features/members/api';
import { plansKey } from '@/features/subscription-plans';
import { listQuery, subscriptionsKey, type ListFilters } from '@/features/subscriptions';

/** Payments list page size (spec 02 §7). */
export const PAYMENTS_PER_PAGE = 20;

export interface PaymentListParams extends ListFilters {
  page: number;
}

export const paymentsKey = ['payments'] as const;
export const paymentListKey = (p: PaymentListParams) => [...paymentsKey, 'list', p] as const;
export const paymentSummaryKey = [...paymentsKey, 'summary'] as const;
export const recordPaymentKey = [...paymentsKey, 'record'] as const;

export const paymentsApi = {
  list: (params: PaymentListParams) =>
    http.get<Payment[]>(
      `/v1/payment?${listQuery(params.page, PAYMENTS_PER_PAGE, params)}`,
    ) as Promise<ApiPage<Payment>>,
  summary: () => http.get<PaymentSummary>('/v1/payment/summary'),
  /** The same key for a retried submission: the server records it once. */
  record: (input: RecordPaymentInput, idempotencyKey: string) =>
    http.post<RecordedPayment>('/v1/payment', input, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
};

export const usePayments = (params: PaymentListParams) =>
  usePagedQuery(paymentListKey(params), () => paymentsApi.list(params));

/** Computed by the server over all the business's payments (03-decisions §5). */
export const usePaymentSummary = () =>
  useQuery({
    queryKey: paymentSummaryKey,
    queryFn: async () => (await paymentsApi.summary()).data,
  });

/**
 * Records a payment (which creates the subscription). Afterwards the payments, subscriptions,
 * their summaries, the members (lists, summary and the member's details) and the plans'
 * subscription counts load again, in the background: the confirmation does not wait for them.
 */
export const useRecordPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: recordPaymentKey,
    mutationFn: ({ input, key }: { input: RecordPaymentInput; key: string }) =>
      paymentsApi.record(input, key),
    onSuccess: () => {
      for (const queryKey of [paymentsKey, subscriptionsKey, membersKey, [...plansKey, 'stats']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
};
