import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from './data-table';
import type { Column } from './data-table-columns';
import { PagedRows, type PagedRowsProps } from './paged-rows';

interface RecordTableCardProps<T> extends Pick<
  PagedRowsProps<T>,
  'query' | 'errorMessage' | 'noun' | 'perPage' | 'onPageChange'
> {
  title: string;
  /** Under the title: a word about the list (a member who opted out). */
  note?: ReactNode;
  /** What shows when there is nothing to list. */
  emptyText: string;
  columns: Column<T>[];
  /** After the list: the dialogs its rows open. */
  children?: ReactNode;
}

/**
 * A card of a record's page listing what belongs to the record (a member's payment links, the
 * reminders sent to them): a short table, with the pagination footer only past one page.
 */
export function RecordTableCard<T extends { id: number }>(props: RecordTableCardProps<T>) {
  const { title, note, emptyText, columns, children, ...list } = props;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Title order={3} fz="h5" p="lg" pb="xs">
        {title}
      </Title>
      {note}
      <PagedRows
        {...list}
        empty={
          <Text size="sm" c="dimmed" px="lg" pb="lg">
            {emptyText}
          </Text>
        }
        loaderHeight={120}
        footerWhenPaged
        rows={(rows) => <DataTable rows={rows} columns={columns} minWidth={560} />}
      />
      {children}
    </Card>
  );
}
