import { useDebouncedValue } from '@mantine/hooks';
import {
  MEMBER_ACCOUNT_STATUSES,
  MEMBER_KINDS,
  MEMBER_VISITED_FILTERS,
  type MemberAccountStatus,
  type MemberKind,
  type MemberVisitedFilter,
} from '@kora/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MemberListParams } from './api';

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

/** ?visited=last_7|last_30|not_14; anything else (or none) is any visit. */
const readVisited = (value: string | null): MemberVisitedFilter | undefined =>
  (MEMBER_VISITED_FILTERS as readonly (string | null)[]).includes(value)
    ? (value as MemberVisitedFilter)
    : undefined;

/**
 * The members list's page, search, account, kind (walk-ins), last-visit and Frozen filters, kept
 * in the URL (?search=&account_status=&kind=&visited=&frozen=true&page=) so a refresh or a shared link keeps them.
 * The search box updates the URL after a pause in typing; a new search or filter goes back to
 * page 1. `list` is what the list call takes.
 */
export const useMemberListParams = () => {
  const [params, setParams] = useSearchParams();
  const urlSearch = (params.get('search') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const accountStatus = readAccountStatus(params.get('account_status'));
  const kind = readKind(params.get('kind'));
  const visited = readVisited(params.get('visited'));
  // ?frozen=true: only the members a freeze covers today.
  const frozen = params.get('frozen') === 'true';
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

  /** A filter of the URL set (or removed), back to page 1. */
  const setFilter = (name: string, next: string | undefined) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev);
      if (next) q.set(name, next);
      else q.delete(name);
      q.delete('page');
      return q;
    });
  const setAccountStatus = (next: MemberAccountStatus | undefined) =>
    setFilter('account_status', next);
  const setVisited = (next: MemberVisitedFilter | undefined) => setFilter('visited', next);

  const setKind = (next: MemberKind | undefined) => setFilter('kind', next);
  const setFrozen = (on: boolean) => setFilter('frozen', on ? 'true' : undefined);

  const list = {
    page,
    search: urlSearch,
    accountStatus,
    kind,
    visited,
    frozen,
  } satisfies MemberListParams;
  return {
    list,
    input,
    setInput,
    setPage,
    setAccountStatus,
    setKind,
    setVisited,
    setFrozen,
  };
};
