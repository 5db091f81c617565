import { useMutation, type QueryClient } from '@tanstack/react-query';
import type {
  ConnectPaystackInput,
  CreatePaymentLinkInput,
  HeldState,
  SendChannel,
} from '@kora/shared';
import { onlineContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { queryRoots, useChangeMutation, useRefreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** A member's payment links: 10 a page. */
export const LINKS_PER_PAGE = 10;
/** Held payments: 20 a page. */
export const HELD_PER_PAGE = 20;

const onlineKey = queryRoots.online;
const connectionKey = [...onlineKey, 'connection'] as const;
const linksKey = (memberId: number, page: number) =>
  [...onlineKey, 'links', memberId, { page }] as const;
const transferAccountKey = (memberId: number) => [...onlineKey, 'transfer', memberId] as const;
const heldKey = (state: HeldState, page: number) =>
  [...onlineKey, 'held', { state, page }] as const;
export const createLinkKey = [...onlineKey, 'create-link'] as const;

export interface AssignHeldInput {
  member_id?: number;
  subscription_type_id: number;
  duration: number;
}

const onlineApi = {
  connection: () => callApi(onlineContracts.connection),
  connect: (input: ConnectPaystackInput) => callApi(onlineContracts.connect, { body: input }),
  update: (transferAccounts: boolean) =>
    callApi(onlineContracts.update, { body: { transfer_accounts: transferAccounts } }),
  disconnect: () => callApi(onlineContracts.disconnect),
  /** The same key for a retried submission: the server creates (and sends) the link once. */
  createLink: (memberId: number, input: CreatePaymentLinkInput, idempotencyKey: string) =>
    callApi(onlineContracts.createLink, {
      params: { id: memberId },
      body: input,
      headers: idempotent(idempotencyKey),
    }),
  links: (memberId: number, page: number) =>
    callApi(onlineContracts.listLinks, {
      params: { id: memberId },
      query: { page, per_page: LINKS_PER_PAGE },
    }),
  cancelLink: (id: number) => callApi(onlineContracts.cancelLink, { params: { id } }),
  transferAccount: (memberId: number) =>
    callApi(onlineContracts.transferAccount, { params: { id: memberId } }),
  createTransferAccount: (memberId: number, idempotencyKey: string) =>
    callApi(onlineContracts.createTransferAccount, {
      params: { id: memberId },
      headers: idempotent(idempotencyKey),
    }),
  sendTransferAccount: (memberId: number, channel: SendChannel) =>
    callApi(onlineContracts.sendTransferAccount, {
      params: { id: memberId },
      body: { channel },
    }),
  held: (state: HeldState, page: number) =>
    callApi(onlineContracts.listHeld, { query: { state, page, per_page: HELD_PER_PAGE } }),
  assignHeld: (id: number, input: AssignHeldInput) =>
    callApi(onlineContracts.assignHeld, { params: { id }, body: input }),
  dismissHeld: (id: number, note: string) =>
    callApi(onlineContracts.dismissHeld, { params: { id }, body: { note } }),
};

/**
 * The business's Paystack connection (never the key). Every role reads it; not asked for a
 * user without a business (the server would refuse).
 */
export const usePaystackConnection = (enabled = true) => {
  const { user } = useSession();
  return useDataQuery(connectionKey, () => onlineApi.connection(), {
    enabled: enabled && user?.businessId != null,
  });
};

/** Whether Paystack is connected; false while the connection loads or when it failed to. */
export const usePaystackConnected = () => usePaystackConnection().data?.connected === true;

type ConnectionAnswer = Awaited<ReturnType<typeof onlineApi.connection>>;
const setConnection = (queryClient: QueryClient, answer: ConnectionAnswer) =>
  queryClient.setQueryData(connectionKey, answer.data);

/** Connects (or replaces) the secret key; the connection is set from the answer. */
export const useConnectPaystack = () =>
  useChangeMutation(
    'paystack',
    (input: ConnectPaystackInput) => onlineApi.connect(input),
    setConnection,
  );

/** Turns the dedicated transfer accounts on or off. */
export const useUpdatePaystack = () =>
  useChangeMutation('paystack', (on: boolean) => onlineApi.update(on), setConnection);

/** Deletes the key; the open links are cancelled by the server. */
export const useDisconnectPaystack = () =>
  useChangeMutation('paystack', () => onlineApi.disconnect(), setConnection);

export const usePaymentLinks = (memberId: number, page: number) =>
  usePagedQuery(linksKey(memberId, page), () => onlineApi.links(memberId, page));

/** Creates and sends a link; afterwards the member's links load again, in the background. */
export const useCreatePaymentLink = () => {
  const refresh = useRefreshAfter('payment-link');
  return useMutation({
    mutationKey: createLinkKey,
    mutationFn: (v: { memberId: number; input: CreatePaymentLinkInput; key: string }) =>
      onlineApi.createLink(v.memberId, v.input, v.key),
    onSuccess: () => {
      void refresh();
    },
  });
};

export const useCancelPaymentLink = () =>
  useChangeMutation('payment-link', (id: number) => onlineApi.cancelLink(id));

export const useTransferAccount = (memberId: number, enabled = true) =>
  useDataQuery(transferAccountKey(memberId), () => onlineApi.transferAccount(memberId), {
    enabled: enabled && memberId > 0,
  });

export const useCreateTransferAccount = (memberId: number) =>
  useChangeMutation(
    'transfer-account',
    (key: string) => onlineApi.createTransferAccount(memberId, key),
    (queryClient, answer) => queryClient.setQueryData(transferAccountKey(memberId), answer.data),
  );

export const useSendTransferAccount = (memberId: number) =>
  useMutation({
    mutationFn: (channel: SendChannel) => onlineApi.sendTransferAccount(memberId, channel),
  });

export const useHeldPayments = (state: HeldState, page: number) =>
  usePagedQuery(heldKey(state, page), () => onlineApi.held(state, page));

export const useAssignHeld = () =>
  useChangeMutation('held-assigned', (v: { id: number; input: AssignHeldInput }) =>
    onlineApi.assignHeld(v.id, v.input),
  );

export const useDismissHeld = () =>
  useChangeMutation('held-dismissed', (v: { id: number; note: string }) =>
    onlineApi.dismissHeld(v.id, v.note),
  );
