/* The Export menu of the page: the list's current filters from the URL. */
import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsPage } from './payments-page';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';

const emptyPage = () =>
  ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 }, total: 0, pages: 1 });

const file = (body: string, filename: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

/** The lists' other calls, answered empty. */
const lists = {
  'GET /v1/member': emptyPage,
  'GET /v1/member/summary': () => ok({ total: 0, active: 0, new_this_month: 0, churned: 0 }),
  'GET /v1/payment': emptyPage,
  'GET /v1/payment/summary': () =>
    ok({ count: 0, today: 0, this_month: 0, year_to_date: 0, average: 0 }),
  'GET /v1/subscription': emptyPage,
  'GET /v1/subscription/summary': () => ok({ active: 0, expiring: 0, upcoming: 0, expired: 0 }),
  'GET /v1/subscription-type': () => ok([]),
  'GET /v1/member/5': () => ok(null),
};

const saved: { href: string; download: string }[] = [];

beforeEach(() => {
  signIn();
  saved.length = 0;
  // jsdom has no object URLs: the file is "saved" when the link is clicked.
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

const exportAs = async (user: ReturnType<typeof renderPage>['user'], item: RegExp) => {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};

describe('the payments Export menu', () => {
  it('exports the payments with the filters of the URL (not the page), as CSV', async () => {
    const api = mockFetch({
      ...lists,
      'GET /v1/payment/export': () => file('\uFEFFDate\r\n', 'payments-2026-11-25.csv'),
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
      ...lists,
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
