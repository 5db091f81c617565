import { Card, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PageMeta } from '@kora/shared';
import type { ReactNode } from 'react';
import { CARDS_QUERY } from './data-table';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';
import { PaginationFooter } from './pagination-footer';

/** What ListCard needs of a paged list query (TanStack Query's result fits). */
export interface PagedQuery<T> {
  data?: { data: T[]; meta: PageMeta };
  isError: boolean;
  /** What failed: a 429 or a missing business gets its own message and action. */
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ListCardProps<T> {
  /** Search or filters, above the list. */
  toolbar: ReactNode;
  query: PagedQuery<T>;
  /** The screen's message when the list fails to load. */
  errorMessage: string;
  /** What shows when the list has no rows at all. */
  empty: EmptyStateProps;
  /** What is listed, plural: "members", "payments". */
  noun: string;
  perPage: number;
  onPageChange: (page: number) => void;
  /** The rows on a phone (max 48em wide). */
  cards: (rows: T[]) => ReactNode;
  /** The rows on a wider screen. */
  table: (rows: T[]) => ReactNode;
}

/**
 * The card of a paged list (members, subscriptions, payments): the toolbar, then the load
 * error with Retry, the loader, the empty state, or the rows (cards on a phone, else the
 * table) with the pagination footer.
 */
export function ListCard<T>(props: ListCardProps<T>) {
  const { toolbar, query, errorMessage, empty, noun, perPage, onPageChange } = props;
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const data = query.data;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" pb="xs" gap={0}>
        {toolbar}
      </Stack>
      {query.isError && !data ? (
        <Stack p="md">
          <LoadError
            message={errorMessage}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </Stack>
      ) : !data ? (
        <PageLoader minHeight={200} />
      ) : data.meta.total === 0 ? (
        <EmptyState p="xl" {...empty} />
      ) : (
        <>
          {data.data.length === 0 ? (
            <Text c="dimmed" size="sm" p="md">
              {`No ${noun} on this page.`}
            </Text>
          ) : phone ? (
            props.cards(data.data)
          ) : (
            props.table(data.data)
          )}
          <Stack px="md" pb="md" gap={0}>
            <PaginationFooter
              page={data.meta.page}
              pages={data.meta.pages}
              perPage={perPage}
              total={data.meta.total}
              capped={data.meta.total_capped}
              noun={noun}
              onChange={onPageChange}
              disabled={query.isFetching}
            />
          </Stack>
        </>
      )}
    </Card>
  );
}
