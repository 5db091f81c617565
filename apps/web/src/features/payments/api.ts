import { useMutation } from '@tanstack/react-query';
import { paymentContracts, type RecordPaymentInput } from '@kora/shared';
import { listQuery, type ListFilters } from '@/components/list';
import { callApi, idempotent } from '@/lib/api-client';
import { listsOf, queryRoots, useRefreshAfter } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** Payments list: 20 a page. */
export const PAYMENTS_PER_PAGE = 20;

export interface PaymentListParams extends ListFilters {
  page: number;
}

const paymentsKey = queryRoots.payments;
const paymentListKey = (p: PaymentListParams) => [...listsOf(paymentsKey), p] as const;
const paymentSummaryKey = [...paymentsKey, 'summary'] as const;
export const recordPaymentKey = [...paymentsKey, 'record'] as const;

const paymentsApi = {
  list: (params: PaymentListParams) =>
    callApi(paymentContracts.list, { query: listQuery(params.page, PAYMENTS_PER_PAGE, params) }),
  summary: () => callApi(paymentContracts.summary),
  /** The same key for a retried submission: the server records it once. */
  record: (input: RecordPaymentInput, idempotencyKey: string) =>
    callApi(paymentContracts.record, { body: input, headers: idempotent(idempotencyKey) }),
};

export const usePayments = (params: PaymentListParams) =>
  usePagedQuery(paymentListKey(params), () => paymentsApi.list(params));

/** Computed by the server over all the business's payments, not the page shown. */
export const usePaymentSummary = () => useDataQuery(paymentSummaryKey, () => paymentsApi.summary());

/**
 * Records a payment (which creates the subscription). Afterwards what a payment changes loads
 * again (see REFRESH_AFTER), in the background: the confirmation does not wait for it.
 */
export const useRecordPayment = () => {
  const refresh = useRefreshAfter('payment');
  return useMutation({
    mutationKey: recordPaymentKey,
    mutationFn: ({ input, key }: { input: RecordPaymentInput; key: string }) =>
      paymentsApi.record(input, key),
    onSuccess: () => {
      void refresh();
    },
  });
};
