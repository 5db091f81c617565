import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentDetails,
  ReceiptChannel,
  RecordPaymentInput,
  RefundPaymentInput,
} from '@kora/shared';
import { auditContracts, paymentContracts, receiptContracts } from '@/lib/api-routes';
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
/** One payment's details (under the payments, so what refreshes payments refreshes it). */
const paymentKey = (id: number) => [...paymentsKey, 'detail', id] as const;
/** A payment's history: its audit entries (owners and admins). */
const paymentHistoryKey = (id: number) => [...paymentKey(id), 'history'] as const;
/** The business's "Send receipts automatically" setting. */
const receiptSettingsKey = [...paymentsKey, 'receipt-settings'] as const;
/** The most entries a payment's history shows (a payment has a handful). */
const HISTORY_PER_PAGE = 100;

const paymentsApi = {
  list: (params: PaymentListParams) =>
    callApi(paymentContracts.list, { query: listQuery(params.page, PAYMENTS_PER_PAGE, params) }),
  summary: () => callApi(paymentContracts.summary),
  /** The same key for a retried submission: the server records it once. */
  record: (input: RecordPaymentInput, idempotencyKey: string) =>
    callApi(paymentContracts.record, { body: input, headers: idempotent(idempotencyKey) }),
  get: (id: number) => callApi(paymentContracts.get, { params: { id } }),
  void: (id: number, reason: string) =>
    callApi(paymentContracts.void, { params: { id }, body: { reason } }),
  refund: (id: number, input: RefundPaymentInput, idempotencyKey: string) =>
    callApi(paymentContracts.refund, {
      params: { id },
      body: input,
      headers: idempotent(idempotencyKey),
    }),
  confirm: (id: number) => callApi(paymentContracts.confirm, { params: { id } }),
  confirmDay: (day: string) => callApi(paymentContracts.confirmDay, { body: { day } }),
  history: (id: number) =>
    callApi(auditContracts.list, { query: { payment_id: id, per_page: HISTORY_PER_PAGE } }),
  sendReceipt: (id: number, channel: ReceiptChannel) =>
    callApi(receiptContracts.send, { params: { id }, body: { channel } }),
  receiptSettings: () => callApi(receiptContracts.getSettings),
  saveReceiptSettings: (autoSend: boolean) =>
    callApi(receiptContracts.updateSettings, { body: { auto_send: autoSend } }),
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

/** One payment with its refunds, who voided or confirmed it, and what the user may do to it. */
export const usePayment = (id: number) =>
  useDataQuery(paymentKey(id), () => paymentsApi.get(id), { enabled: id > 0 });

/**
 * A change to a payment (void, refund, confirm) answers the payment as it now is: it is kept as
 * answered, and what a payment changes (lists, totals, subscriptions, the dashboard) loads again.
 */
const usePaymentChange = <Input>(
  id: number,
  call: (input: Input) => Promise<{ data: PaymentDetails }>,
) => {
  const refresh = useRefreshAfter('payment');
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      void refresh({ key: paymentKey(id), data: answer.data });
    },
  });
};

export const useVoidPayment = (id: number) =>
  usePaymentChange(id, ({ reason }: { reason: string }) => paymentsApi.void(id, reason));

/** A refund, sent with its submission's Idempotency-Key (a retry records it once). */
export const useRefundPayment = (id: number) =>
  usePaymentChange(id, ({ input, key }: { input: RefundPaymentInput; key: string }) =>
    paymentsApi.refund(id, input, key),
  );

export const useConfirmPayment = (id: number) =>
  usePaymentChange(id, () => paymentsApi.confirm(id));

/** Confirms every unconfirmed desk transfer paid on a Lagos day; answers how many. */
export const useConfirmDay = () => {
  const refresh = useRefreshAfter('payment');
  return useMutation({
    mutationFn: (day: string) => paymentsApi.confirmDay(day),
    onSuccess: () => {
      void refresh();
    },
  });
};

/** The payment's history, newest first (owners and admins only: the caller decides). */
export const usePaymentHistory = (id: number) =>
  useDataQuery(paymentHistoryKey(id), () => paymentsApi.history(id));

/** Sends the payment's receipt by a channel; answers the channel and where it went. */
export const useSendReceipt = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: ReceiptChannel) => paymentsApi.sendReceipt(id, channel),
    // The payment's history now tells the receipt was sent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentHistoryKey(id) }),
  });
};

export const useReceiptSettings = () =>
  useDataQuery(receiptSettingsKey, () => paymentsApi.receiptSettings());

/** Saves "Send receipts automatically"; the setting is kept as answered. */
export const useSaveReceiptSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoSend: boolean) => paymentsApi.saveReceiptSettings(autoSend),
    onSuccess: (answer) => queryClient.setQueryData(receiptSettingsKey, answer.data),
  });
};
