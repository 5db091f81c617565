import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { queryRoots, useRefreshAfter, type Change } from './query-keys';

const setup = (change: Change) => {
  const queryClient = testQueryClient();
  const keys = [
    ['members', 'list', { page: 1 }],
    ['members', 'detail', 4],
    ['members', 'detail', 5],
    ['plans', 'list', { activeOnly: false }],
    ['plans', 'stats', 7],
    ['payments', 'summary'],
    ['subscriptions', 'list', { page: 1 }],
    ['user-profile', 1],
    ['business-profile', 7],
    ['team', 'list'],
    ['communications', 'list', { page: 1 }],
    ['dashboard'],
    ['online-payments', 'connection'],
    ['online-payments', 'links', 5, { page: 1 }],
    ['online-payments', 'transfer', 5],
    ['online-payments', 'held', { state: 'held', page: 1 }],
  ];
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useRefreshAfter(change), { wrapper });
  const stale = () =>
    keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((k) => k.join('/'));
  return { refresh: result.current, queryClient, stale };
};

/** What a payment makes stale: its member's lists and details, the plan counts, the dashboard. */
const AFTER_PAYMENT = [
  'members/list/[object Object]',
  'members/detail/4',
  'members/detail/5',
  'plans/stats/7',
  'payments/summary',
  'subscriptions/list/[object Object]',
  'dashboard',
];

describe('useRefreshAfter', () => {
  it('after a payment: payments, subscriptions, members, the plan counts and the dashboard', async () => {
    const { refresh, stale } = setup('payment');
    await refresh();
    expect(stale()).toEqual(AFTER_PAYMENT);
  });

  it('after a member change: the members and the dashboard, keeping the member just saved as answered', async () => {
    const { refresh, stale, queryClient } = setup('member');
    await refresh({ key: ['members', 'detail', 4], data: 'saved' });
    expect(stale()).toEqual(['members/list/[object Object]', 'members/detail/5', 'dashboard']);
    expect(queryClient.getQueryData(['members', 'detail', 4])).toBe('saved');
  });

  it.each([
    ['plan', 'plans/list/[object Object]', 'plans/stats/7'],
    ['team', 'team/list'],
    ['message', 'communications/list/[object Object]'],
  ] as [Change, ...string[]][])(
    'after a %s change: its own lists, and the dashboard (activity, first steps)',
    async (change, ...own) => {
      const { refresh, stale } = setup(change);
      await refresh();
      expect(stale()).toEqual([...own, 'dashboard']);
    },
  );

  it('after a business is set up: the user and business profiles', async () => {
    const { refresh, stale } = setup('business-created');
    await refresh();
    expect(stale()).toEqual(['user-profile/1', 'business-profile/7']);
  });

  it('after a held payment is assigned: what a payment changes, and the online payments', async () => {
    const { refresh, stale } = setup('held-assigned');
    await refresh();
    expect(stale()).toEqual([
      ...AFTER_PAYMENT,
      'online-payments/connection',
      'online-payments/links/5/[object Object]',
      'online-payments/transfer/5',
      'online-payments/held/[object Object]',
    ]);
  });

  it.each([
    ['payment-link', 'online-payments/links/5/[object Object]'],
    ['held-dismissed', 'online-payments/connection', 'online-payments/held/[object Object]'],
    [
      'paystack',
      'online-payments/connection',
      'online-payments/links/5/[object Object]',
      'online-payments/transfer/5',
      'online-payments/held/[object Object]',
    ],
  ] as [Change, ...string[]][])('after a %s change: %s', async (change, ...own) => {
    const { refresh, stale } = setup(change);
    await refresh();
    expect(stale()).toEqual(own);
  });

  it('declares every root once', () => {
    const roots = Object.values(queryRoots).map((root) => root[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
