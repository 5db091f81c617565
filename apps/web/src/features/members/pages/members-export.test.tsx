/* The Export menu of the page: the list's current filters from the URL. */
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MembersPage } from './members-page';
import { mockFetch } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { EMPTY_LISTS, exportAs, exportFile, savedExportFiles } from '@/test/export-tests';

const saved = savedExportFiles();

describe('the members Export menu', () => {
  it('exports the members with the search and account filter, as Excel', async () => {
    const api = mockFetch({
      ...EMPTY_LISTS,
      'GET /v1/member/export': () => exportFile('xlsx', 'members-2026-11-25.xlsx'),
    });
    const { user } = renderPage(<MembersPage />, {
      path: '/members?search=ada&account_status=inactive&page=2',
      route: '/members',
    });
    await exportAs(user, /Excel/);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(api.sent('GET /v1/member/export')[0]!.query)).toEqual({
      search: 'ada',
      account_status: 'inactive',
      format: 'xlsx',
    });
    expect(saved[0]!.download).toBe('members-2026-11-25.xlsx');
  });
});
