import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CardChannel, CheckInInput, DayPassInput, FoundBy, Plan } from '@kora/shared';
import {
  businessContracts,
  checkInContracts,
  dayPassContracts,
  kioskContracts,
} from '@/lib/api-routes';
import { offlineLookup } from '@/features/offline';
import { callApi, idempotent } from '@/lib/api-client';
import { queryRoots, useRefreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { useDataQuery } from '@/lib/use-data-query';
import { usePlans } from '@/lib/use-plans';

/** The day's visits: 20 a page. */
export const VISITS_PER_PAGE = 20;
/** The day's visits load again this often, so the desk sees the kiosk's and colleagues'. */
const VISITS_REFRESH_MS = 30_000;

export interface VisitListParams {
  page: number;
  search: string;
  found_by: FoundBy | '';
  overrides: boolean;
}

const checkInKey = queryRoots.checkIn;
const lookupKey = (q: string) => [...checkInKey, 'lookup', q] as const;
const visitsKey = (p: VisitListParams) => [...checkInKey, 'visits', p] as const;
const cardKey = (memberId: number) => [...checkInKey, 'card', memberId] as const;
const checkInMutationKey = [...checkInKey, 'record'] as const;
export const dayPassMutationKey = [...checkInKey, 'day-pass'] as const;

const checkInApi = {
  lookup: (q: string, signal?: AbortSignal) =>
    callApi(checkInContracts.lookup, { query: { q }, signal }),
  /** The same key for a repeated click: the server records the visit once. */
  record: (input: CheckInInput, key: string) =>
    callApi(checkInContracts.record, { body: input, headers: idempotent(key) }),
  visits: (p: VisitListParams) =>
    callApi(checkInContracts.listDay, {
      query: {
        page: p.page,
        per_page: VISITS_PER_PAGE,
        search: p.search,
        found_by: p.found_by,
        overrides: p.overrides ? 'true' : undefined,
      },
    }),
  card: (memberId: number) => callApi(checkInContracts.getCard, { params: { id: memberId } }),
  replaceCard: (memberId: number, key: string) =>
    callApi(checkInContracts.replaceCard, { params: { id: memberId }, headers: idempotent(key) }),
  sendCard: (memberId: number, channel: CardChannel) =>
    callApi(checkInContracts.sendCard, { params: { id: memberId }, body: { channel } }),
  sellDayPass: (input: DayPassInput, key: string) =>
    callApi(dayPassContracts.sell, { body: input, headers: idempotent(key) }),
  openKiosk: (name: string, key: string) =>
    callApi(kioskContracts.open, { body: { name }, headers: idempotent(key) }),
};

/** The members `q` finds (card code, phone, member ID or name), each with their verdict. */
export const useLookup = (q: string, enabled = true) =>
  useDataQuery(lookupKey(q), () => checkInApi.lookup(q), {
    enabled: enabled && q.trim() !== '',
    staleTime: 0,
  });

/** The offline lookups: the device's own list of members, never the network. */
export const offlineLookupRoot = [...checkInKey, 'offline-lookup'] as const;

/**
 * Offline: the members `q` finds in this device's list of members, read in the server's order
 * (card, phone, member ID, name), each with the verdict the server would give. It reads
 * IndexedDB, so it runs whatever the network says.
 */
export const useOfflineLookup = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...offlineLookupRoot, q],
    queryFn: () => offlineLookup(q),
    enabled: enabled && q.trim() !== '',
    staleTime: 0,
    networkMode: 'always',
  });

/** The day's visits, newest first; loaded again every 30 seconds while shown. */
export const useVisits = (params: VisitListParams) =>
  useQuery({
    queryKey: visitsKey(params),
    queryFn: async () => {
      const answer = await checkInApi.visits(params);
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
    refetchInterval: VISITS_REFRESH_MS,
  });

/** Records a visit; the lookups and the day's visits load again afterwards. */
export const useRecordCheckIn = () => {
  const refresh = useRefreshAfter('check-in');
  return useMutation({
    mutationKey: checkInMutationKey,
    mutationFn: ({ input, key }: { input: CheckInInput; key: string }) =>
      checkInApi.record(input, key),
    onSuccess: () => {
      void refresh();
    },
  });
};

export const useMemberCard = (memberId: number) =>
  useDataQuery(cardKey(memberId), () => checkInApi.card(memberId), { enabled: memberId > 0 });

/**
 * Issues a new card: the card shows the new code from the answer at once (not loaded again);
 * the desk's lookups load again, so the old code finds no one.
 */
export const useReplaceCard = (memberId: number) => {
  const refresh = useRefreshAfter('check-in');
  return useMutation({
    mutationFn: (key: string) => checkInApi.replaceCard(memberId, key),
    onSuccess: (answer) => refresh({ key: cardKey(memberId), data: answer.data }),
  });
};

export const useSendCard = (memberId: number) =>
  useMutation({ mutationFn: (channel: CardChannel) => checkInApi.sendCard(memberId, channel) });

/** Sells a day pass; what a payment and a visit change loads again in the background. */
export const useSellDayPass = () => {
  const refresh = useRefreshAfter('day-pass');
  return useMutation({
    mutationKey: dayPassMutationKey,
    mutationFn: ({ input, key }: { input: DayPassInput; key: string }) =>
      checkInApi.sellDayPass(input, key),
    onSuccess: () => {
      void refresh();
    },
  });
};

export const useOpenKiosk = () =>
  useMutation({
    mutationFn: ({ name, key }: { name: string; key: string }) => checkInApi.openKiosk(name, key),
  });

/** A plan a day pass can sell: active, for one person, of exactly 1 day. */
const isDayPassPlan = (p: Plan) =>
  p.is_active === 1 && p.is_grouped === 0 && p.duration === 1 && p.duration_type === 'day';

/**
 * The day-pass plan as the desk sells it, read from the business profile (the same query as
 * Settings) and the active plans: `plan` when chosen and still a plan of 1 day; `none` when there
 * is none to sell (`dayPlans`: whether a plan of 1 day exists to choose); `unknown` while either
 * loads or cannot be read (offline after a reload): the server then says.
 */
export type DayPassPlanState =
  { state: 'plan'; plan: Plan } | { state: 'none'; dayPlans: boolean } | { state: 'unknown' };

export const useDayPassPlan = (): DayPassPlanState => {
  const { user } = useSession();
  const profile = useDataQuery(
    [...queryRoots.businessProfile, user?.businessId ?? null],
    () => callApi(businessContracts.profile),
    { enabled: Boolean(user?.businessId) },
  );
  const plans = usePlans(true);
  if (!profile.data || !plans.data) return { state: 'unknown' };
  const chosen = plans.data.find((p) => p.id === profile.data.day_pass_plan_id);
  if (chosen && isDayPassPlan(chosen)) return { state: 'plan', plan: chosen };
  return { state: 'none', dayPlans: plans.data.some(isDayPassPlan) };
};
