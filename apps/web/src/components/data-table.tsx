import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTableCards } from './data-table-cards';
import { mutedStyle, struckStyle, type Column } from './data-table-columns';

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
  const { rows, columns, minWidth, onRowClick, isMuted, isStruck } = props;
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  if (phone)
    return (
      <DataTableCards
        rows={rows}
        columns={columns}
        onRowClick={onRowClick}
        isMuted={isMuted}
        isStruck={isStruck}
      />
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover={onRowClick !== undefined} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.alignRight ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const muted = isMuted?.(row) ?? false;
            const struck = isStruck?.(row) ?? false;
            return (
              <Table.Tr
                key={row.id}
                data-muted={muted || undefined}
                data-struck={struck || undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={{
                  ...(onRowClick ? { cursor: 'pointer' } : {}),
                  ...(muted ? mutedStyle : {}),
                  ...(struck ? struckStyle : {}),
                }}
              >
                {columns.map((c) => (
                  <Table.Td key={c.header} maw={c.maw}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
