import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { plan, presetsRoute } from '../test-fixtures';
import { PlanAddPage } from './plan-add-page';

const open = () => renderPage(<PlanAddPage />, { path: '/subscription-plans/add' });
const submit = () => screen.getByRole('button', { name: 'Create Plan' });

const choosePreset = async (user: ReturnType<typeof open>['user'], name: string) => {
  await user.click(field('Plan Preset'));
  await user.click(await screen.findByRole('option', { name }));
};

beforeEach(() => sessionStore.signIn({ access_token: accessToken(), refresh_token: 'r1' }));
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('PlanAddPage', () => {
  it('a preset fills and locks name, duration and type, with amount 0; Other resets', async () => {
    mockFetch(presetsRoute);
    const { user } = open();
    expect(screen.getByRole('heading', { name: 'Create Subscription Plan' })).toBeInTheDocument();
    await choosePreset(user, 'Quarterly');
    expect(field('Plan Name')).toHaveValue('Quarterly');
    expect(field('Plan Name')).toHaveAttribute('readonly');
    expect(field('Duration')).toHaveValue('3');
    expect(field('Duration')).toHaveAttribute('readonly');
    expect(field('Duration Type')).toHaveValue('Month');
    expect(field('Amount')).toHaveValue('₦0');
    expect(submit()).toBeDisabled();

    await user.type(field('Amount'), '25000');
    expect(submit()).toBeEnabled();
    expect(screen.getByText('That is ₦8,333/month')).toBeInTheDocument();

    await choosePreset(user, 'Other');
    expect(field('Plan Name')).toHaveValue('');
    expect(field('Plan Name')).not.toHaveAttribute('readonly');
    expect(field('Duration')).toHaveValue('1');
    expect(field('Duration Type')).toHaveValue('Month');
    expect(field('Amount')).toHaveValue('₦0');
    expect(submit()).toBeDisabled();
  });

  it('enables submit only when name, amount, duration, type and group limit are valid', async () => {
    mockFetch(presetsRoute);
    const { user } = open();
    await user.type(field('Plan Name'), 'A');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '5000');
    expect(submit()).toBeDisabled(); // name too short
    await user.type(field('Plan Name'), 'B');
    expect(submit()).toBeEnabled();
    await user.clear(field('Duration'));
    expect(submit()).toBeDisabled(); // no duration
    await user.type(field('Duration'), '2');
    expect(submit()).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(field('Group Limit')).toHaveValue('1');
    await user.clear(field('Group Limit'));
    expect(submit()).toBeDisabled(); // grouped without a limit
    await user.type(field('Group Limit'), '5');
    expect(submit()).toBeEnabled();

    // Unchecking hides the limit and resets it to 1.
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(screen.queryByLabelText(/Group Limit/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(field('Group Limit')).toHaveValue('1');
  });

  it('sends the create payload and opens the new plan', async () => {
    const api = mockFetch({
      ...presetsRoute,
      'POST /v1/subscription-type': () =>
        ok({ entity_id: 42, ...plan({ id: 42, name: 'Family Monthly' }) }, {}, 201),
    });
    const { user, router } = open();
    await choosePreset(user, 'Monthly');
    await user.type(field('Amount'), '40000');
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    await user.clear(field('Group Limit'));
    await user.type(field('Group Limit'), '4');
    await user.click(submit());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/42'));
    expect(api.sent('POST /v1/subscription-type')[0]!.body).toEqual({
      name: 'Monthly',
      amount: 40000,
      duration_type: 'month',
      duration: 1,
      is_grouped: 1,
      group_limit: 4,
    });
  });

  it('an individual plan is sent with is_grouped 0 and group_limit 1', async () => {
    const api = mockFetch({
      ...presetsRoute,
      'POST /v1/subscription-type': () => ok({ entity_id: 9, ...plan({ id: 9 }) }, {}, 201),
    });
    const { user, router } = open();
    await user.type(field('Plan Name'), 'Student Pass');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '12000.5');
    await user.click(submit());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/9'));
    expect(api.sent('POST /v1/subscription-type')[0]!.body).toEqual({
      name: 'Student Pass',
      amount: 12000.5,
      duration_type: 'month',
      duration: 1,
      is_grouped: 0,
      group_limit: 1,
    });
  });

  it('failure: the title with the server message, else the fallback', async () => {
    let calls = 0;
    mockFetch({
      ...presetsRoute,
      'POST /v1/subscription-type': () =>
        ++calls === 1 ? fail(409, 'A plan with this name already exists.') : fail(500),
    });
    const { user } = open();
    await user.type(field('Plan Name'), 'Gold');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '1000');
    await user.click(submit());
    expect(await screen.findByText('Failed to create subscription plan')).toBeInTheDocument();
    expect(screen.getByText('A plan with this name already exists.')).toBeInTheDocument();
    await user.click(submit());
    expect(
      await screen.findByText('An error occurred while creating the plan. Please try again.'),
    ).toBeInTheDocument();
  });

  it('staff cannot create plans: the submit is disabled and says why', async () => {
    sessionStore.signIn({ access_token: accessToken({ role: 'staff' }), refresh_token: 'r1' });
    mockFetch(presetsRoute);
    const { user } = open();
    await user.type(field('Plan Name'), 'Gold');
    expect(submit()).toBeDisabled();
    expect(
      screen.getByText(
        'Only the business owner or an admin can create, edit or delete subscription plans.',
      ),
    ).toBeInTheDocument();
  });
});
