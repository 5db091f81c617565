/* The Export menu of the page: the list's current filters from the URL. */
import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentsPage } from './payments-page';
import { fail, mockFetch } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { EMPTY_LISTS, exportAs, exportFile, savedExportFiles } from '@/test/export-tests';

const saved = savedExportFiles();

describe('the payments Export menu', () => {
  it('exports the payments with the filters of the URL (not the page), as CSV', async () => {
    const api = mockFetch({
      ...EMPTY_LISTS,
      'GET /v1/payment/export': () => exportFile('\uFEFFDate\r\n', 'payments-2026-11-25.csv'),
    });
    const { user } = renderPage(<PaymentsPage />, {
      path: '/payments?method=Cash&start_date=2026-11-01&member_id=5&page=3',
      route: '/payments',
    });
    await exportAs(user, /CSV/);
    await waitFor(() => expect(saved).toHaveLength(1));
    const [sent] = api.sent('GET /v1/payment/export');
    expect(Object.fromEntries(sent!.query)).toEqual({
      member_id: '5',
      method: 'Cash',
      start_date: '2026-11-01',
      format: 'csv',
    });
    expect(sent!.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]).toEqual({ href: 'blob:export', download: 'payments-2026-11-25.csv' });
  });

  it('shows the server message when the export fails, and saves nothing', async () => {
    mockFetch({
      ...EMPTY_LISTS,
      'GET /v1/payment/export': () => fail(429, 'Too many requests. Please wait a moment.'),
    });
    const { user } = renderPage(
      <>
        <Notifications />
        <PaymentsPage />
      </>,
      { path: '/payments', route: '/payments' },
    );
    await exportAs(user, /Excel/);
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please wait a moment.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
