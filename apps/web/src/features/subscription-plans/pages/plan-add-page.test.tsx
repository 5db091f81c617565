import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fail, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { plan, presetsRoute } from '../test-fixtures';
import { PlanAddPage } from './plan-add-page';

const open = () => renderPage(<PlanAddPage />, { path: '/subscription-plans/add' });
const submit = () => screen.getByRole('button', { name: 'Create Plan' });

/** The Idempotency-Key header of each POST /v1/subscription-type sent. */
const keysSent = (fetch: ReturnType<typeof mockFetch>['fetch']) =>
  fetch.mock.calls
    .filter(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/v1/subscription-type'),
    )
    .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

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

    await user.type(field('Amount'), '25000');
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

  it('names the tab Create plan', async () => {
    document.title = 'Kora';
    mockFetch(presetsRoute);
    open();
    await waitFor(() => expect(document.title).toBe('Create plan · Kora'));
  });

  it('a negative amount keeps its value and shows the rule as it is typed', async () => {
    mockFetch(presetsRoute);
    const { user } = open();
    await user.type(field('Plan Name'), 'Gold');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '-500');
    // No blur: the message shows while typing.
    expect(await screen.findByText('Amount must be greater than 0')).toBeInTheDocument();
    await user.tab();
    expect(field('Amount')).toHaveValue('-₦500');
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^That is/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.clear(field('Amount'));
    await user.type(field('Amount'), '500');
    expect(screen.queryByText('Amount must be greater than 0')).not.toBeInTheDocument();
    expect(screen.getByText('That is ₦500/month')).toBeInTheDocument();
  });

  it('a double click creates one plan: one POST, with an Idempotency-Key', async () => {
    let answer!: (res: Response) => void;
    const api = mockFetch({
      ...presetsRoute,
      'POST /v1/subscription-type': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, router } = open();
    await user.type(field('Plan Name'), 'Gold');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '1000');
    await user.dblClick(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('data-loading', 'true'));
    await user.click(submit());
    answer(ok({ entity_id: 9, ...plan({ id: 9, name: 'Gold' }) }, {}, 201));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/9'));
    expect(api.sent('POST /v1/subscription-type')).toHaveLength(1);
    expect(keysSent(api.fetch)[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a retry after a failure sends the same key; a changed plan a new one', async () => {
    const answers = [fail(503), fail(503)];
    const api = mockFetch({
      ...presetsRoute,
      'POST /v1/subscription-type': (_req: SentRequest) =>
        answers.shift() ?? ok({ entity_id: 9, ...plan({ id: 9 }) }, {}, 201),
    });
    const { user, router } = open();
    await user.type(field('Plan Name'), 'Gold');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '1000');
    await user.click(submit());
    expect(await screen.findByText('Failed to create subscription plan')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(keysSent(api.fetch)).toHaveLength(2));
    await user.type(field('Amount'), '0');
    await user.click(submit());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans/9'));
    const [first, retry, changed] = keysSent(api.fetch);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(
      api.sent('POST /v1/subscription-type').map((r) => (r.body as { amount: number }).amount),
    ).toEqual([1000, 1000, 10000]);
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
