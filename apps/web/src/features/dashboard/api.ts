import { dashboardContracts } from '@kora/shared';
import { callApi } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';

/** Every figure of the dashboard comes from one call, cached under this key. */
const dashboardKey = queryRoots.dashboard;

const dashboardApi = {
  overview: () => callApi(dashboardContracts.overview),
};

/**
 * The dashboard overview of the signed-in business. It loads again after what changes it (see
 * REFRESH_AFTER). `enabled: false` for a user without a business (the server would refuse).
 */
export const useDashboard = (enabled = true) =>
  useDataQuery(dashboardKey, () => dashboardApi.overview(), { enabled });
