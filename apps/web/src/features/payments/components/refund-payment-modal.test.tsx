import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentDetails } from '@kora/shared';
import { field, renderPage } from '@/test/render';
import { fail, mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { details } from '../test-fixtures';
import { PaymentDetailsPage } from '../pages/payment-details-page';

const REFUND = 'POST /v1/payment/31/refund';

/** ₦10,000 of payment 31's ₦25,000 went back already. */
const partlyRefunded = details({
  refunded: 10000,
  refunds: [
    {
      id: 7,
      amount: 10000,
      method: 'Cash',
      reason: 'Travelling for two weeks',
      subscription_action: 'keep',
      new_expiry_date: null,
      created_at: '2026-11-21T10:00:00.000Z',
      refunded_on: '2026-11-21',
      recorded_by_name: 'Ada Obi',
    },
  ],
});

const open = (routes: Routes = {}, payment: PaymentDetails = partlyRefunded) => {
  signIn({ role: 'owner' });
  const api = mockFetch({
    'GET /v1/payment/31': () => ok(payment),
    'GET /v1/audit': () => pageOf([]),
    ...routes,
  });
  return {
    api,
    ...renderPage(<PaymentDetailsPage />, { path: '/payments/31', route: '/payments/:id' }),
  };
};

/** Types `text` into `input` in one go (a paste): what was typed, without a keystroke each. */
const enter = async (user: ReturnType<typeof open>['user'], input: HTMLElement, text: string) => {
  await user.click(input);
  await user.paste(text);
};

const openRefund = async (user: ReturnType<typeof open>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund payment' });
};

afterEach(() => sessionStorage.clear());

describe('Refund payment', () => {
  it('lists the earlier refunds and starts on what is left; more than that is refused', async () => {
    const { api, user } = open();
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('₦10,000 by Cash');
    expect(refunds).toHaveTextContent('Travelling for two weeks');
    expect(refunds).toHaveTextContent('Subscription kept · by Ada Obi');
    expect(screen.getByText('Refunded ₦10,000')).toBeInTheDocument();

    const dialog = await openRefund(user);
    expect(field('Amount')).toHaveValue('₦15,000');
    expect(within(dialog).getByText('At most ₦15,000')).toBeInTheDocument();
    await user.clear(field('Amount'));
    await enter(user, field('Amount'), '15000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      within(dialog).getByText(
        'The refund cannot be more than what was paid, less earlier refunds. At most ₦15,000.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    expect(api.sent(REFUND)).toHaveLength(0);
  });

  it('shortening needs a day within the subscription; it sends one refund with its key', async () => {
    const { api, user } = open({
      [REFUND]: () =>
        ok(
          details({
            refunded: 15000,
            subscriptions: [{ ...details().subscriptions[0]!, expiry_date: '2026-11-30' }],
          }),
          {},
          201,
        ),
    });
    const dialog = await openRefund(user);
    await user.clear(field('Amount'));
    await enter(user, field('Amount'), '5000');
    await enter(user, within(dialog).getByLabelText(/^Reason/), 'Moved to Abuja');
    await user.click(
      within(dialog).getByRole('radio', { name: 'Shorten it to a chosen last day' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      within(dialog).getByText('Please choose the last day of the subscription'),
    ).toBeInTheDocument();
    const lastDay = within(dialog).getByLabelText(/^New last day/);
    fireEvent.change(lastDay, { target: { value: '2026-12-25' } });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      within(dialog).getByText('The new last day cannot be after it ends now (19 Dec 2026)'),
    ).toBeInTheDocument();
    expect(api.sent(REFUND)).toHaveLength(0);

    fireEvent.change(lastDay, { target: { value: '2026-11-30' } });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(REFUND).map((r) => r.body)).toEqual([
      {
        amount: 5000,
        method: 'Cash',
        reason: 'Moved to Abuja',
        subscription: 'shorten',
        expiry_date: '2026-11-30',
      },
    ]);
    expect(api.keysSent(REFUND)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Refunded ₦15,000')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026 to 30 Nov 2026')).toBeInTheDocument();
  });

  it("a failed refund keeps the dialog with the server's words; the retry reuses the key", async () => {
    let answer = () => fail(503, '');
    const { api, user } = open({ [REFUND]: () => answer() }, details());
    const dialog = await openRefund(user);
    expect(field('Amount')).toHaveValue('₦25,000');
    await enter(user, within(dialog).getByLabelText(/^Reason/), 'Wrong plan');
    await user.click(within(dialog).getByRole('radio', { name: 'End it today' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        'An error occurred while recording the refund. Please try again.',
      ),
    ).toBeInTheDocument();
    answer = () => ok(details({ refunded: 25000 }), {}, 201);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = api.keysSent(REFUND);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.sent(REFUND)[0]!.body).toMatchObject({ amount: 25000, subscription: 'end' });
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    // Nothing is left to refund: the button stays, disabled, saying why.
    const refund = screen.getByRole('button', { name: 'Refund' });
    expect(refund).toHaveAttribute('aria-disabled', 'true');
    await user.hover(refund);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'This payment has been refunded in full.',
    );
  });
});
