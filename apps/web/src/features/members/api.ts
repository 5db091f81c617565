import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiPage,
  CreateMemberInput,
  Member,
  MemberAccountStatus,
  MemberSummary,
  UpdateMemberInput,
} from '@kora/shared';
import { http } from '@/lib/http';
import { usePagedQuery } from '@/lib/use-paged-query';
import { uploadFile } from '@/lib/upload';

/** The members list shows 10 members a page. */
export const MEMBERS_PER_PAGE = 10;

export interface MemberListParams {
  page: number;
  search: string;
  /** Active or deactivated accounts only; undefined lists both. */
  accountStatus?: MemberAccountStatus;
}

export const membersKey = ['members'] as const;
export const memberListKey = (p: MemberListParams) => [...membersKey, 'list', p] as const;
export const memberSummaryKey = [...membersKey, 'summary'] as const;
export const memberKey = (id: number) => [...membersKey, 'detail', id] as const;

export const membersApi = {
  list: ({ page, search, accountStatus }: MemberListParams) => {
    const q = new URLSearchParams({ page: String(page), per_page: String(MEMBERS_PER_PAGE) });
    if (search) q.set('search', search);
    if (accountStatus) q.set('account_status', accountStatus);
    return http.get<Member[]>(`/v1/member?${q}`) as Promise<ApiPage<Member>>;
  },
  summary: () => http.get<MemberSummary>('/v1/member/summary'),
  get: (id: number) => http.get<Member>(`/v1/member/${id}`),
  /** The same key for a retried submission: the server creates the member once. */
  create: (input: Partial<CreateMemberInput>, idempotencyKey: string) =>
    http.post<Member>('/v1/member', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
  update: (id: number, input: UpdateMemberInput) => http.patch<Member>(`/v1/member/${id}`, input),
  uploadPicture: (id: number, file: File) => uploadFile(file, 'member_picture', id),
};

export const useMembers = (params: MemberListParams) =>
  usePagedQuery(memberListKey(params), () => membersApi.list(params));

export const useMemberSummary = () =>
  useQuery({
    queryKey: memberSummaryKey,
    queryFn: async () => (await membersApi.summary()).data,
  });

export const useMember = (id: number) =>
  useQuery({
    queryKey: memberKey(id),
    queryFn: async () => (await membersApi.get(id)).data,
    enabled: id > 0,
  });

/** After any change: the lists and the summary load again; the changed member is kept. */
const useRefreshMembers = () => {
  const queryClient = useQueryClient();
  return (member?: Member) => {
    if (member) queryClient.setQueryData(memberKey(member.id), member);
    return queryClient.invalidateQueries({
      queryKey: membersKey,
      predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== member?.id,
    });
  };
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
export const useUploadMemberPicture = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => membersApi.uploadPicture(id, file),
    onSuccess: (url) => {
      queryClient.setQueryData<Member>(memberKey(id), (m) => (m ? { ...m, picture_url: url } : m));
      return queryClient.invalidateQueries({ queryKey: [...membersKey, 'list'] });
    },
  });
};
