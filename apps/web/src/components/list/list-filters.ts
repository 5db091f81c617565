import { PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from '@kora/shared';

/*
 * The filters of the payments and subscriptions lists. They live in the URL query string under
 * the API's own names (?member_id=&subscription_type_id=&method=&status=&start_date=&end_date=),
 * so a refresh or a shared link keeps them; a value the API would refuse is ignored.
 * `unconfirmed_before` (payments: unconfirmed transfers paid on or before a day) is what the
 * dashboard's link sets.
 */

/** Every filter a list may have (the payments list has them all). */
export const FILTER_KEYS = [
  'member_id',
  'subscription_type_id',
  'method',
  'status',
  'start_date',
  'end_date',
  'unconfirmed_before',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ListFilters = Partial<Record<FilterKey, string>>;

const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

const VALID: Record<FilterKey, (v: string) => boolean> = {
  member_id: isId,
  subscription_type_id: isId,
  method: (v) => (PAYMENT_METHODS as readonly string[]).includes(v),
  status: (v) => (SUBSCRIPTION_STATUSES as readonly string[]).includes(v),
  start_date: isDay,
  end_date: isDay,
  unconfirmed_before: isDay,
};

/** A list's own rule for a filter's values (the payments list's statuses). */
export type FilterRules = Partial<Record<FilterKey, (value: string) => boolean>>;

/**
 * The filters among `keys` that the query string holds, valid ones only (by the list's own
 * `rules` where it has them).
 */
export const readFilters = (
  params: URLSearchParams,
  keys: readonly FilterKey[],
  rules: FilterRules = {},
): ListFilters => {
  const filters: ListFilters = {};
  for (const key of keys) {
    const value = params.get(key)?.trim() ?? '';
    if (value && (rules[key] ?? VALID[key])(value)) filters[key] = value;
  }
  // An end before the start is a range the API refuses: keep the start only.
  if (filters.start_date && filters.end_date && filters.end_date < filters.start_date)
    delete filters.end_date;
  return filters;
};

/**
 * Filters set, for the Filters badge: member, plan, method, status (with the day unconfirmed
 * transfers were paid by), and the date range.
 */
export const activeFilterCount = (filters: ListFilters): number =>
  [
    filters.member_id,
    filters.subscription_type_id,
    filters.method,
    filters.status || filters.unconfirmed_before,
    filters.start_date || filters.end_date,
  ].filter(Boolean).length;

/** The query of a list call: page, page size and the filters, in this order. */
export const listQuery = (page: number, perPage: number, filters: ListFilters) => {
  const query: Record<string, string | number | undefined> = { page, per_page: perPage };
  for (const key of FILTER_KEYS) query[key] = filters[key];
  return query;
};

/** A list's Status filter: "All" (no filter) or one of `options`. */
export const statusChoice = (options: { value: string; label: string }[]) => ({
  key: 'status' as const,
  label: 'Status',
  allLabel: 'All',
  options,
});
