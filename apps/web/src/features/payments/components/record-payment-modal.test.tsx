import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, json, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage, renderRoutes, testQueryClient } from '@/test/render';
import { recorded } from '@/test/fixtures';
import { member, plans } from '../test-fixtures';
import { useRecordPaymentModal } from '../use-record-payment-modal';
import { RecordPaymentModal } from './record-payment-modal';

const routes = (post: (req: SentRequest) => Response | Promise<Response>) => ({
  'GET /v1/subscription-type': () => ok(plans),
  'GET /v1/member': () => ok([member()], { meta: { page: 1, per_page: 50, pages: 1, total: 1 } }),
  'POST /v1/payment': post,
});

type User = ReturnType<typeof renderPage>['user'];

const choose = async (user: User, label: string, option: string | RegExp) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

const amount = () => field('Amount');
const submit = () => screen.getByRole('button', { name: 'Record Payment' });

const openFor = (given = member(), opts: { timers?: boolean } = {}) => {
  const onClose = vi.fn();
  const view = renderPage(<RecordPaymentModal opened onClose={onClose} member={given} />, opts);
  return { ...view, onClose };
};

/** Come to the member's page from the members list, and open the dialog with Update Subscription. */
async function updateSubscriptionFromMemberPage() {
  mockFetch(routes(() => ok(recorded(), {}, 201)));
  function Harness() {
    const modal = useRecordPaymentModal();
    return (
      <>
        <button type="button" onClick={() => modal.open(member())}>
          Update Subscription
        </button>
        {modal.modal}
      </>
    );
  }
  const view = renderRoutes(
    [
      { path: '/members', element: <div>Members list</div> },
      { path: '/members/5', element: <Harness /> },
    ],
    { path: '/members' },
  );
  await act(() => view.router.navigate('/members/5'));
  await view.user.click(screen.getByRole('button', { name: 'Update Subscription' }));
  return view;
}

describe('RecordPaymentModal', () => {
  it('shows plan amount × duration in kobo-exact naira; submit is disabled at 0', async () => {
    const api = mockFetch(routes(() => ok(recorded(), {}, 201)));
    const { user } = openFor();
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();
    expect(field('Member')).toHaveValue('Chiamaka Okafor');
    expect(field('Member')).toHaveAttribute('readonly');
    expect(field('Purpose')).toHaveValue('Subscription payment');
    expect(amount()).toHaveValue('₦0');
    expect(submit()).toBeDisabled();

    await choose(user, 'Subscription Plan', 'Quarterly (₦33,333.33/3 months)');
    expect(amount()).toHaveValue('₦33,333.33');
    await user.clear(field('Duration'));
    expect(amount()).toHaveValue('₦0');
    expect(submit()).toBeDisabled();
    await enter(user, field('Duration'), '3');
    expect(amount()).toHaveValue('₦99,999.99');
    expect(screen.getByText('Plan periods: covers 9 months')).toBeInTheDocument();
    expect(submit()).toBeEnabled();

    await choose(user, 'Payment Method', 'Transfer');
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    // 33,333.33 × 3 in floating point is 99,999.98999…; in kobo it is exact.
    expect(api.sent('POST /v1/payment')[0]!.body).toEqual({
      member_id: 5,
      subscription_type_id: 8,
      amount: 99999.99,
      purpose: 'Subscription payment',
      method: 'Transfer',
      duration: 3,
    });
    expect(api.sent('GET /v1/subscription-type')[0]!.query.get('is_active')).toBe('1');
  });

  it('shows the validation messages of the payment form', async () => {
    const api = mockFetch(routes(() => ok(recorded(), {}, 201)));
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} />);
    await user.click(field('Subscription Plan'));
    await user.click(document.body);
    await expectShown('Please select a subscription plan');

    await choose(user, 'Subscription Plan', /^Monthly/);
    await user.click(submit());
    await expectShown('Please select a member', 'Please select a payment method');
    expect(screen.queryByText('Please select a subscription plan')).not.toBeInTheDocument();

    await user.clear(field('Duration'));
    await user.tab();
    await expectShown('Duration must be at least 1');
    expect(api.sent('POST /v1/payment')).toHaveLength(0);
  });

  it('keeps a duration as typed and shows its rule; Record Payment waits for a valid one', async () => {
    const api = mockFetch(routes(() => ok(recorded(), {}, 201)));
    const { user } = openFor();
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    const cases: [typed: string, shown: string, message: string][] = [
      ['0', '0', 'Duration must be at least 1'],
      ['-2', '-2', 'Duration must be at least 1'],
      ['1000', '1000', 'Duration must be at most 120'],
    ];
    for (const [typed, shown, message] of cases) {
      await user.clear(field('Duration'));
      await enter(user, field('Duration'), typed);
      // The rule shows as it is typed, before leaving the field.
      await expectShown(message);
      await user.tab();
      expect(field('Duration')).toHaveValue(shown);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(submit()).toBeDisabled();
    }
    await user.clear(field('Duration'));
    await enter(user, field('Duration'), '120');
    expect(screen.queryByText(/^Duration must be/)).not.toBeInTheDocument();
    expect(amount()).toHaveValue('₦3,000,000');
    expect(submit()).toBeEnabled();
    expect(api.sent('POST /v1/payment')).toHaveLength(0);
  });

  it('while open the tab says Record payment; closing gives the page its title back', async () => {
    mockFetch(routes(() => ok(recorded(), {}, 201)));
    function Harness() {
      const modal = useRecordPaymentModal();
      return (
        <>
          <button type="button" onClick={() => modal.open(member())}>
            Open
          </button>
          {modal.modal}
        </>
      );
    }
    document.title = 'Chiamaka Okafor · Kora';
    const { user } = renderPage(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.title).toBe('Record payment · Kora'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.title).toBe('Chiamaka Okafor · Kora'));
  });

  it("Back closes the dialog and stays on the member's page; a second Back leaves", async () => {
    const { router } = await updateSubscriptionFromMemberPage();
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/members/5');
    expect(screen.getByRole('button', { name: 'Update Subscription' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/members');
    expect(screen.getByText('Members list')).toBeInTheDocument();
  });

  it('Cancel closes the dialog and takes its history entry back: the next Back leaves', async () => {
    const { user, router } = await updateSubscriptionFromMemberPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/members/5');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/members');
  });

  it('sends an Idempotency-Key, reuses it when the same payment is retried, once per click', async () => {
    let answer: () => Response = () => fail(503, '');
    const api = mockFetch(routes(() => answer()));
    const { user } = openFor();
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await user.dblClick(submit());

    await expectShown(
      'Payment recording failed',
      'An error occurred while recording the payment. Please try again.',
    );
    expect(api.keysSent('POST /v1/payment')).toHaveLength(1);

    answer = () => ok(recorded(), {}, 201);
    await user.click(submit());
    await expectShown('Payment recorded successfully');
    const keys = api.keysSent('POST /v1/payment');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a changed payment after a failure is a new submission with a new key', async () => {
    const api = mockFetch(routes(() => fail(503, '')));
    const { user } = openFor();
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    await screen.findByText('Payment recording failed');
    await choose(user, 'Payment Method', 'Card');
    await user.click(submit());
    await waitFor(() => expect(api.keysSent('POST /v1/payment')).toHaveLength(2));
    const [first, second] = api.keysSent('POST /v1/payment');
    expect(second).not.toBe(first);
  });

  it('after a failure, the same payment sent from a reopened modal keeps its key', async () => {
    const api = mockFetch(routes(() => fail(502, '')));
    const first = openFor();
    await choose(first.user, 'Subscription Plan', /^Monthly/);
    await choose(first.user, 'Payment Method', 'Cash');
    await first.user.click(submit());
    await screen.findByText('Payment recording failed');
    first.unmount();

    const again = openFor();
    await choose(again.user, 'Subscription Plan', /^Monthly/);
    await choose(again.user, 'Payment Method', 'Cash');
    await again.user.click(submit());
    await waitFor(() => expect(api.keysSent('POST /v1/payment')).toHaveLength(2));
    const [key1, key2] = api.keysSent('POST /v1/payment');
    expect(key2).toBe(key1);
  });

  it('cannot be closed while the payment is being sent', async () => {
    let answer!: (res: Response) => void;
    mockFetch(routes(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { user, onClose } = openFor();
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('data-loading', 'true'));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(ok(recorded(), {}, 201));
    await expectShown('Payment recorded successfully');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message under Payment recording failed", async () => {
    mockFetch(
      routes(() =>
        json(400, {
          message: 'This plan is inactive. Choose an active plan.',
          code: 'PLAN_INACTIVE',
          errors: { subscription_type_id: 'This plan is inactive. Choose an active plan.' },
        }),
      ),
    );
    const { user } = openFor();
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment recording failed');
    expect(alert).toHaveTextContent('This plan is inactive. Choose an active plan.');
  });

  it('confirms the payment with the new expiry date, then closes itself after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(routes(() => ok(recorded({ amount: 50000, duration: 2 }), {}, 201)));
    const { user, onClose } = openFor(member(), { timers: true });
    await choose(user, 'Subscription Plan', /^Monthly/);
    await user.clear(field('Duration'));
    await enter(user, field('Duration'), '2');
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Payment recorded successfully');
    expect(status).toHaveTextContent('₦50,000 received from Chiamaka Okafor');
    expect(status).toHaveTextContent('New expiry date: 19 Dec 2026');
    await advance(2_900);
    expect(onClose).not.toHaveBeenCalled();
    await advance(200);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refreshes payments, subscriptions, their summaries and the members afterwards', async () => {
    mockFetch(routes(() => ok(recorded(), {}, 201)));
    const queryClient = testQueryClient();
    const keys = [
      ['payments', 'summary'],
      ['payments', 'list', { page: 1 }],
      ['subscriptions', 'summary'],
      ['subscriptions', 'list', { page: 1 }],
      ['members', 'detail', 5],
      ['members', 'list', { page: 1, search: '' }],
      ['plans', 'list', { activeOnly: false }],
    ];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />, {
      queryClient,
    });
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    await screen.findByText('Payment recorded successfully');
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(keys.slice(0, 6).map(stale)).toEqual([true, true, true, true, true, true]);
    expect(stale(keys[6]!)).toBe(false);
  });

  it("Update Subscription starts on the member's current plan: Quarterly, ₦33,333.33", async () => {
    const api = mockFetch(routes(() => ok(recorded(), {}, 201)));
    const subscribed = member({
      subscription_type_id: 8,
      subscription_type: {
        id: 8,
        name: 'Quarterly',
        amount: 33333.33,
        duration: 3,
        duration_type: 'month',
      },
    });
    const { user } = openFor(subscribed);
    await waitFor(() =>
      expect(field('Subscription Plan')).toHaveValue('Quarterly (₦33,333.33/3 months)'),
    );
    expect(amount()).toHaveValue('₦33,333.33');
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    expect(api.sent('POST /v1/payment')[0]!.body).toMatchObject({
      subscription_type_id: 8,
      amount: 33333.33,
    });
  });

  it('a member whose plan is no longer active starts with no plan chosen', async () => {
    mockFetch(routes(() => ok(recorded(), {}, 201)));
    const { user } = openFor(member({ subscription_type_id: 99, subscription_status: 1 }));
    // The active plans have loaded: they are the choices.
    await user.click(field('Subscription Plan'));
    expect(await screen.findByRole('option', { name: /^Monthly/ })).toBeInTheDocument();
    expect(field('Subscription Plan')).toHaveValue('');
    expect(amount()).toHaveValue('₦0');
  });

  it('picks the member with the autocomplete when none is given', async () => {
    const api = mockFetch(routes(() => ok(recorded(), {}, 201)));
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} />);
    await enter(user, field('Member'), 'chi');
    await user.click(await screen.findByRole('option', { name: /Chiamaka Okafor/ }));
    expect(field('Member')).toHaveValue('Chiamaka Okafor');
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Card');
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    expect(api.sent('POST /v1/payment')[0]!.body).toMatchObject({ member_id: 5, amount: 25000 });
  });
});
