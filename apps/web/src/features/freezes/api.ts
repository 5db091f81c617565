import type {
  ApproveFreezeInput,
  PaymentMethod,
  DeclineFreezeInput,
  EndFreezeInput,
  FreezeData,
} from '@kora/shared';
import { freezeContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { queryRoots, useChangeMutation } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** The dashboard's freeze requests: 10 a page. */
export const REQUESTS_PER_PAGE = 10;

const freezesKey = queryRoots.freezes;
const memberFreezesKey = (memberId: number) => [...freezesKey, 'member', memberId] as const;
const requestsKey = (page: number) => [...freezesKey, 'requests', { page }] as const;

const freezesApi = {
  list: (memberId: number) => callApi(freezeContracts.list, { params: { id: memberId } }),
  create: (memberId: number, input: FreezeData, key: string) =>
    callApi(freezeContracts.create, {
      params: { id: memberId },
      body: input,
      headers: idempotent(key),
    }),
  end: (memberId: number, freezeId: number, input: EndFreezeInput) =>
    callApi(freezeContracts.end, { params: { id: memberId, freeze_id: freezeId }, body: input }),
  approve: (memberId: number, freezeId: number, input: ApproveFreezeInput) =>
    callApi(freezeContracts.approve, {
      params: { id: memberId, freeze_id: freezeId },
      body: input,
    }),
  decline: (memberId: number, freezeId: number, input: DeclineFreezeInput) =>
    callApi(freezeContracts.decline, {
      params: { id: memberId, freeze_id: freezeId },
      body: input,
    }),
  requests: (page: number) =>
    callApi(freezeContracts.requests, { query: { page, per_page: REQUESTS_PER_PAGE } }),
};

/** The member's freezes, newest first. */
export const useMemberFreezes = (memberId: number) =>
  useDataQuery(memberFreezesKey(memberId), () => freezesApi.list(memberId));

/** Freezes the member now (staff: approved at once); one Idempotency-Key per submission. */
export const useFreezeMember = (memberId: number) =>
  useChangeMutation('freeze', ({ input, key }: { input: FreezeData; key: string }) =>
    freezesApi.create(memberId, input, key),
  );

/**
 * A decision on one freeze: end it (back today), approve a request (with how the member paid
 * the plan's freeze fee, when it charges one) or decline it.
 */
export const useFreezeDecision = () =>
  useChangeMutation(
    'freeze',
    ({
      memberId,
      freezeId,
      action,
      feeMethod,
    }: {
      memberId: number;
      freezeId: number;
      action: 'end' | 'approve' | 'decline';
      feeMethod?: PaymentMethod;
    }) =>
      action === 'end'
        ? freezesApi.end(memberId, freezeId, {})
        : action === 'approve'
          ? freezesApi.approve(memberId, freezeId, feeMethod ? { fee_method: feeMethod } : {})
          : freezesApi.decline(memberId, freezeId, {}),
  );

/** The business's requests waiting for approval, newest first. */
export const useFreezeRequests = (page: number, enabled = true) =>
  usePagedQuery(requestsKey(page), () => freezesApi.requests(page), { enabled });
