import { screen, waitFor } from '@testing-library/react';
import type { Plan } from '@kora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, held, inTurn, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { itNamesTheTab } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { expectSaveFailures, plan, presetsRoute } from '../test-fixtures';
import { PlanAddPage } from './plan-add-page';

/** The page, with the presets, POST answering `post`. */
const open = (post: Handler = () => fail(500)) => {
  const api = mockFetch({ ...presetsRoute, 'POST /v1/subscription-type': post });
  return { api, ...renderPage(<PlanAddPage />, { path: '/subscription-plans/add' }) };
};
type User = ReturnType<typeof open>['user'];
const submit = () => screen.getByRole('button', { name: 'Create Plan' });
/** The answer of a plan created as `id`. */
const created = (id: number, overrides: Partial<Plan> = {}) =>
  ok({ entity_id: id, ...plan({ id, ...overrides }) }, {}, 201);

const choosePreset = async (user: User, name: string) => {
  await user.click(field('Plan Preset'));
  await user.click(await screen.findByRole('option', { name }));
};

/** Creates the plan as `id`: submits, waits for its page, and answers what was sent. */
const submitted = async ({ api, user, router }: ReturnType<typeof open>, id: number) => {
  await user.click(submit());
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/subscription-plans/${id}`));
  return api.sent('POST /v1/subscription-type')[0]!.body;
};

/** Types the plan's name and replaces its amount. */
const fillPlan = async (user: User, name: string, amount: string) => {
  await enter(user, field('Plan Name'), name);
  await user.clear(field('Amount'));
  await enter(user, field('Amount'), amount);
};

beforeEach(() => signIn());

describe('PlanAddPage', () => {
  it('a preset fills and locks name, duration and type, with amount 0; Other resets', async () => {
    const { user } = open();
    expect(screen.getByRole('heading', { name: 'Create Subscription Plan' })).toBeInTheDocument();
    expect(screen.queryByText(/^That is/)).not.toBeInTheDocument();
    await choosePreset(user, 'Quarterly');
    expect(field('Plan Name')).toHaveValue('Quarterly');
    expect(field('Duration')).toHaveValue('3');
    expect(field('Duration Type')).toHaveValue('Month');
    // The preset's fields look read-only: filled grey, with a lock, and the preset says why.
    for (const label of ['Plan Name', 'Duration', 'Duration Type']) {
      expect(field(label)).toHaveAttribute('readonly');
      expect(field(label)).toHaveAttribute('data-variant', 'filled');
    }
    expect(screen.getAllByRole('img', { name: 'Set by the preset' })).toHaveLength(3);
    expect(
      screen.getByText(
        'Name, duration and type come from this preset. Choose Other to set them yourself.',
      ),
    ).toBeInTheDocument();
    expect(field('Amount')).toHaveValue('₦0');
    expect(field('Amount')).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/^That is/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await enter(user, field('Amount'), '25000');
    expect(submit()).toBeEnabled();
    expect(screen.getByText('That is ₦8,333/month')).toBeInTheDocument();

    await choosePreset(user, 'Other');
    expect(field('Plan Name')).toHaveValue('');
    expect(field('Plan Name')).not.toHaveAttribute('readonly');
    expect(field('Plan Name')).not.toHaveAttribute('data-variant', 'filled');
    expect(screen.queryByRole('img', { name: 'Set by the preset' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^That is/)).not.toBeInTheDocument();
    expect(field('Duration')).toHaveValue('1');
    expect(field('Duration Type')).toHaveValue('Month');
    expect(field('Amount')).toHaveValue('₦0');
    expect(submit()).toBeDisabled();
  });

  it('enables submit only when name, amount, duration, type and group limit are valid', async () => {
    const { user } = open();
    await fillPlan(user, 'A', '5000');
    expect(submit()).toBeDisabled(); // name too short
    await enter(user, field('Plan Name'), 'B');
    expect(submit()).toBeEnabled();
    await user.clear(field('Duration'));
    expect(submit()).toBeDisabled(); // no duration
    await enter(user, field('Duration'), '2');
    expect(submit()).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(field('Group Limit')).toHaveValue('1');
    await user.clear(field('Group Limit'));
    expect(submit()).toBeDisabled(); // grouped without a limit
    await enter(user, field('Group Limit'), '5');
    expect(submit()).toBeEnabled();

    // Unchecking hides the limit and resets it to 1.
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(screen.queryByLabelText(/Group Limit/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    expect(field('Group Limit')).toHaveValue('1');
  });

  itNamesTheTab('Create plan · Kora', () => open());

  it('a negative amount keeps its value and shows the rule as it is typed', async () => {
    const { user } = open();
    await fillPlan(user, 'Gold', '-500');
    // No blur: the message shows while typing.
    await expectShown('Amount must be greater than 0');
    await user.tab();
    expect(field('Amount')).toHaveValue('-₦500');
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^That is/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.clear(field('Amount'));
    await enter(user, field('Amount'), '500');
    expect(screen.queryByText('Amount must be greater than 0')).not.toBeInTheDocument();
    expect(screen.getByText('That is ₦500/month')).toBeInTheDocument();
  });

  it('a double click creates one plan: one POST, with an Idempotency-Key', async () => {
    const post = held();
    const { api, user, router } = open(post.handler);
    await fillPlan(user, 'Gold', '1000');
    await user.dblClick(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('data-loading', 'true'));
    await user.click(submit());
    post.answer(created(9, { name: 'Gold' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/9'));
    expect(api.sent('POST /v1/subscription-type')).toHaveLength(1);
    expect(api.keysSent('POST /v1/subscription-type')[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a retry after a failure sends the same key; a changed plan a new one', async () => {
    const { api, user, router } = open(
      inTurn(
        () => fail(503),
        () => fail(503),
        () => created(9),
      ),
    );
    await fillPlan(user, 'Gold', '1000');
    await user.click(submit());
    await expectShown('Failed to create subscription plan');
    await user.click(submit());
    await waitFor(() => expect(api.keysSent('POST /v1/subscription-type')).toHaveLength(2));
    await enter(user, field('Amount'), '0');
    await user.click(submit());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/9'));
    const [first, retry, changed] = api.keysSent('POST /v1/subscription-type');
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(
      api.sent('POST /v1/subscription-type').map((r) => (r.body as { amount: number }).amount),
    ).toEqual([1000, 1000, 10000]);
  });

  it('sends the create payload and opens the new plan', async () => {
    const view = open(() => created(42, { name: 'Family Monthly' }));
    await choosePreset(view.user, 'Monthly');
    await view.user.type(field('Amount'), '40000');
    await view.user.click(screen.getByRole('checkbox', { name: /Group plan/ }));
    await view.user.clear(field('Group Limit'));
    await view.user.type(field('Group Limit'), '4');
    expect(await submitted(view, 42)).toEqual({
      name: 'Monthly',
      amount: 40000,
      duration_type: 'month',
      duration: 1,
      is_grouped: 1,
      group_limit: 4,
    });
  });

  it('reads "25,000" as twenty-five thousand naira, grouped as it is typed, and sends 25000', async () => {
    const view = open(() => created(9));
    await fillPlan(view.user, 'Monthly Gold', '25,000');
    expect(field('Amount')).toHaveValue('₦25,000');
    expect(screen.getByText('That is ₦25,000/month')).toBeInTheDocument();
    const body = (await submitted(view, 9)) as { amount: number };
    // Twenty-five thousand naira, never ₦25.00: the server keeps 2,500,000 kobo.
    expect(body.amount).toBe(25000);
  });

  it('a pasted "₦25,000.50" is sent as 25000.5 naira', async () => {
    const view = open(() => created(9));
    await view.user.type(field('Plan Name'), 'Monthly Gold');
    await view.user.clear(field('Amount'));
    await view.user.click(field('Amount'));
    await view.user.paste('₦25,000.50');
    expect(field('Amount')).toHaveValue('₦25,000.50');
    expect(((await submitted(view, 9)) as { amount: number }).amount).toBe(25000.5);
  });

  it('an individual plan is sent with is_grouped 0 and group_limit 1', async () => {
    const view = open(() => created(9));
    await fillPlan(view.user, 'Student Pass', '12000.5');
    expect(await submitted(view, 9)).toEqual({
      name: 'Student Pass',
      amount: 12000.5,
      duration_type: 'month',
      duration: 1,
      is_grouped: 0,
      group_limit: 1,
    });
  });

  it('failure: the title with the server message, else the fallback', async () => {
    const { user } = open(
      inTurn(
        () => fail(409, 'A plan with this name already exists.'),
        () => fail(500),
      ),
    );
    await fillPlan(user, 'Gold', '1000');
    await expectSaveFailures(user, submit, [
      'Failed to create subscription plan',
      'A plan with this name already exists.',
      'An error occurred while creating the plan. Please try again.',
    ]);
  });

  it('staff cannot create plans: the submit is disabled and says why', async () => {
    signIn({ role: 'staff' });
    const { user } = open();
    await enter(user, field('Plan Name'), 'Gold');
    expect(submit()).toBeDisabled();
    expect(
      screen.getByText(
        'Only the business owner or an admin can create, edit or delete subscription plans.',
      ),
    ).toBeInTheDocument();
  });
});
