import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTableCards } from './data-table-cards';
import { rowProps, type Column } from './data-table-columns';

export type { Column } from './data-table-columns';

/** Narrower than this the rows show as cards: the width where the side navigation folds away. */
export const CARDS_QUERY = '(max-width: 48em)';

interface DataTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  /** Narrower than this, the table scrolls sideways (a tablet; phones get cards). */
  minWidth: number;
  /** A row opens something: it highlights on hover and takes clicks. */
  onRowClick?: (row: T) => void;
  /** A row shown muted (a deactivated member): dimmed, on a grey background. */
  isMuted?: (row: T) => boolean;
  /** A row struck through (a voided payment): its text crossed out, its badges readable. */
  isStruck?: (row: T) => boolean;
}

/**
 * A table of rows with an id, one column definition per column. On a phone each row is a card
 * instead (the title and status first, then the fields, then the row's actions), so no column
 * is cut off.
 */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { minWidth, ...rest } = props;
  const { rows, columns, onRowClick, isMuted, isStruck } = rest;
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  if (phone) return <DataTableCards {...rest} />;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover={onRowClick !== undefined} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th
                key={c.header}
                ta={c.alignRight ? 'right' : undefined}
                visibleFrom={c.visibleFrom}
              >
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              {...rowProps({
                muted: isMuted?.(row),
                struck: isStruck?.(row),
                onClick: onRowClick ? () => onRowClick(row) : undefined,
              })}
            >
              {columns.map((c) => (
                <Table.Td key={c.header} maw={c.maw} visibleFrom={c.visibleFrom}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
