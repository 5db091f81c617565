import { Badge, Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';
import { phoneScreen } from '@/test/phone-screen';
import { expectTexts, rowOf } from '@/test/expect';
import { renderPage } from '@/test/render';

interface Row {
  id: number;
  name: string;
  price: string;
  kind: string;
  active: boolean;
}

const rows: Row[] = [
  { id: 1, name: 'Monthly', price: '₦25,000', kind: 'Individual', active: true },
  { id: 2, name: 'Family Annual', price: '₦300,000', kind: 'Group Plan', active: false },
];

const renderTable = () => {
  const onRowClick = vi.fn();
  const onEdit = vi.fn();
  const columns: Column<Row>[] = [
    { header: 'Plan Name', cell: (r) => r.name },
    { header: 'Amount', cell: (r) => r.price },
    { header: 'Type', cell: (r) => r.kind },
    {
      header: 'Status',
      card: 'corner',
      cell: (r) => <Badge>{r.active ? 'Active' : 'Inactive'}</Badge>,
    },
    {
      header: 'Actions',
      alignRight: true,
      cell: (r) => (
        <Button
          onClick={(e) => {
            e.stopPropagation();
            onEdit(r.id);
          }}
        >{`Edit ${r.name}`}</Button>
      ),
    },
  ];
  const { user } = renderPage(
    <DataTable
      rows={rows}
      columns={columns}
      minWidth={700}
      onRowClick={(r) => onRowClick(r.id)}
      isMuted={(r) => !r.active}
    />,
  );
  return { onRowClick, onEdit, user };
};

describe('DataTable', () => {
  it('on a wider screen: a table with every column; an inactive row is muted', async () => {
    const { onRowClick, user } = renderTable();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Plan Name', 'Amount', 'Type', 'Status', 'Actions']);
    const family = rowOf('Family Annual');
    expect(family).toHaveAttribute('data-muted', 'true');
    expect(rowOf('Monthly')).not.toHaveAttribute('data-muted');
    await user.click(family);
    expect(onRowClick).toHaveBeenCalledWith(2);
  });

  it('a badge shows its whole words: nothing clips or ends it in "…", its column makes room', () => {
    const columns: Column<Row>[] = [
      { header: 'Plan Name', cell: (r) => r.name },
      { header: 'Status', cell: () => <Badge>No Subscription</Badge> },
      { header: 'Method', cell: () => <Badge variant="light">Transfer</Badge> },
    ];
    renderPage(<DataTable rows={rows.slice(0, 1)} columns={columns} minWidth={700} />);
    for (const text of ['No Subscription', 'Transfer']) {
      const label = screen.getByText(text);
      expect(label).toHaveTextContent(new RegExp(`^${text}$`));
      const badge = label.closest('.mantine-Badge-root') as HTMLElement;
      // Mantine's own badge hides what does not fit behind "…"; Kora's shows it all.
      expect(label).toHaveStyle({ overflow: 'visible', textOverflow: 'clip' });
      expect(badge).toHaveStyle({ overflow: 'visible', flexShrink: '0' });
      expect(badge).not.toHaveAttribute('data-truncate');
    }
  });

  it('on a phone: one card per row with every field labelled and the action reachable', async () => {
    phoneScreen();
    const { onRowClick, onEdit, user } = renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const card = screen.getByText('Family Annual').closest('.mantine-Paper-root') as HTMLElement;
    expectTexts(card, ['Inactive', 'Amount', '₦300,000', 'Type', 'Group Plan']);
    expect(card).toHaveAttribute('data-muted', 'true');
    // The name and the status lead the card; the headers of those two are not repeated.
    expect(within(card).queryByText('Plan Name')).not.toBeInTheDocument();
    expect(within(card).queryByText('Status')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit Family Annual' }));
    expect(onEdit).toHaveBeenCalledWith(2);
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(within(card).getByText('Group Plan'));
    expect(onRowClick).toHaveBeenCalledWith(2);
  });
});
