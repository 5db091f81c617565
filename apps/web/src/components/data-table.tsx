import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's maximum width. */
  maw?: number;
  /** The actions column: its header sits on the right. */
  alignRight?: boolean;
}

interface DataTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  /** Narrower than this, the table scrolls sideways (a phone). */
  minWidth: number;
  /** A row opens something: it highlights on hover and takes clicks. */
  onRowClick?: (row: T) => void;
}

/** A table of rows with an id, one column definition per column (spec 02 §2). */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { rows, columns, minWidth, onRowClick } = props;
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
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((c) => (
                <Table.Td key={c.header} maw={c.maw}>
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
