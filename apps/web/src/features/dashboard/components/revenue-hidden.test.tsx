import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@kora/shared';
import { NOW, dashboard } from '@/test/dashboard-fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { DashboardOverview } from './dashboard-overview';

/* Staff the owner has not let see revenue: the server sends no money totals; nothing shows them. */

/** What the server answers staff without "Staff see revenue". */
const withoutRevenue = (): Dashboard => {
  const full = dashboard();
  return {
    ...full,
    revenue_visible: false,
    cards: {
      ...full.cards,
      revenue_this_month: null,
      revenue_last_month_same_days: null,
      revenue_change_percent: null,
      revenue_year_to_date: null,
    },
    revenue_trend: [],
    revenue_by_plan: [],
    payments_by_method: [],
    unconfirmed_transfers: null,
  };
};

const open = async (data: Dashboard, role: string) => {
  signIn({ role });
  mockFetch({ 'GET /v1/dashboard': () => ok(data) });
  renderPage(<DashboardOverview onRenew={() => undefined} />, { path: '/dashboard' });
  expect(await screen.findByLabelText('Total Members: 1480')).toHaveTextContent('1,480');
};

const MONEY = ['Revenue Trend', 'Revenue by Plan', 'Payments by Method'];

beforeEach(() => {
  vi.setSystemTime(NOW);
});

describe('Dashboard without revenue', () => {
  it('shows staff the counts and lists, and no revenue card or chart', async () => {
    await open(withoutRevenue(), 'staff');
    expect(screen.getByRole('group', { name: 'Active Subscriptions' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Monthly Revenue' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₦0/)).not.toBeInTheDocument();
    for (const name of MONEY)
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Membership Growth' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Subscription Lifecycle' })).toBeInTheDocument();
  });

  it('shows the revenue to those the server sends it to', async () => {
    await open(dashboard(), 'staff');
    expect(screen.getByRole('group', { name: 'Monthly Revenue' })).toHaveTextContent('₦1,250,000');
    for (const name of MONEY) expect(screen.getByRole('region', { name })).toBeInTheDocument();
  });
});
