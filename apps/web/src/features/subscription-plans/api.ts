import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPage, Plan, PlanPreset, UpdatePlanInput } from '@kora/shared';
import { http } from '@/lib/http';
import { useCan } from '@/lib/use-can';
import type { CreatePlanPayload } from './plan-form';

export const plansKey = ['subscription-plans'] as const;
export const planListKey = (activeOnly: boolean) => [...plansKey, 'list', { activeOnly }] as const;
export const planKey = (id: number) => [...plansKey, 'detail', id] as const;
export const planStatsKey = (id: number) => [...plansKey, 'stats', id] as const;
export const presetsKey = [...plansKey, 'presets'] as const;

export const plansApi = {
  list: (activeOnly = false) =>
    http.get<Plan[]>(`/v1/subscription-type${activeOnly ? '?is_active=1' : ''}`),
  presets: () => http.get<PlanPreset[]>('/v1/subscription-type/presets'),
  get: (id: number) => http.get<Plan>(`/v1/subscription-type/${id}`),
  /** The same key for a retried submission: the server creates the plan once. */
  create: (input: CreatePlanPayload, idempotencyKey: string) =>
    http.post<Plan & { entity_id: number }>('/v1/subscription-type', input, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  update: (id: number, input: UpdatePlanInput) =>
    http.patch<Plan>(`/v1/subscription-type/${id}`, input),
  remove: (id: number) => http.delete<null>(`/v1/subscription-type/${id}`),
  /** Subscriptions of the plan: only the count is read (meta.total). */
  subscriptionCount: (id: number, status?: 'active') =>
    http.get<unknown[]>(
      `/v1/subscription?page=1&per_page=1&subscription_type_id=${id}${status ? `&status=${status}` : ''}`,
    ) as Promise<ApiPage<unknown>>,
};

/** Owners and admins create, edit and delete plans; staff only read them. */
export const useCanManagePlans = () => useCan('plans.manage');

export const STAFF_PLANS_TOOLTIP =
  'Only the business owner or an admin can create, edit or delete subscription plans.';

/** All plans, or only the active ones (what a member can be put on). */
export const usePlans = (activeOnly = false) =>
  useQuery({
    queryKey: planListKey(activeOnly),
    queryFn: async () => (await plansApi.list(activeOnly)).data,
  });

export const usePlan = (id: number) =>
  useQuery({
    queryKey: planKey(id),
    queryFn: async () => (await plansApi.get(id)).data,
    enabled: id > 0,
  });

export const usePlanPresets = (enabled = true) =>
  useQuery({
    queryKey: presetsKey,
    queryFn: async () => (await plansApi.presets()).data,
    staleTime: Infinity,
    enabled,
  });

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

export const useCreatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreatePlanPayload; key: string }) =>
      plansApi.create(input, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
};

export const useUpdatePlan = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePlanInput) => plansApi.update(id, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(planKey(id), answer.data);
      return queryClient.invalidateQueries({ queryKey: plansKey });
    },
  });
};

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => plansApi.remove(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: planKey(id) });
      queryClient.removeQueries({ queryKey: planStatsKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...plansKey, 'list'] });
    },
  });
};
