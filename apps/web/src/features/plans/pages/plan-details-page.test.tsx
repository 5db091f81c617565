import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type Routes, type SentRequest } from '@/test/mock-fetch';
import { expectShown, expectTexts } from '@/test/expect';
import { advance, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { plan } from '../test-fixtures';
import { PlanDetailsPage } from './plan-details-page';

/** Plan 7's page, the plan answering `answer`, the other calls `routes`. */
const open = (answer = () => ok(plan()), routes: Routes = {}, state?: unknown) => {
  const api = mockFetch({ 'GET /v1/subscription-type/7': answer, ...routes });
  const at = { path: '/subscription-plans/7', route: '/subscription-plans/:id', state };
  return { api, ...renderPage(<PlanDetailsPage />, at) };
};

/** Opens the page with DELETE answering `answer`, then its Delete dialog. */
const openDelete = async (answer: () => Response) => {
  const view = open(undefined, { 'DELETE /v1/subscription-type/7': answer });
  await view.user.click(await screen.findByRole('button', { name: 'Delete Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
  return { ...view, dialog };
};

beforeEach(() => signIn());

describe('PlanDetailsPage', () => {
  itNamesTheTab(
    'Quarterly · Kora',
    () =>
      open(undefined, {
        'GET /v1/subscription': () =>
          ok([], { meta: { page: 1, per_page: 1, pages: 1, total: 0 } }),
      }),
    () => screen.findByRole('heading', { name: 'Quarterly' }),
  );

  it('shows the figures, real statistics, and the updated banner for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const counts = (req: SentRequest) =>
      ok([], { meta: { page: 1, per_page: 1, pages: 1, total: req.query.get('status') ? 3 : 11 } });
    open(undefined, { 'GET /v1/subscription': counts }, { updated: true });
    expect(await screen.findByRole('heading', { name: 'Quarterly' })).toBeInTheDocument();
    expectTexts(document.body, [
      'Plan updated successfully!',
      '₦25,000',
      '₦8,333/month',
      '3 months',
      'Individual',
    ]);
    await expectShown('11', '3');
    await advance(5_100);
    expect(screen.queryByText('Plan updated successfully!')).not.toBeInTheDocument();
  });

  it('says whether members may buy it online and its freezing rules in words', async () => {
    open(() =>
      ok(
        plan({
          available_online: true,
          freeze_allowed: true,
          freeze_min_days: 7,
          freeze_max_days: 30,
          freeze_max_per_year: 2,
          freeze_fee: 2500,
        }),
      ),
    );
    expect(
      await screen.findByText('7 to 30 days a freeze; at most 2 freezes a year; fee ₦2,500'),
    ).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
  });

  it('without subscription counts the statistics card says so, with no numbers', async () => {
    open();
    await expectShown(/Subscription statistics are not available yet/);
    expect(screen.queryByText('Plan updated successfully!')).not.toBeInTheDocument();
  });

  it('delete: a plan with history shows the server message and stays', async () => {
    const { user, router, dialog } = await openDelete(() =>
      fail(409, 'This plan has subscriptions; deactivate it instead.'),
    );
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getByText('Quarterly')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    expect(
      await within(dialog).findByText('This plan has subscriptions; deactivate it instead.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription-plans/7');
  });

  it('delete: success goes back to the list', async () => {
    const { api, user, router, dialog } = await openDelete(() => ok(null));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans'));
    expect(api.sent('DELETE /v1/subscription-type/7')).toHaveLength(1);
  });

  it('staff: Edit Plan and Delete Plan are disabled', async () => {
    signIn({ role: 'staff' });
    open();
    expect(await screen.findByRole('button', { name: 'Delete Plan' })).toBeDisabled();
    expect(screen.getByText('Edit Plan').closest('a,button')).toHaveAttribute('data-disabled');
  });

  itShows(
    (answer) => open(answer),
    [
      [
        'not found and fetch failure',
        'Subscription plan not found.',
        () => fail(404, 'Subscription plan not found.'),
      ],
    ],
  );
});
