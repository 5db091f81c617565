import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, inTurn, mockFetch, ok } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { expectSaveFailures, plan } from '../test-fixtures';
import { PlanEditPage } from './plan-edit-page';

/** Plan 7's edit page, the plan answering `answer`, PATCH answering `patch`. */
const open = (answer = () => ok(plan()), patch: () => Response = () => fail(500)) => {
  const api = mockFetch({
    'GET /v1/subscription-type/7': answer,
    'PATCH /v1/subscription-type/7': patch,
  });
  const at = { path: '/subscription-plans/7/edit', route: '/subscription-plans/:id/edit' };
  return { api, ...renderPage(<PlanEditPage />, at) };
};
const save = () => screen.getByRole('button', { name: 'Save Changes' });

beforeEach(() => signIn());

describe('PlanEditPage', () => {
  itNamesTheTab(
    'Edit Quarterly · Kora',
    () => open(),
    () => screen.findByDisplayValue('Quarterly'),
  );

  it('is prefilled; submit waits for a change; only changed fields are sent; 3 s later the details open', async () => {
    const { api, user, router } = open(undefined, () =>
      ok(plan({ amount: 27000, is_grouped: 1, group_limit: 3, updated_at: 'x' })),
    );
    expect(
      await screen.findByRole('heading', { name: 'Edit Subscription Plan' }),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Quarterly')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Plan Preset/)).not.toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.clear(field('Amount'));
    await enter(user, field('Amount'), '27000');
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    await user.clear(field('Group Limit'));
    await enter(user, field('Group Limit'), '3');
    expect(save()).toBeEnabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(save());
    await expectShown('Redirecting to plan details...');
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({
      amount: 27000,
      is_grouped: 1,
      group_limit: 3,
    });
    expect(router.state.location.pathname).toBe('/subscription-plans/7/edit');
    await advance(3_100);
    expect(router.state.location.pathname).toBe('/subscription-plans/7');
    expect(router.state.location.state).toEqual({ updated: true });
  });

  it('a new amount typed "30,000" is sent as 30000 naira', async () => {
    const { api, user } = open(undefined, () => ok(plan({ amount: 30000 })));
    await screen.findByDisplayValue('Quarterly');
    await user.clear(field('Amount'));
    await enter(user, field('Amount'), '30,000');
    expect(field('Amount')).toHaveValue('₦30,000');
    await user.click(save());
    await screen.findByText('Redirecting to plan details...');
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({ amount: 30000 });
  });

  it('shows the freezing rules and the online switch, and sends only the rule changed', async () => {
    const rules = plan({
      available_online: true,
      freeze_allowed: true,
      freeze_min_days: 7,
      freeze_max_days: 30,
      freeze_max_days_per_year: null,
      freeze_max_per_year: 2,
      freeze_fee: null,
    });
    const { api, user } = open(
      () => ok(rules),
      () => ok({ ...rules, freeze_min_days: 5 }),
    );
    await screen.findByDisplayValue('Quarterly');
    expect(screen.getByRole('switch', { name: /Available online/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Members may freeze this plan/ })).toBeChecked();
    expect(field('Minimum days')).toHaveValue('7');
    expect(field('Maximum days')).toHaveValue('30');
    expect(field('Days a year')).toHaveValue('');
    expect(field('Freezes a year')).toHaveValue('2');
    await user.clear(field('Minimum days'));
    await enter(user, field('Minimum days'), '5');
    await user.click(save());
    await screen.findByText('Redirecting to plan details...');
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({ freeze_min_days: 5 });
  });

  it('refuses a minimum above the maximum in words, before sending', async () => {
    const { api, user } = open(() =>
      ok(plan({ freeze_allowed: true, freeze_min_days: 7, freeze_max_days: 30 })),
    );
    await screen.findByDisplayValue('Quarterly');
    await user.clear(field('Minimum days'));
    await enter(user, field('Minimum days'), '45');
    await user.click(save());
    await screen.findByText('Minimum days cannot be more than maximum days');
    expect(api.sent('PATCH /v1/subscription-type/7')).toHaveLength(0);
  });

  it('the active toggle sends is_active as 1/0', async () => {
    const { api, user } = open(undefined, () => ok(plan({ is_active: 0 })));
    await user.click(await screen.findByRole('switch', { name: /Active/ }));
    expect(
      screen.getByText('Hidden from new subscriptions; existing subscriptions continue.'),
    ).toBeInTheDocument();
    await user.click(save());
    await screen.findByText('Redirecting to plan details...');
    expect(api.sent('PATCH /v1/subscription-type/7')[0]!.body).toEqual({ is_active: 0 });
  });

  it('failure: the title with the server message, else the fallback', async () => {
    const { user } = open(
      undefined,
      inTurn(
        () => fail(403, 'Only owners and admins can change plans.'),
        () => fail(503),
      ),
    );
    await screen.findByDisplayValue('Quarterly');
    await enter(user, field('Plan Name'), ' Plus');
    await expectSaveFailures(user, save, [
      'Failed to update subscription plan',
      'Only owners and admins can change plans.',
      'An error occurred while updating the plan. Please try again.',
    ]);
  });

  itShows(
    (answer) => open(answer),
    [
      [
        'a missing plan',
        'Subscription plan not found.',
        () => fail(404, 'Subscription plan not found.'),
      ],
    ],
  );
});
