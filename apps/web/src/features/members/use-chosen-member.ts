import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@kora/shared';
import { useCallback } from 'react';
import { memberKey, useMember } from './api';
import { MemberAutocomplete } from './components/member-autocomplete';

/**
 * The member whose id a URL holds (a member filter, or the member a payment is for), loaded
 * once; `remember` keeps a member just picked in the cache so it shows without a new call.
 */
export const useChosenMember = (memberId: string | null | undefined) => {
  const id = Number(memberId) || 0;
  const query = useMember(id);
  const queryClient = useQueryClient();
  const remember = useCallback(
    (member: Member) => queryClient.setQueryData(memberKey(member.id), member),
    [queryClient],
  );
  return {
    member: id > 0 ? (query.data ?? null) : null,
    /** The id is set but the member has not loaded (yet, or at all). */
    pending: id > 0 && !query.data,
    failed: query.isError,
    remember,
  };
};

/**
 * The member filter of a list's search box and filters: the member of `memberId`, and the
 * picker that chooses another (the toolbar of a FilteredListCard).
 */
export const useMemberFilter = (memberId: string | null | undefined) => {
  const chosen = useChosenMember(memberId);
  return {
    member: chosen.member,
    onMemberPicked: chosen.remember,
    MemberPicker: MemberAutocomplete,
  };
};
