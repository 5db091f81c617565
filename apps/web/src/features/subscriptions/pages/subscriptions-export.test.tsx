/* The Export menu of the page: the list's current filters from the URL. */
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionsPage } from './subscriptions-page';
import { mockFetch, ok } from '@/test/mock-fetch';
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

describe('the subscriptions Export menu', () => {
  it('exports the subscriptions with their status filter', async () => {
    const api = mockFetch({
      ...lists,
      'GET /v1/subscription/export': () => file('x', 'subscriptions-2026-11-25.csv'),
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
