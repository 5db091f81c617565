import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@kora/shared';
import { NOW, newBusiness } from '@/test/dashboard-fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { DashboardOverview } from './dashboard-overview';

const REGION = 'Unconfirmed transfers';

/** The dashboard (a new business: no charts to draw) as `role`, its answer `data`. */
const open = async (data: Dashboard, role = 'owner') => {
  signIn({ role });
  mockFetch({ 'GET /v1/dashboard': () => ok(data) });
  const view = renderPage(<DashboardOverview onRenew={() => undefined} />, {
    path: '/dashboard',
  });
  await screen.findByText('Get started');
  return view;
};

const withTransfers = (count: number, amount: number): Dashboard => ({
  ...newBusiness(),
  unconfirmed_transfers: { count, amount, before: '2026-11-21' },
});

beforeEach(() => {
  vi.setSystemTime(NOW);
});

describe('Dashboard: unconfirmed transfers', () => {
  it('tells owners how many transfers wait, for how much, and links to them', async () => {
    await open(withTransfers(3, 75000.5));
    const panel = screen.getByRole('region', { name: REGION });
    expect(panel).toHaveTextContent('3 transfers not yet confirmed: ₦75,000.5');
    expect(panel).toHaveTextContent(
      'Transfers recorded at the desk on or before 21 Nov 2026, older than two days.',
    );
    expect(within(panel).getByRole('link', { name: 'Review transfers' })).toHaveAttribute(
      'href',
      '/payments?status=unconfirmed&unconfirmed_before=2026-11-21',
    );
  });

  it('says one transfer in the singular', async () => {
    await open(withTransfers(1, 25000), 'admin');
    expect(screen.getByRole('region', { name: REGION })).toHaveTextContent(
      '1 transfer not yet confirmed: ₦25,000',
    );
  });

  it('shows nothing when none wait', async () => {
    await open(withTransfers(0, 0));
    expect(screen.queryByRole('region', { name: REGION })).not.toBeInTheDocument();
  });

  it('shows nothing when the dashboard does not say', async () => {
    await open(newBusiness());
    expect(screen.queryByRole('region', { name: REGION })).not.toBeInTheDocument();
  });

  it('is not shown to staff, who do not confirm transfers', async () => {
    await open(withTransfers(3, 75000), 'staff');
    expect(screen.queryByRole('region', { name: REGION })).not.toBeInTheDocument();
  });
});
