import { planContracts } from '@/lib/api-routes';
import { callApi } from './api-client';
import { listsOf, queryRoots } from './query-keys';
import { useDataQuery } from './use-data-query';

/*
 * The business's plans, as the plans page lists them and every form that puts a member on a
 * plan (Add Member, Record Payment, Send Payment Link, a held payment's assignment) offers them.
 */

/** Every plan, or only the active ones. */
export const listPlans = (activeOnly = false) =>
  callApi(planContracts.list, { query: { is_active: activeOnly ? '1' : undefined } });

const planListKey = (activeOnly: boolean) =>
  [...listsOf(queryRoots.plans), { activeOnly }] as const;

/** All plans, or only the active ones (what a member can be put on). */
export const usePlans = (activeOnly = false) =>
  useDataQuery(planListKey(activeOnly), () => listPlans(activeOnly));
