import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NIGERIAN_STATES, type CreateBusinessInput, type UpdateBusinessInput } from '@kora/shared';
import { businessContracts, kioskContracts, kioskEntryContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { refreshSession } from '@/lib/http';
import { queryRoots, useChangeMutation, useRefreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { useDataQuery } from '@/lib/use-data-query';

const businessProfileKey = queryRoots.businessProfile;
const statesKey = queryRoots.states;

export const businessApi = {
  create: (input: CreateBusinessInput) => callApi(businessContracts.create, { body: input }),
  profile: () => callApi(businessContracts.profile),
  update: (input: UpdateBusinessInput) => callApi(businessContracts.update, { body: input }),
  states: () => callApi(businessContracts.states),
  kiosks: () => callApi(kioskContracts.list),
  revokeKiosk: (id: number) => callApi(kioskContracts.revoke, { params: { id } }),
  kioskEntry: () => callApi(kioskEntryContracts.get),
  setKioskEntry: (typedEntry: boolean) =>
    callApi(kioskEntryContracts.set, { body: { typed_entry: typedEntry } }),
};

/** The states list; the built-in list shows at once while the server's loads. */
export const useStates = () =>
  useDataQuery(statesKey, () => businessApi.states(), {
    placeholderData: [...NIGERIAN_STATES],
    staleTime: Infinity,
  });

export const useBusinessProfile = () => {
  const { user } = useSession();
  return useDataQuery(
    [...businessProfileKey, user?.businessId ?? null],
    () => businessApi.profile(),
    {
      enabled: Boolean(user?.businessId),
    },
  );
};

/**
 * Creates the business, then refreshes the tokens (the new token carries business_id and the
 * owner role) and reloads the profile so the header shows the business.
 */
export const useCreateBusiness = () => {
  const refresh = useRefreshAfter('business-created');
  return useMutation({
    mutationFn: (input: CreateBusinessInput) => businessApi.create(input),
    onSuccess: async () => {
      await refreshSession().catch(() => null);
      await refresh();
    },
  });
};

export const useUpdateBusiness = () =>
  useChangeMutation(
    'business',
    (input: UpdateBusinessInput) => businessApi.update(input),
    (queryClient, answer) =>
      queryClient.setQueriesData({ queryKey: businessProfileKey }, answer.data),
  );

/** The kiosks switched on (only owners and admins may list them: `enabled` says when). */
export const useKiosks = (enabled: boolean) =>
  useDataQuery(queryRoots.kiosks, () => businessApi.kiosks(), { enabled });

/** Switches a kiosk off: it stops working at its next call. */
export const useRevokeKiosk = () =>
  useChangeMutation('kiosk', (id: number) => businessApi.revokeKiosk(id));

const kioskEntryKey = [...queryRoots.kiosks, 'entry'] as const;

/** Whether the kiosks take a typed phone or member ID with a PIN (owners and admins only). */
export const useKioskEntry = (enabled: boolean) =>
  useDataQuery(kioskEntryKey, () => businessApi.kioskEntry(), { enabled });

/** Lets the kiosks take typed entry with a PIN, or cards only; the answer is kept as shown. */
export const useSetKioskEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (typedEntry: boolean) => businessApi.setKioskEntry(typedEntry),
    onSuccess: (answer) => queryClient.setQueryData(kioskEntryKey, answer.data),
  });
};
