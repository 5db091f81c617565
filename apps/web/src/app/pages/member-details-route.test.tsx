import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, frozenUntilText, lagosDay } from '@kora/shared';
import {
  CONNECTION,
  connected,
  freeze,
  member,
  notConnected,
  plan,
  profile,
} from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { MemberDetailsRoute } from './member-details-route';

const open = (
  isConnected: boolean,
  shown = member(),
  transferAccounts = false,
  role: 'owner' | 'staff' = 'owner',
) => {
  signIn({ role });
  const api = mockFetch({
    'GET /v1/member/5': () => ok(shown),
    [CONNECTION]: () =>
      ok({
        ...(isConnected ? connected() : notConnected()),
        transfer_accounts: transferAccounts,
      }),
    'GET /v1/member/5/transfer-account': () => ok(null),
    'GET /v1/member/5/payment-link': () =>
      ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
    'GET /v1/subscription-type': () => ok([plan()]),
    'GET /v1/member/5/card': () =>
      ok({
        card_code: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
        card_url: 'https://kora.ng/card/aaaaaaaaaaaaaaaaaaaaaaaaaa',
      }),
    'GET /v1/auth/me': () => ok(profile({ business_name: 'Iron Gym' })),
    'GET /v1/member/5/consent': () => ok([]),
    'GET /v1/member/5/freeze': () =>
      ok({
        freezes: shown.frozen_until
          ? [freeze({ start_date: lagosDay(), end_date: shown.frozen_until })]
          : [],
      }),
    'GET /v1/member/5/reminders': () =>
      ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
    'GET /v1/audit': () =>
      ok(
        [
          {
            id: 77,
            at: '2026-11-27T09:15:00.000Z',
            actor: { kind: 'user', user_id: 12, name: 'Chidi Okeke', role: 'staff' },
            action: 'payment.void',
            record_kind: 'payment',
            record_id: 123,
            record_label: 'IRG-000123',
            member_id: 5,
            payment_id: 123,
            changes: {},
            detail: {},
            text: 'Chidi Okeke (staff) voided payment IRG-000123 of ₦25,000 for Chiamaka Okafor: wrong member',
          },
        ],
        { meta: { page: 1, per_page: 10, pages: 1, total: 1 } },
      ),
  });
  return {
    api,
    ...renderPage(<MemberDetailsRoute />, { path: '/members/5', route: '/members/:id' }),
  };
};

describe('MemberDetailsRoute', () => {
  it('a frozen member shows "Frozen until …" with End freeze, and Freeze for any member', async () => {
    const until = addDays(lagosDay(), 9);
    open(false, member({ frozen_until: until }));
    await screen.findByText(frozenUntilText(until, lagosDay()));
    expect((await screen.findAllByRole('button', { name: 'End freeze' })).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('button', { name: 'Freeze' })).toBeInTheDocument();
    // Her status says so too.
    expect(screen.getAllByText('Frozen').length).toBeGreaterThan(0);
  });

  it("shows the member's card; Print card carries the gym's name", async () => {
    const { user } = open(false);
    await screen.findByRole('img', { name: "QR code of Chiamaka Okafor's card" });
    await user.click(screen.getByRole('button', { name: 'Print card' }));
    const card = await screen.findByTestId('printable-card');
    await waitFor(() => expect(within(card).getByText('Iron Gym')).toBeInTheDocument());
    expect(within(card).getByText('IRG-00005')).toBeInTheDocument();
  });

  it('Paystack connected: Send Payment Link opens on her plan; her payment links show', async () => {
    const { user } = open(true);
    const send = await screen.findByRole('button', { name: 'Send Payment Link' });
    expect(await screen.findByText('No payment links yet.')).toBeInTheDocument();
    await user.click(send);
    // The form's code loads on demand: allow it time on a busy machine.
    await waitFor(
      () => {
        const dialog = screen.getByRole('dialog', { name: 'Send payment link' });
        expect(within(dialog).getByLabelText(/^Amount/, { selector: 'input' })).toHaveValue(
          '₦25,000',
        );
      },
      { timeout: 10_000 },
    );
  });

  it('not connected: neither the action nor the links', async () => {
    const { api } = open(false);
    await screen.findByRole('button', { name: 'Update Subscription' });
    await waitFor(() => expect(api.sent('GET /v1/business/paystack')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Send Payment Link' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Links')).not.toBeInTheDocument();
    expect(api.sent('GET /v1/member/5/payment-link')).toHaveLength(0);
  });

  it('a deactivated member: Deactivated, not the green Active; what the server refuses is disabled and says why', async () => {
    // Her subscription still runs (status 1, Active), but the gym deactivated her account.
    const { api, user, router } = open(true, member({ is_active: false }), true);
    await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' });
    expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0);
    const badges = [...document.querySelectorAll('.mantine-Badge-root')].map((b) => b.textContent);
    expect(badges).not.toContain('Active');

    const refused = [
      ['Record Payment', 'Reactivate them before recording a payment.'],
      ['Update Subscription', 'Reactivate them before recording a payment.'],
      ['Send Payment Link', 'Reactivate them before sending a payment link.'],
      ['Create transfer account', 'Reactivate them before creating a transfer account.'],
    ] as const;
    for (const [name, reason] of refused) {
      const button = await screen.findByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.click(button);
      await user.hover(button);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        `This member is deactivated. ${reason}`,
      );
      await user.unhover(button);
      await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    }
    // Nothing opened, nothing sent.
    expect(router.state.location.pathname).toBe('/members/5');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST /v1/member/5/transfer-account')).toHaveLength(0);
    // Reactivating stays possible.
    expect(screen.getByRole('button', { name: 'Reactivate Member' })).toBeEnabled();
  });

  it('an active member: the same actions are enabled', async () => {
    open(true, member(), true);
    for (const name of [
      'Record Payment',
      'Update Subscription',
      'Send Payment Link',
      'Create transfer account',
    ])
      expect(await screen.findByRole('button', { name })).not.toHaveAttribute('aria-disabled');
  });

  it('Record Payment at the top opens the Record Payment dialog for this member', async () => {
    const { user, router } = open(false);
    await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    expect(await within(dialog).findByDisplayValue(/Chiamaka/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members/5');
  });

  it("an owner sees the member's history from the trail, newest first", async () => {
    const { api } = open(false);
    const card = (await screen.findByRole('heading', { name: 'History' })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(
      await within(card).findByText(
        'Chidi Okeke (staff) voided payment IRG-000123 of ₦25,000 for Chiamaka Okafor: wrong member',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText(/Chidi Okeke \(staff\)$/)).toBeInTheDocument();
    const sent = api.sent('GET /v1/audit')[0]!.query;
    expect([sent.get('member_id'), sent.get('per_page')]).toEqual(['5', '10']);
  });

  it('staff do not see the history, and it is not asked for', async () => {
    const { api } = open(false, member(), false, 'staff');
    await screen.findByRole('button', { name: 'Update Subscription' });
    await screen.findByText('No renewal reminder has been sent to this member yet.');
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(api.sent('GET /v1/audit')).toHaveLength(0);
  });
});
