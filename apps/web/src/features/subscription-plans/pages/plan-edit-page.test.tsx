import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { plan } from '../test-fixtures';
import { PlanEditPage } from './plan-edit-page';

const open = () =>
  renderPage(<PlanEditPage />, {
    path: '/subscription-plans/7/edit',
    route: '/subscription-plans/:id/edit',
  });
const save = () => screen.getByRole('button', { name: 'Save Changes' });

beforeEach(() => sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' }));
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PlanEditPage', () => {
  it('names the tab Edit and the plan', async () => {
    document.title = 'Kora';
    mockFetch({ 'GET /v1/subscription-type/7': () => ok(plan()) });
    open();
    await screen.findByDisplayValue('Quarterly');
    expect(document.title).toBe('Edit Quarterly · Kora');
  });

  it('is prefilled; submit waits for a change; only changed fields are sent; 3 s later the details open', async () => {
    const api = mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'PATCH /v1/subscription-type/7': () =>
        ok(plan({ amount: 27000, is_grouped: 1, group_limit: 3, updated_at: 'x' })),
    });
    const { user, router } = open();
    expect(
      await screen.findByRole('heading', { name: 'Edit Subscription Plan' }),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Quarterly')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Plan Preset/)).not.toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.clear(field('Amount'));
    await user.type(field('Amount'), '27000');
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    await user.clear(field('Group Limit'));
    await user.type(field('Group Limit'), '3');
    expect(save()).toBeEnabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(save());
    expect(await screen.findByText('Redirecting to plan details...')).toBeInTheDocument();
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({
      amount: 27000,
      is_grouped: 1,
      group_limit: 3,
    });
    expect(router.state.location.pathname).toBe('/subscription-plans/7/edit');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(router.state.location.pathname).toBe('/subscription-plans/7');
    expect(router.state.location.state).toEqual({ updated: true });
  });

  it('the active toggle sends is_active as 1/0', async () => {
    const api = mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'PATCH /v1/subscription-type/7': () => ok(plan({ is_active: 0 })),
    });
    const { user } = open();
    await user.click(await screen.findByRole('switch', { name: /Active/ }));
    expect(
      screen.getByText('Hidden from new subscriptions; existing subscriptions continue.'),
    ).toBeInTheDocument();
    await user.click(save());
    await screen.findByText('Redirecting to plan details...');
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({ is_active: 0 });
  });

  it('failure: the title with the server message, else the fallback', async () => {
    let calls = 0;
    mockFetch({
      'GET /v1/subscription-type/7': () => ok(plan()),
      'PATCH /v1/subscription-type/7': () =>
        ++calls === 1 ? fail(403, 'Only owners and admins can change plans.') : fail(503),
    });
    const { user } = open();
    await screen.findByDisplayValue('Quarterly');
    await user.type(field('Plan Name'), ' Plus');
    await user.click(save());
    expect(await screen.findByText('Failed to update subscription plan')).toBeInTheDocument();
    expect(screen.getByText('Only owners and admins can change plans.')).toBeInTheDocument();
    await user.click(save());
    expect(
      await screen.findByText('An error occurred while updating the plan. Please try again.'),
    ).toBeInTheDocument();
  });

  it('a missing plan: Subscription plan not found.', async () => {
    mockFetch({ 'GET /v1/subscription-type/7': () => fail(404, 'Subscription plan not found.') });
    open();
    expect(await screen.findByText('Subscription plan not found.')).toBeInTheDocument();
  });
});
