import { useMutation } from '@tanstack/react-query';
import type { RecordCashUpInput } from '@kora/shared';
import { cashUpContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { queryRoots, useRefreshAfter } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';
import type { CashUpFilters } from './cash-up-filters';

/** The cash-ups list: 20 a page. */
export const CASH_UPS_PER_PAGE = 20;

const cashUpsKey = queryRoots.cashUps;
const expectedKey = [...cashUpsKey, 'expected'] as const;

/**
 * A drawer changes with every cash payment anyone records, so what Kora expects is read again
 * each time the page shows (never from a cache older than the visit).
 */
const FRESH = { staleTime: 0, refetchOnMount: 'always' } as const;

const cashUpApi = {
  expected: () => callApi(cashUpContracts.expected),
  /** The same key for a retried submission: the server records it once. */
  record: (input: RecordCashUpInput, idempotencyKey: string) =>
    callApi(cashUpContracts.record, { body: input, headers: idempotent(idempotencyKey) }),
  list: (filters: CashUpFilters, page: number) =>
    callApi(cashUpContracts.list, {
      query: { page, per_page: CASH_UPS_PER_PAGE, ...filters },
    }),
  week: (start: string) => callApi(cashUpContracts.week, { query: { start } }),
};

/** What the signed-in user's drawer should hold now. */
export const useExpectedCash = () => useDataQuery(expectedKey, () => cashUpApi.expected(), FRESH);

/** Records the signed-in user's cash-up; the drawer, the lists and the week load again. */
export const useRecordCashUp = () => {
  const refresh = useRefreshAfter('cash-up');
  return useMutation({
    mutationFn: ({ input, key }: { input: RecordCashUpInput; key: string }) =>
      cashUpApi.record(input, key),
    onSuccess: () => {
      void refresh();
    },
  });
};

/** One page of cash-ups, newest first (staff: their own, whatever the filters say). */
export const useCashUps = (filters: CashUpFilters, page: number) =>
  usePagedQuery([...cashUpsKey, 'list', filters, page], () => cashUpApi.list(filters, page), FRESH);

/** The week from `start` (a Monday): each person's cash-ups per day. */
export const useCashUpWeek = (start: string) =>
  useDataQuery([...cashUpsKey, 'week', start], () => cashUpApi.week(start), FRESH);
