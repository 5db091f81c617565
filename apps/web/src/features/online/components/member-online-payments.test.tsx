import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentLink, TransferAccount } from '@kora/shared';
import { expectShown, expectTexts, findRow } from '@/test/expect';
import { connected, CONNECTION, member, notConnected } from '@/test/fixtures';
import { mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { account, link } from '../test-fixtures';
import { MemberOnlinePayments } from './member-online-payments';

const LINKS = 'GET /v1/member/5/payment-link';
const TRANSFER = 'GET /v1/member/5/transfer-account';

const open = (routes: Routes, who = member()) => {
  signIn();
  const api = mockFetch({ [CONNECTION]: () => ok(connected()), ...routes });
  return { api, ...renderPage(<MemberOnlinePayments member={who} />) };
};

const links = [
  link(),
  link({
    id: 62,
    subscription_type: { id: 8, name: 'Quarterly' },
    duration: 1,
    amount: 33333.33,
    state: 'paid',
  }),
  link({ id: 63, state: 'held', duration: 3, amount: 75000 }),
  link({ id: 64, state: 'expired', duration: 1, amount: 25000 }),
  link({ id: 65, state: 'cancelled', duration: 4, amount: 100000 }),
];

describe('MemberOnlinePayments', () => {
  it("lists the member's links with their states; only a waiting one can be copied or cancelled", async () => {
    const { api } = open({ [LINKS]: () => pageOf(links) });
    const waiting = await findRow('Monthly × 2');
    expectTexts(waiting, ['Waiting', '₦50,000', '20 Nov 2026']);
    expect(
      within(waiting).getByRole('button', { name: 'Copy the link for Monthly × 2' }),
    ).toBeInTheDocument();
    expect(
      within(waiting).getByRole('button', { name: 'Cancel the link for Monthly × 2' }),
    ).toBeInTheDocument();
    for (const [name, state] of [
      ['Quarterly × 1', 'Paid'],
      ['Monthly × 3', 'Paid – held for review'],
      ['Monthly × 1', 'Expired'],
      ['Monthly × 4', 'Cancelled'],
    ]) {
      const row = screen.getByText(name!).closest('tr')!;
      expectTexts(row, [state!]);
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(api.sent(LINKS)[0]!.query.get('per_page')).toBe('10');
    // Transfer accounts are off: no card, no call.
    expect(screen.queryByText('Transfer Account')).not.toBeInTheDocument();
    expect(api.sent(TRANSFER)).toHaveLength(0);
  });

  it('copies a waiting link', async () => {
    const { user } = open({ [LINKS]: () => pageOf([link()]) });
    await user.click(await screen.findByRole('button', { name: 'Copy the link for Monthly × 2' }));
    expect(await navigator.clipboard.readText()).toBe('https://kora.ng/pay/KL-61-ab12');
  });

  it('cancel asks first, then cancels the link and shows it cancelled', async () => {
    let current: PaymentLink = link();
    const { api, user } = open({
      [LINKS]: () => pageOf([current]),
      'POST /v1/payment-link/61/cancel': () => {
        current = { ...current, state: 'cancelled' };
        return ok(current);
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the link for Monthly × 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment link' });
    expect(dialog).toHaveTextContent(
      'Cancel the link for Monthly × 2 (₦50,000)? The member can no longer pay with it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep link' }));
    expect(api.sent('POST /v1/payment-link/61/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel the link for Monthly × 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel payment link' })).getByRole(
        'button',
        {
          name: 'Cancel link',
        },
      ),
    );
    await waitFor(() => expectTexts(screen.getByText('Monthly × 2').closest('tr')!, ['Cancelled']));
    expect(api.sent('POST /v1/payment-link/61/cancel')).toHaveLength(1);
  });

  it('no links yet', async () => {
    open({ [LINKS]: () => pageOf([]) });
    await expectShown('No payment links yet.');
  });

  it('shows nothing while Paystack is not connected', async () => {
    const { api } = open({ [CONNECTION]: () => ok(notConnected()) });
    await waitFor(() => expect(api.sent(CONNECTION)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Payment Links')).not.toBeInTheDocument();
    expect(api.sent(LINKS)).toHaveLength(0);
  });

  it('transfer accounts on: creates the account, shows its number, and sends the details', async () => {
    let current: TransferAccount | null = null;
    const { api, user } = open({
      [CONNECTION]: () => ok(connected({ transfer_accounts: true })),
      [LINKS]: () => pageOf([]),
      [TRANSFER]: () => ok(current),
      'POST /v1/member/5/transfer-account': () => {
        current = account();
        return ok(current, {}, 201);
      },
      'POST /v1/member/5/transfer-account/send': () => ok(null),
    });
    await expectShown(/Chiamaka has no transfer account yet/);
    await user.click(screen.getByRole('button', { name: 'Create transfer account' }));
    await expectShown('9912345678', 'Wema Bank', 'IRON GYM / CHIAMAKA OKAFOR');
    expect(api.keysSent('POST /v1/member/5/transfer-account')[0]).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('9912345678');

    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Send details' }));
    await expectShown('The account details are on their way by E-mail.');
    expect(api.sent('POST /v1/member/5/transfer-account/send').map((r) => r.body)).toEqual([
      { channel: 'email' },
    ]);
  });
});
