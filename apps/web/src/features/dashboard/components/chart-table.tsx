import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartTableProps {
  caption: string;
  /** The column headings; the first names each row. */
  columns: string[];
  rows: ReactNode[][];
}

/** A chart's figures as a table: `<ChartTable>` visible, or hidden for screen readers. */
export function ChartTable({
  caption,
  columns,
  rows,
  hidden,
}: ChartTableProps & { hidden?: boolean }) {
  const table = (
    <Table
      fz="sm"
      verticalSpacing={4}
      horizontalSpacing="xs"
      aria-label={hidden ? undefined : caption}
    >
      {hidden ? <Table.Caption>{caption}</Table.Caption> : null}
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={c} scope="col" ta={i === 0 ? undefined : 'right'}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, r) => (
          <Table.Tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return hidden ? <VisuallyHidden component="div">{table}</VisuallyHidden> : table;
}

/**
 * A chart drawn for the eye (hidden from screen readers, which cannot read it) with its figures
 * in a table they read instead.
 */
export function ChartWithTable({ chart, ...table }: ChartTableProps & { chart: ReactNode }) {
  return (
    <>
      <div aria-hidden>{chart}</div>
      <ChartTable {...table} hidden />
    </>
  );
}
