import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { plan } from '../test-fixtures';
import { PlanDetailsPage } from './plan-details-page';

const open = (state?: unknown) =>
  renderPage(<PlanDetailsPage />, {
    path: '/subscription-plans/7',
    route: '/subscription-plans/:id',
    state,
  });

beforeEach(() => sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' }));
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PlanDetailsPage', () => {
  it('names the tab after the plan', async () => {
    document.title = 'Kora';
    mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'GET /v1/subscription': () => ok([], { meta: { page: 1, per_page: 1, pages: 1, total: 0 } }),
    });
    open();
    await screen.findByRole('heading', { name: 'Quarterly' });
    expect(document.title).toBe('Quarterly · Kora');
  });

  it('shows the figures, real statistics, and the updated banner for 5 s', async () => {
    mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'GET /v1/subscription': (req) =>
        ok([], {
          meta: { page: 1, per_page: 1, pages: 1, total: req.query.get('status') ? 3 : 11 },
        }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open({ updated: true });
    expect(await screen.findByRole('heading', { name: 'Quarterly' })).toBeInTheDocument();
    expect(screen.getByText('Plan updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('₦25,000')).toBeInTheDocument();
    expect(screen.getByText('₦8,333/month')).toBeInTheDocument();
    expect(screen.getByText('3 months')).toBeInTheDocument();
    expect(screen.getByText('Individual')).toBeInTheDocument();
    expect(await screen.findByText('11')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    expect(screen.queryByText('Plan updated successfully!')).not.toBeInTheDocument();
  });

  it('without subscription counts the statistics card says so, with no numbers', async () => {
    mockFetch({ 'GET /v1/subscription-type/7': () => ok(plan()) });
    open();
    expect(
      await screen.findByText(/Subscription statistics are not available yet/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Plan updated successfully!')).not.toBeInTheDocument();
  });

  it('delete: a plan with history shows the server message and stays', async () => {
    mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'DELETE /v1/subscription-type/7': () =>
        fail(409, 'This plan has subscriptions; deactivate it instead.'),
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getByText('Quarterly')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    expect(
      await within(dialog).findByText('This plan has subscriptions; deactivate it instead.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription-plans/7');
  });

  it('delete: success goes back to the list', async () => {
    const api = mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'DELETE /v1/subscription-type/7': () => ok(null),
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Subscription Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans'));
    expect(api.sent('DELETE /v1/subscription-type/7')).toHaveLength(1);
  });

  it('staff: Edit Plan and Delete Plan are disabled', async () => {
    sessionStore.signIn({ access_token: accessToken({ role: 'staff' }), refresh_token: 'r1' });
    mockFetch({ 'GET /v1/subscription-type/7': () => ok(plan()) });
    open();
    expect(await screen.findByRole('button', { name: 'Delete Plan' })).toBeDisabled();
    expect(screen.getByText('Edit Plan').closest('a,button')).toHaveAttribute('data-disabled');
  });

  it('not found and fetch failure', async () => {
    mockFetch({ 'GET /v1/subscription-type/7': () => fail(404, 'Subscription plan not found.') });
    open();
    expect(await screen.findByText('Subscription plan not found.')).toBeInTheDocument();
  });
});
