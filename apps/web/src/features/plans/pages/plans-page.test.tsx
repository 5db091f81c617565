import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneScreen } from '@/test/phone-screen';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { expectShown, expectTexts, findRow, rowOf } from '@/test/expect';
import { renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { plan } from '../test-fixtures';
import { PlansPage } from './plans-page';

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

/** The page, the plans answering `answer`, and the other calls `routes`. */
const open = (answer = () => ok(plans), routes: Parameters<typeof mockFetch>[0] = {}) => {
  const api = mockFetch({ 'GET /v1/subscription-type': answer, ...routes });
  return { api, ...renderPage(<PlansPage />, { path: '/subscription-plans' }) };
};

beforeEach(() => signIn());

describe('PlansPage', () => {
  it('lists the plans with per-unit price, duration, type, status and the footer', async () => {
    const { user, router } = open();
    const row = await findRow('Quarterly');
    expectTexts(row, ['₦8,333/month', '₦25,000', '3 months', 'Individual', 'Active']);

    const family = rowOf('Family Annual');
    expectTexts(family, ['₦300,000/year', '1 year', 'Group Plan', 'Up to 4 members', 'Inactive']);
    expect(screen.getByText('Showing 2 subscription plan(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Family Annual' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/8/edit');
  });

  itNamesTheTab(
    'Subscription plans · Kora',
    () => open(),
    () => screen.findByText('Quarterly'),
  );

  it('on a phone each plan is a card: type, status and actions in reach', async () => {
    phoneScreen();
    const { user, router } = open();
    await screen.findByText('Family Annual');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByText('Family Annual').closest('.mantine-Paper-root') as HTMLElement;
    expectTexts(card, ['₦300,000', '1 year', 'Type', 'Group Plan', 'Up to 4 members', 'Inactive']);
    expect(
      within(card).getByRole('button', { name: 'More actions for Family Annual' }),
    ).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Edit Family Annual' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/8/edit');
  });

  it('a row opens the plan; the more menu deletes after confirmation', async () => {
    let deleted = false;
    const { user } = open(() => ok(deleted ? [plans[1]] : plans), {
      'DELETE /v1/subscription-type/7': () => {
        deleted = true;
        return ok(null);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'More actions for Quarterly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    await vi.waitFor(() => expect(screen.queryByText('Quarterly')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1 subscription plan(s)')).toBeInTheDocument();
  });

  it('empty: No subscription plans with Create First Plan', async () => {
    const { user, router } = open(() => ok([]));
    await expectShown('No subscription plans');
    await user.click(screen.getByRole('button', { name: 'Create First Plan' }));
    expect(router.state.location.pathname).toBe('/subscription-plans/add');
  });

  it('staff: Add Plan, edit and delete are disabled', async () => {
    signIn({ role: 'staff' });
    const { user, router } = open();
    await screen.findByText('Quarterly');
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Quarterly' }));
    expect(router.state.location.pathname).toBe('/subscription-plans');
    await user.click(screen.getByRole('button', { name: 'More actions for Quarterly' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  itShows(
    (answer) => open(answer),
    [
      [
        'load failure shows the catalogue message',
        'An error occurred while fetching subscription plans.',
        () => fail(500),
      ],
    ],
  );
});
