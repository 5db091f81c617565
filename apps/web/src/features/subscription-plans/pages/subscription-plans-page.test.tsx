import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneScreen } from '@/test/phone-screen';
import { sessionStore } from '@/lib/session';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { plan } from '../test-fixtures';
import { SubscriptionPlansPage } from './subscription-plans-page';

const open = () => renderPage(<SubscriptionPlansPage />, { path: '/subscription-plans' });

const plans = [
  plan(),
  plan({
    id: 8,
    name: 'Family Annual',
    amount: 300000,
    duration: 1,
    duration_type: 'year',
    is_grouped: 1,
    group_limit: 4,
    is_active: 0,
  }),
];

beforeEach(() => sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' }));
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('SubscriptionPlansPage', () => {
  it('lists the plans with per-unit price, duration, type, status and the footer', async () => {
    mockFetch({ 'GET /v1/subscription-type': () => ok(plans) });
    const { user, router } = open();
    const row = (await screen.findByText('Quarterly')).closest('tr')!;
    expect(within(row).getByText('₦8,333/month')).toBeInTheDocument();
    expect(within(row).getByText('₦25,000')).toBeInTheDocument();
    expect(within(row).getByText('3 months')).toBeInTheDocument();
    expect(within(row).getByText('Individual')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    const family = screen.getByText('Family Annual').closest('tr')!;
    expect(within(family).getByText('₦300,000/year')).toBeInTheDocument();
    expect(within(family).getByText('1 year')).toBeInTheDocument();
    expect(within(family).getByText('Group Plan')).toBeInTheDocument();
    expect(within(family).getByText('Up to 4 members')).toBeInTheDocument();
    expect(within(family).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 subscription plan(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Family Annual' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/8/edit');
  });

  it('names the tab', async () => {
    document.title = 'Kora';
    mockFetch({ 'GET /v1/subscription-type': () => ok(plans) });
    open();
    await screen.findByText('Quarterly');
    expect(document.title).toBe('Subscription plans · Kora');
  });

  it('on a phone each plan is a card: type, status and actions in reach', async () => {
    phoneScreen();
    mockFetch({ 'GET /v1/subscription-type': () => ok(plans) });
    const { user, router } = open();
    await screen.findByText('Family Annual');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByText('Family Annual').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(card).getByText('₦300,000')).toBeInTheDocument();
    expect(within(card).getByText('1 year')).toBeInTheDocument();
    expect(within(card).getByText('Type')).toBeInTheDocument();
    expect(within(card).getByText('Group Plan')).toBeInTheDocument();
    expect(within(card).getByText('Up to 4 members')).toBeInTheDocument();
    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'More actions for Family Annual' }),
    ).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Edit Family Annual' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/8/edit');
  });

  it('a row opens the plan; the more menu deletes after confirmation', async () => {
    const api = mockFetch({
      'GET /v1/subscription-type': () =>
        ok(api.sent('DELETE /v1/subscription-type/7').length ? [plans[1]] : plans),
      'DELETE /v1/subscription-type/7': () => ok(null),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'More actions for Quarterly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    await vi.waitFor(() => expect(screen.queryByText('Quarterly')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1 subscription plan(s)')).toBeInTheDocument();
  });

  it('empty: No subscription plans with Create First Plan', async () => {
    mockFetch({ 'GET /v1/subscription-type': () => ok([]) });
    const { user, router } = open();
    expect(await screen.findByText('No subscription plans')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Plan' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/add');
  });

  it('staff: Add Plan, edit and delete are disabled', async () => {
    sessionStore.signIn({ access_token: accessToken({ role: 'staff' }), refresh_token: 'r1' });
    mockFetch({ 'GET /v1/subscription-type': () => ok(plans) });
    const { user, router } = open();
    await screen.findByText('Quarterly');
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Quarterly' }));
    expect(router.state.location.pathname).toBe('/subscription-plans');
    await user.click(screen.getByRole('button', { name: 'More actions for Quarterly' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  it('load failure shows the catalogue message', async () => {
    mockFetch({ 'GET /v1/subscription-type': () => fail(500) });
    open();
    expect(
      await screen.findByText('An error occurred while fetching subscription plans.'),
    ).toBeInTheDocument();
  });
});
