import { isCalendarDay } from '@kora/shared';

/*
 * The cash-ups list's filters, kept in the URL query string under the API's own names
 * (?user_id=&start_date=&end_date=&short_only=true); a value the API would refuse is ignored.
 */

export const CASH_UP_FILTER_KEYS = ['user_id', 'start_date', 'end_date', 'short_only'] as const;
type CashUpFilterKey = (typeof CASH_UP_FILTER_KEYS)[number];
export type CashUpFilters = Partial<Record<CashUpFilterKey, string>>;

const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;

const VALID: Record<CashUpFilterKey, (v: string) => boolean> = {
  user_id: isId,
  start_date: isCalendarDay,
  end_date: isCalendarDay,
  short_only: (v) => v === 'true',
};

/** The valid filters the query string holds; an end before the start keeps the start only. */
export const readCashUpFilters = (params: URLSearchParams): CashUpFilters => {
  const filters: CashUpFilters = {};
  for (const key of CASH_UP_FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? '';
    if (value && VALID[key](value)) filters[key] = value;
  }
  if (filters.start_date && filters.end_date && filters.end_date < filters.start_date)
    delete filters.end_date;
  return filters;
};
