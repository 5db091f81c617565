import { useDebouncedValue } from '@mantine/hooks';
import {
  MEMBER_ACCOUNT_STATUSES,
  MEMBER_KINDS,
  type MemberAccountStatus,
  type MemberKind,
} from '@kora/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** ?account_status=active|inactive; anything else (or none) lists every account. */
const readAccountStatus = (value: string | null): MemberAccountStatus | undefined =>
  (MEMBER_ACCOUNT_STATUSES as readonly (string | null)[]).includes(value)
    ? (value as MemberAccountStatus)
    : undefined;

/** ?kind=walk_in; anything else (or none) lists every member. */
const readKind = (value: string | null): MemberKind | undefined =>
  (MEMBER_KINDS as readonly (string | null)[]).includes(value) ? (value as MemberKind) : undefined;

/**
 * The members list's page, search, account and kind (walk-ins) filters, kept in the URL
 * (?search=&account_status=&kind=&page=) so a refresh or a shared link keeps them. The search
 * box updates the URL after a pause in typing; a new search or filter goes back to page 1.
 */
export const useMemberListParams = () => {
  const [params, setParams] = useSearchParams();
  const urlSearch = (params.get('search') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const accountStatus = readAccountStatus(params.get('account_status'));
  const kind = readKind(params.get('kind'));
  const [input, setInput] = useState(urlSearch);
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);

  // Typing: once it pauses, the URL follows (replacing the entry, not adding one per letter).
  useEffect(() => {
    if (debounced === urlSearch) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    // Only a new typed value moves the URL; URL changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Back and forward: the box follows the URL.
  useEffect(() => {
    if (urlSearch !== debounced) setInput(urlSearch);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlSearch]);

  const setPage = (next: number) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      if (next <= 1) q.delete('page');
      else q.set('page', String(next));
      return q;
    });

  const setAccountStatus = (next: MemberAccountStatus | undefined) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      if (next) q.set('account_status', next);
      else q.delete('account_status');
      q.delete('page');
      return q;
    });

  const setKind = (next: MemberKind | undefined) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      if (next) q.set('kind', next);
      else q.delete('kind');
      q.delete('page');
      return q;
    });

  return {
    page,
    search: urlSearch,
    accountStatus,
    kind,
    input,
    setInput,
    setPage,
    setAccountStatus,
    setKind,
  };
};
