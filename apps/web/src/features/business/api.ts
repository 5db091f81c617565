import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NIGERIAN_STATES,
  type BusinessProfile,
  type CreateBusinessInput,
  type UpdateBusinessInput,
} from '@kora/shared';
import { http, refreshSession } from '@/lib/http';
import { useSession } from '@/lib/session';
import { userProfileKey } from '@/features/account/api';

export const businessProfileKey = ['business-profile'] as const;
export const statesKey = ['location-states'] as const;

export const businessApi = {
  create: (input: CreateBusinessInput) => http.post<BusinessProfile>('/v1/business', input),
  profile: () => http.get<BusinessProfile>('/v1/business/profile'),
  update: (input: UpdateBusinessInput) =>
    http.patch<BusinessProfile>('/v1/business/profile', input),
  states: () => http.get<string[]>('/v1/location/states'),
};

/** The states list; the built-in list shows at once while the server's loads. */
export const useStates = () =>
  useQuery({
    queryKey: statesKey,
    queryFn: async () => (await businessApi.states()).data,
    placeholderData: [...NIGERIAN_STATES],
    staleTime: Infinity,
  });

export const useBusinessProfile = () => {
  const { user } = useSession();
  return useQuery({
    queryKey: [...businessProfileKey, user?.businessId ?? null],
    queryFn: async () => (await businessApi.profile()).data,
    enabled: Boolean(user?.businessId),
  });
};

/**
 * Creates the business, then refreshes the tokens (the new token carries business_id and the
 * owner role) and reloads the profile so the header shows the business.
 */
export const useCreateBusiness = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBusinessInput) => businessApi.create(input),
    onSuccess: async () => {
      await refreshSession().catch(() => null);
      await queryClient.invalidateQueries({ queryKey: userProfileKey });
      await queryClient.invalidateQueries({ queryKey: businessProfileKey });
    },
  });
};

export const useUpdateBusiness = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBusinessInput) => businessApi.update(input),
    onSuccess: (answer) => {
      queryClient.setQueriesData({ queryKey: businessProfileKey }, answer.data);
      return queryClient.invalidateQueries({ queryKey: userProfileKey });
    },
  });
};
