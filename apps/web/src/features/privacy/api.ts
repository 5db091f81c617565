import { pathOf, type ConsentChoice } from '@kora/shared';
import { memberContracts, privacyContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { requestFile } from '@/lib/http';
import { queryRoots, useChangeMutation } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** Erasure requests on the dashboard's card: 10 a page. */
const ERASURE_REQUESTS_PER_PAGE = 10;

const privacyKey = queryRoots.privacy;
const consentKey = (memberId: number) => [...privacyKey, 'consent', memberId] as const;
const requestsKey = (page: number) => [...privacyKey, 'erasure-requests', { page }] as const;

export const privacyApi = {
  consentHistory: (memberId: number) =>
    callApi(privacyContracts.consentHistory, { params: { id: memberId } }),
  setConsent: ({ memberId, choice }: { memberId: number; choice: ConsentChoice }) =>
    callApi(memberContracts.update, {
      params: { id: memberId },
      body: { marketing_consent: choice },
    }),
  erase: ({ memberId, confirm }: { memberId: number; confirm: string }) =>
    callApi(privacyContracts.erase, { params: { id: memberId }, body: { confirm } }),
  erasureRequests: (page: number) =>
    callApi(privacyContracts.erasureRequests, {
      query: { page, per_page: ERASURE_REQUESTS_PER_PAGE },
    }),
  /** The member's data as a ZIP file (owners and admins). */
  exportFile: (memberId: number) =>
    requestFile(pathOf(privacyContracts.export.path, { id: memberId })),
};

/** Each time the member gave or withdrew consent to offers, newest first. */
export const useConsentHistory = (memberId: number) =>
  useDataQuery(consentKey(memberId), () => privacyApi.consentHistory(memberId));

/** Staff record the member's answer to offers (kept in the history). */
export const useSetConsent = () => useChangeMutation('consent', privacyApi.setConsent);

/** Erases the member's personal data (owners and admins). */
export const useEraseMember = () => useChangeMutation('erasure', privacyApi.erase);

/** The members who asked to be erased, waiting for an owner or admin. */
export const useErasureRequests = (page: number, enabled = true) =>
  usePagedQuery(requestsKey(page), () => privacyApi.erasureRequests(page), { enabled });
