import { Card, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { CARDS_QUERY } from './data-table';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { PagedRows, type PagedQuery } from './paged-rows';

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
  const { toolbar, empty, cards, table, ...list } = props;
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" pb="xs" gap={0}>
        {toolbar}
      </Stack>
      <PagedRows
        {...list}
        empty={<EmptyState p="xl" {...empty} />}
        loaderHeight={200}
        rows={(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed" size="sm" p="md">
              {`No ${list.noun} on this page.`}
            </Text>
          ) : phone ? (
            cards(rows)
          ) : (
            table(rows)
          )
        }
      />
    </Card>
  );
}
