import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CommunicationChannel,
  CommunicationGroup,
  CommunicationPurpose,
  Communication,
  CreateMessageInput,
} from '@kora/shared';
import { communicationsContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { listsOf, queryRoots, useChangeMutation, useRefreshAfter } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';
import { isDue } from './communications-format';

/** Messages list: 20 a page. */
export const COMMUNICATIONS_PER_PAGE = 20;
/** A message's deliveries: 20 a page. */
export const DELIVERIES_PER_PAGE = 20;
/** How often a message on its way (or due) loads again. */
const COMMUNICATIONS_POLL_MS = 2_000;

/** The deliveries filter: every one, or those pending, done (sent or stored) or failed. */
export type DeliveryFilter = 'pending' | 'done' | 'failed';

const communicationsKey = queryRoots.communications;
const communicationsListKey = (page: number) => [...listsOf(communicationsKey), { page }] as const;
const communicationKey = (id: number) => [...communicationsKey, 'detail', id] as const;
const deliveriesKey = (id: number, page: number, status: DeliveryFilter | null) =>
  [...communicationsKey, 'deliveries', id, { page, status }] as const;
const audienceKey = (group: string, channel: string, purpose: string) =>
  [...communicationsKey, 'audience', { group, channel, purpose }] as const;
/** The groups and channels offered: fixed lists, never refreshed. */
const communicationOptionsKey = (kind: 'groups' | 'channels') =>
  [...communicationsKey, 'options', kind] as const;
const createMessageKey = [...communicationsKey, 'create'] as const;

const communicationsApi = {
  groups: () => callApi(communicationsContracts.groups),
  channels: () => callApi(communicationsContracts.channels),
  audience: (
    group: CommunicationGroup,
    channel: CommunicationChannel,
    purpose: CommunicationPurpose,
  ) => callApi(communicationsContracts.audience, { query: { group, channel, purpose } }),
  list: (page: number) =>
    callApi(communicationsContracts.list, { query: { page, per_page: COMMUNICATIONS_PER_PAGE } }),
  get: (id: number) => callApi(communicationsContracts.get, { params: { id } }),
  deliveries: (id: number, page: number, status: DeliveryFilter | null) =>
    callApi(communicationsContracts.deliveries, {
      params: { id },
      query: { page, per_page: DELIVERIES_PER_PAGE, status },
    }),
  /** The same key for a retried submission: the server sends the message once. */
  create: (input: CreateMessageInput, idempotencyKey: string) =>
    callApi(communicationsContracts.create, { body: input, headers: idempotent(idempotencyKey) }),
  cancel: (id: number) => callApi(communicationsContracts.cancel, { params: { id } }),
  retry: (id: number) => callApi(communicationsContracts.retry, { params: { id } }),
};

const FIXED = { staleTime: Infinity } as const;

/** The recipient groups, from the server. */
export const useCommunicationGroups = () =>
  useDataQuery(communicationOptionsKey('groups'), () => communicationsApi.groups(), FIXED);

/** The channels, from the server. */
export const useCommunicationChannels = () =>
  useDataQuery(communicationOptionsKey('channels'), () => communicationsApi.channels(), FIXED);

/**
 * How many members a group reaches by a channel, for a service notice or a promotion (a
 * promotion only those who agreed to offers); asked once group and channel are chosen.
 */
export const useAudience = (
  group: CommunicationGroup | '',
  channel: CommunicationChannel | '',
  purpose: CommunicationPurpose | '' = '',
) =>
  useDataQuery(
    audienceKey(group, channel, purpose || 'service'),
    () =>
      communicationsApi.audience(
        group as CommunicationGroup,
        channel as CommunicationChannel,
        purpose || 'service',
      ),
    { enabled: Boolean(group && channel) },
  );

export const useCommunications = (page: number) =>
  usePagedQuery(communicationsListKey(page), () => communicationsApi.list(page));

/** Whether a message is still changing on its own: on its way, or scheduled and due. */
export const isLive = (message: Communication | undefined) =>
  message !== undefined && (message.status === 'SENDING' || isDue(message));

/** The longest a timer waits (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 86_400_000;

/**
 * When a message loads again: every 2 s while it is live; a scheduled one at its time (then it
 * is due and polled); otherwise never.
 */
const nextLoadIn = (message: Communication | undefined, now = Date.now()) => {
  if (!message) return false;
  if (isLive(message)) return COMMUNICATIONS_POLL_MS;
  if (message.status === 'SCHEDULED' && message.schedule_date)
    return Math.min(
      Math.max(Date.parse(message.schedule_date) - now, COMMUNICATIONS_POLL_MS),
      MAX_WAIT_MS,
    );
  return false;
};

/** One message; it loads again every 2 s while it is on its way (or due to go). */
export const useCommunication = (id: number) =>
  useDataQuery(communicationKey(id), () => communicationsApi.get(id), {
    enabled: id > 0,
    refetchInterval: (query) => nextLoadIn(query.state.data),
  });

/** A page of a message's deliveries; polled with the message while it is live. */
export const useDeliveries = (
  id: number,
  page: number,
  status: DeliveryFilter | null,
  live: boolean,
) =>
  useQuery({
    queryKey: deliveriesKey(id, page, status),
    queryFn: async () => {
      const answer = await communicationsApi.deliveries(id, page, status);
      return { data: answer.data, meta: answer.meta };
    },
    enabled: id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: live ? COMMUNICATIONS_POLL_MS : false,
  });

/** Sends or schedules a message; afterwards the messages load again, in the background. */
export const useCreateMessage = () => {
  const refresh = useRefreshAfter('message');
  return useMutation({
    mutationKey: createMessageKey,
    mutationFn: ({ input, key }: { input: CreateMessageInput; key: string }) =>
      communicationsApi.create(input, key),
    onSuccess: () => {
      void refresh();
    },
  });
};

/** What a message's page can do to it. */
export type CommunicationAction = 'cancel' | 'retry';

/** Cancels a scheduled message or retries the failed deliveries; the message is set from the answer. */
export const useCommunicationAction = (id: number) =>
  useChangeMutation(
    'message',
    (action: CommunicationAction) =>
      action === 'cancel' ? communicationsApi.cancel(id) : communicationsApi.retry(id),
    (queryClient, answer) => queryClient.setQueryData(communicationKey(id), answer.data),
  );
