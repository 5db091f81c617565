import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@kora/shared';
import { expectTexts } from '@/test/expect';
import { fail, mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { enter, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { details, historyEntry } from '../test-fixtures';
import { PaymentDetailsPage } from './payment-details-page';

const GET = 'GET /v1/payment/31';
const HISTORY = 'GET /v1/audit';

/** Payment 31's page, signed in as `role`, the payment answering `payment`. */
const open = (role: string, routes: Routes = {}, payment = details()) => {
  signIn({ role });
  const api = mockFetch({
    [GET]: () => ok(payment),
    [HISTORY]: () => pageOf([historyEntry()]),
    ...routes,
  });
  return {
    api,
    ...renderPage(<PaymentDetailsPage />, { path: '/payments/31', route: '/payments/:id' }),
  };
};

const heading = () => screen.findByRole('heading', { name: 'Payment IRON-000031' });

afterEach(() => sessionStorage.clear());

describe('PaymentDetailsPage', () => {
  it('shows the payment, its receipt actions and, to an owner, its history', async () => {
    const { api } = open('owner');
    await heading();
    expectTexts(document.body, [
      '₦25,000',
      'Monthly',
      '1 month',
      '20 Nov 2026 to 19 Dec 2026',
      'Cash',
      'Tunde Bello',
      'Subscription payment',
    ]);
    expect(screen.getByRole('link', { name: 'Chiamaka Okafor' })).toHaveAttribute(
      'href',
      '/members/5',
    );
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      'https://irongym.kora.ng/r/Zx4yR2b7Qp0sVw9LmT3nKc8dHf6jAa1E',
    );
    expect(
      await screen.findByText(
        'Tunde Bello (staff) recorded payment IRON-000031 of ₦25,000 for Chiamaka Okafor',
      ),
    ).toBeInTheDocument();
    expect(api.sent(HISTORY)[0]!.query.get('payment_id')).toBe('31');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Void' })).not.toHaveAttribute('aria-disabled');
  });

  it('a freeze fee says so, with no period and no subscription; its refund only keeps', async () => {
    const fee = details({
      amount: 2500,
      duration: 0,
      kind: 'freeze_fee',
      purpose: 'Freeze fee (3 Dec 2026 to 16 Dec 2026)',
      subscriptions: [],
    });
    const { user } = open('owner', {}, fee);
    await heading();
    expectTexts(document.body, ['₦2,500', 'Paid for', 'Freeze fee']);
    expect(screen.queryByText('Duration')).not.toBeInTheDocument();
    expect(screen.queryByText('Subscription')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const modal = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(
      within(modal).getByText(
        'This is a freeze fee: it bought no subscription, and the freeze stays as it is.',
      ),
    ).toBeInTheDocument();
    expect(within(modal).queryByRole('radio', { name: 'End it today' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const voiding = await screen.findByRole('dialog', { name: 'Void this payment?' });
    expect(
      within(voiding).getByText(/It is a freeze fee: the freeze stays as it is\./),
    ).toBeInTheDocument();
  });

  it('staff see no Refund, no Confirm and no history; Void is disabled, saying why', async () => {
    const { api, user } = open(
      'staff',
      {},
      details({
        method: 'Transfer',
        needs_confirmation: true,
        confirmed: false,
        can_void: false,
        void_blocked_reason: PAYMENT_MESSAGES.cashedUp,
      }),
    );
    await heading();
    expect(screen.getByText('Unconfirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    const voidButton = screen.getByRole('button', { name: 'Void' });
    expect(voidButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(voidButton);
    await user.hover(voidButton);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(PAYMENT_MESSAGES.cashedUp);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent(HISTORY)).toHaveLength(0);
  });

  it('Void asks for a reason, then the page shows the payment voided: why, by whom', async () => {
    const { api, user } = open('admin', {
      'POST /v1/payment/31/void': (req) =>
        ok(
          details({
            voided: true,
            voided_at: '2026-11-20T10:00:00.000Z',
            void_reason: (req.body as { reason: string }).reason,
            voided_by_name: 'Ada Obi',
            can_void: false,
            subscriptions: [{ ...details().subscriptions[0]!, is_active: false }],
          }),
        ),
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this payment?' });
    expect(dialog).toHaveTextContent('Void payment IRON-000031 of ₦25,000 for Chiamaka Okafor?');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText(/^Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(api.sent('POST /v1/payment/31/void')).toHaveLength(0);

    await enter(user, within(dialog).getByLabelText(/^Reason/), 'Recorded for the wrong member ');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST /v1/payment/31/void').map((r) => r.body)).toEqual([
      { reason: 'Recorded for the wrong member' },
    ]);
    expect(screen.getByText('This payment was voided')).toBeInTheDocument();
    expectTexts(document.body, [
      'Voided',
      'Reason: Recorded for the wrong member',
      /^Voided by Ada Obi/,
      '20 Nov 2026 to 19 Dec 2026 (withdrawn)',
    ]);
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it("a refused void shows the server's words in the dialog", async () => {
    const { user } = open('owner', {
      'POST /v1/payment/31/void': () =>
        fail(409, 'Void payment IRON-000032 first: its renewal starts after this one.'),
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this payment?' });
    await enter(user, within(dialog).getByLabelText(/^Reason/), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(
      await within(dialog).findByText(
        'Void payment IRON-000032 first: its renewal starts after this one.',
      ),
    ).toBeInTheDocument();
  });

  it('Confirm transfer ticks an unconfirmed desk transfer (owners and admins)', async () => {
    const unconfirmed = details({
      method: 'Transfer',
      needs_confirmation: true,
      confirmed: false,
      confirmed_at: null,
    });
    const { api, user } = open(
      'owner',
      {
        'POST /v1/payment/31/confirm': () =>
          ok(
            details({
              method: 'Transfer',
              confirmed_at: '2026-11-21T08:00:00.000Z',
              confirmed_by_name: 'Ada Obi',
            }),
          ),
      },
      unconfirmed,
    );
    await heading();
    expect(screen.getByText('Not yet confirmed against the bank statement')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect(await screen.findByText(/^Confirmed by Ada Obi/)).toBeInTheDocument();
    expect(screen.queryByText('Unconfirmed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm transfer' })).not.toBeInTheDocument();
    expect(api.sent('POST /v1/payment/31/confirm')).toHaveLength(1);
  });

  it('a payment of another business, or none, is not found', async () => {
    open('owner', { [GET]: () => fail(404, 'Payment not found') });
    expect(await screen.findByText('Payment not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Payments' })).toHaveAttribute(
      'href',
      '/payments',
    );
  });
});
