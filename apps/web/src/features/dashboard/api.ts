import { AT_RISK_PER_PAGE } from '@kora/shared';
import { dashboardContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** Every figure of the dashboard comes from one call, cached under this key. */
const dashboardKey = queryRoots.dashboard;
/** Attendance under the dashboard's key, so what refreshes the dashboard refreshes it too. */
const attendanceKey = [...dashboardKey, 'attendance'] as const;
const atRiskKey = (page: number) => [...dashboardKey, 'at-risk', page] as const;

const dashboardApi = {
  overview: () => callApi(dashboardContracts.overview),
  attendance: () => callApi(dashboardContracts.attendance),
  atRisk: (page: number) =>
    callApi(dashboardContracts.atRisk, { query: { page, per_page: AT_RISK_PER_PAGE } }),
};

/**
 * The dashboard overview of the signed-in business. It loads again after what changes it (see
 * REFRESH_AFTER). `enabled: false` for a user without a business (the server would refuse).
 */
export const useDashboard = (enabled = true) =>
  useDataQuery(dashboardKey, () => dashboardApi.overview(), { enabled });

/** Visits today, per day and per hour, and how many members are at risk. */
export const useAttendance = () => useDataQuery(attendanceKey, () => dashboardApi.attendance());

/** A page of the members at risk, the most at risk first. */
export const useAtRisk = (page: number) =>
  usePagedQuery(atRiskKey(page), () => dashboardApi.atRisk(page));
