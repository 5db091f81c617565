import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateMemberInput,
  Member,
  MemberAccountStatus,
  MemberKind,
  MemberVisitedFilter,
  UpdateMemberInput,
} from '@kora/shared';
import { checkInContracts, kioskEntryContracts, memberContracts } from '@/lib/api-routes';
import { callApi, idempotent } from '@/lib/api-client';
import { listsOf, queryRoots, useChangeMutation, useRefreshAfter } from '@/lib/query-keys';
import { useDataQuery } from '@/lib/use-data-query';
import { uploadFile } from '@/lib/upload';
import { usePagedQuery } from '@/lib/use-paged-query';

/** The members list shows 10 members a page. */
export const MEMBERS_PER_PAGE = 10;
/** Members fetched for one search term of the member picker. */
const MEMBER_SEARCH_PAGE_SIZE = 50;

export interface MemberListParams {
  page: number;
  search: string;
  /** Active or deactivated accounts only; undefined lists both. */
  accountStatus?: MemberAccountStatus;
  /** `walk_in`: only the members a day-pass sale added. */
  kind?: MemberKind;
  /** Seen lately, or not seen in 14 days; undefined lists everyone. */
  visited?: MemberVisitedFilter;
  /** Only the members a freeze covers today. */
  frozen?: boolean;
}

export const membersKey = queryRoots.members;
const memberListKey = (p: MemberListParams) => [...listsOf(membersKey), p] as const;
const memberSummaryKey = [...membersKey, 'summary'] as const;
export const memberKey = (id: number) => [...membersKey, 'detail', id] as const;
/** A member's visits, a page at a time (under the member, so refreshing members refreshes them). */
const memberVisitsKey = (id: number, page: number) =>
  [...membersKey, 'detail', id, 'visits', { page }] as const;
/** A member's visits: 10 a page. */
export const VISITS_PER_PAGE = 10;
/** Under the members key, so refreshing members after a change refreshes searches too. */
export const memberSearchKey = (term: string) => [...membersKey, 'search', term] as const;

export const membersApi = {
  list: ({ page, search, accountStatus, kind, visited, frozen }: MemberListParams) =>
    callApi(memberContracts.list, {
      query: {
        page,
        per_page: MEMBERS_PER_PAGE,
        search,
        account_status: accountStatus,
        kind,
        visited,
        frozen: frozen ? 'true' : undefined,
      },
    }),
  /** The member picker's search: the first members matching the term. */
  search: (term: string, signal?: AbortSignal) =>
    callApi(memberContracts.list, {
      query: { search: term, per_page: MEMBER_SEARCH_PAGE_SIZE },
      signal,
    }),
  summary: () => callApi(memberContracts.summary),
  get: (id: number) => callApi(memberContracts.get, { params: { id } }),
  /** The same key for a retried submission: the server creates the member once. */
  create: (input: Partial<CreateMemberInput>, idempotencyKey: string) =>
    callApi(memberContracts.create, {
      body: input as CreateMemberInput,
      headers: idempotent(idempotencyKey),
    }),
  update: (id: number, input: UpdateMemberInput) =>
    callApi(memberContracts.update, { params: { id }, body: input }),
  uploadPicture: (id: number, file: File) => uploadFile(file, 'member_picture', id),
  visits: (id: number, page: number) =>
    callApi(checkInContracts.memberVisits, {
      params: { id },
      query: { page, per_page: VISITS_PER_PAGE },
    }),
  setKioskPin: (id: number, pin: string) =>
    callApi(kioskEntryContracts.setMemberPin, { params: { id }, body: { pin } }),
};

/** Sets the member's kiosk PIN (kept hashed by the server); the member's trail has the change. */
export const useSetKioskPin = (id: number) =>
  useChangeMutation('kiosk-pin', (pin: string) => membersApi.setKioskPin(id, pin));

/** A member's visits, newest first, with their last visit and this and last month's counts. */
export const useMemberVisits = (id: number, page: number) =>
  useQuery({
    queryKey: memberVisitsKey(id, page),
    queryFn: async () => {
      const answer = await membersApi.visits(id, page);
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });

export const useMembers = (params: MemberListParams) =>
  usePagedQuery(memberListKey(params), () => membersApi.list(params));

export const useMemberSummary = () => useDataQuery(memberSummaryKey, () => membersApi.summary());

export const useMember = (id: number) =>
  useDataQuery(memberKey(id), () => membersApi.get(id), { enabled: id > 0 });

/** After a change the members load again; the member just saved is kept as answered. */
const useRefreshMembers = () => {
  const refresh = useRefreshAfter('member');
  return (member: Member) => refresh({ key: memberKey(member.id), data: member });
};

export const useCreateMember = () => {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ input, key }: { input: Partial<CreateMemberInput>; key: string }) =>
      membersApi.create(input, key),
    onSuccess: (answer) => refresh(answer.data),
  });
};

export const useUpdateMember = (id: number) => {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (input: UpdateMemberInput) => membersApi.update(id, input),
    onSuccess: (answer) => refresh(answer.data),
  });
};

/** Uploads a member's picture (the server sets it on the member); answers the URL. */
export const useUploadMemberPicture = (id: number) =>
  useChangeMutation(
    'member-picture',
    (file: File) => membersApi.uploadPicture(id, file),
    (queryClient, url) =>
      queryClient.setQueryData<Member>(memberKey(id), (m) => (m ? { ...m, picture_url: url } : m)),
  );

/**
 * Uploads the picture of a member just added; the members load again with it. Throws as the
 * upload does.
 */
export const useAddMemberPicture = () => {
  const refresh = useRefreshAfter('member');
  return async (id: number, file: File) => {
    await membersApi.uploadPicture(id, file);
    await refresh();
  };
};
