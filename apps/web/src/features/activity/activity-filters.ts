import { AUDIT_RECORD_KINDS, isCalendarDay } from '@kora/shared';

/*
 * The Activity page's filters. They live in the URL query string under the API's own names
 * (?user_id=&record_kind=&member_id=&start_date=&end_date=), so a refresh or a shared link keeps
 * them; a value the API would refuse is ignored.
 */

export const ACTIVITY_FILTER_KEYS = [
  'user_id',
  'record_kind',
  'member_id',
  'start_date',
  'end_date',
] as const;
type ActivityFilterKey = (typeof ACTIVITY_FILTER_KEYS)[number];
export type ActivityFilters = Partial<Record<ActivityFilterKey, string>>;

const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;

const VALID: Record<ActivityFilterKey, (v: string) => boolean> = {
  user_id: isId,
  record_kind: (v) => (AUDIT_RECORD_KINDS as readonly string[]).includes(v),
  member_id: isId,
  start_date: isCalendarDay,
  end_date: isCalendarDay,
};

/** The valid filters the query string holds; an end before the start keeps the start only. */
export const readActivityFilters = (params: URLSearchParams): ActivityFilters => {
  const filters: ActivityFilters = {};
  for (const key of ACTIVITY_FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? '';
    if (value && VALID[key](value)) filters[key] = value;
  }
  if (filters.start_date && filters.end_date && filters.end_date < filters.start_date)
    delete filters.end_date;
  return filters;
};
