import { auditContracts } from '@/lib/api-routes';
import { callApi, queryString } from '@/lib/api-client';
import { requestFile } from '@/lib/http';
import { queryRoots } from '@/lib/query-keys';
import { usePagedQuery } from '@/lib/use-paged-query';
import type { ActivityFilters } from './activity-filters';

/** The Activity page: 20 entries a page. */
export const ACTIVITY_PER_PAGE = 20;
/** A member's history on their details: 10 entries a page. */
export const HISTORY_PER_PAGE = 10;

const auditKey = queryRoots.audit;

/**
 * The trail changes with every action anyone takes, so it is read again each time it shows
 * (never served from a cache older than the visit).
 */
const FRESH = { staleTime: 0, refetchOnMount: 'always' } as const;

const activityApi = {
  list: (filters: ActivityFilters, page: number, perPage: number) =>
    callApi(auditContracts.list, { query: { page, per_page: perPage, ...filters } }),
  /** The entries the filters keep, as a CSV file (the server records the export too). */
  export: (filters: ActivityFilters) =>
    requestFile(auditContracts.export.path + queryString(filters)),
};

/** One page of the trail, newest first, as the filters keep it. */
export const useActivity = (filters: ActivityFilters, page: number) =>
  usePagedQuery(
    [...auditKey, 'list', filters, page],
    () => activityApi.list(filters, page, ACTIVITY_PER_PAGE),
    FRESH,
  );

/** One page of what was done to or for one member, newest first. */
export const useMemberHistory = (memberId: number, page: number) =>
  usePagedQuery(
    [...auditKey, 'member', memberId, page],
    () => activityApi.list({ member_id: String(memberId) }, page, HISTORY_PER_PAGE),
    FRESH,
  );

export const exportActivity = activityApi.export;
