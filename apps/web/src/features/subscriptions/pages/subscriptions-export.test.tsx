/* The Export menu of the page: the list's current filters from the URL. */
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionsPage } from './subscriptions-page';
import { mockFetch } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { EMPTY_LISTS, exportAs, exportFile, savedExportFiles } from '@/test/export-tests';

const saved = savedExportFiles();

describe('the subscriptions Export menu', () => {
  it('exports the subscriptions with their status filter', async () => {
    const api = mockFetch({
      ...EMPTY_LISTS,
      'GET /v1/subscription/export': () => exportFile('x', 'subscriptions-2026-11-25.csv'),
    });
    const { user } = renderPage(<SubscriptionsPage />, {
      path: '/subscriptions?status=expired',
      route: '/subscriptions',
    });
    await exportAs(user, /CSV/);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(api.sent('GET /v1/subscription/export')[0]!.query)).toEqual({
      status: 'expired',
      format: 'csv',
    });
  });
});
