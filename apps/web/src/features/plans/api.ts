import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdatePlanInput } from '@kora/shared';
import { planContracts, subscriptionContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { queryRoots, statsOf, useChangeMutation, useRefreshAfter } from '@/lib/query-keys';
import { useCan } from '@/lib/use-can';
import { useDataQuery } from '@/lib/use-data-query';
import { listPlans } from '@/lib/use-plans';
import type { CreatePlanPayload } from './plan-form';

const plansKey = queryRoots.plans;
const planKey = (id: number) => [...plansKey, 'detail', id] as const;
const planStatsKey = (id: number) => [...statsOf(plansKey), id] as const;
const presetsKey = [...plansKey, 'presets'] as const;

const plansApi = {
  list: listPlans,
  presets: () => callApi(planContracts.presets),
  get: (id: number) => callApi(planContracts.get, { params: { id } }),
  /** The same key for a retried submission: the server creates the plan once. */
  create: (input: CreatePlanPayload, idempotencyKey: string) =>
    callApi(planContracts.create, { body: input, headers: idempotent(idempotencyKey) }),
  update: (id: number, input: UpdatePlanInput) =>
    callApi(planContracts.update, { params: { id }, body: input }),
  remove: (id: number) => callApi(planContracts.remove, { params: { id } }),
  /** Subscriptions of the plan: only the count is read (meta.total). */
  subscriptionCount: (id: number, status?: 'active') =>
    callApi(subscriptionContracts.list, {
      query: { page: 1, per_page: 1, subscription_type_id: id, status },
    }),
};

/** Owners and admins create, edit and delete plans; staff only read them. */
export const useCanManagePlans = () => useCan('plans.manage');

export const STAFF_PLANS_TOOLTIP =
  'Only the business owner or an admin can create, edit or delete subscription plans.';

export const usePlan = (id: number) =>
  useDataQuery(planKey(id), () => plansApi.get(id), { enabled: id > 0 });

export const usePlanPresets = (enabled = true) =>
  useDataQuery(presetsKey, () => plansApi.presets(), { staleTime: Infinity, enabled });

/** Subscriptions on the plan, total and active; null when the server cannot say. */
export const usePlanStats = (id: number) =>
  useQuery({
    queryKey: planStatsKey(id),
    queryFn: async () => {
      const [all, active] = await Promise.all([
        plansApi.subscriptionCount(id),
        plansApi.subscriptionCount(id, 'active'),
      ]);
      const total = all.meta?.total;
      const activeTotal = active.meta?.total;
      return typeof total === 'number' && typeof activeTotal === 'number'
        ? { total, active: activeTotal }
        : null;
    },
    enabled: id > 0,
    retry: false,
  });

export const useCreatePlan = () =>
  useChangeMutation('plan', ({ input, key }: { input: CreatePlanPayload; key: string }) =>
    plansApi.create(input, key),
  );

/** The plan is set from the answer; every plan query, its own included, loads again. */
export const useUpdatePlan = (id: number) =>
  useChangeMutation(
    'plan',
    (input: UpdatePlanInput) => plansApi.update(id, input),
    (queryClient, answer) => queryClient.setQueryData(planKey(id), answer.data),
  );

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter('plan-deleted');
  return useMutation({
    mutationFn: (id: number) => plansApi.remove(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: planKey(id) });
      queryClient.removeQueries({ queryKey: planStatsKey(id) });
      void refresh();
    },
  });
};
