import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaystackConnection } from '@kora/shared';
import { member, plan } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { MemberDetailsRoute } from './member-details-route';

const connection = (connected: boolean): PaystackConnection => ({
  connected,
  mode: connected ? 'live' : null,
  key_last4: connected ? '3f9a' : null,
  connected_at: connected ? '2026-11-20T10:00:00.000Z' : null,
  webhook_url: connected ? 'https://kora.ng/v1/webhooks/paystack/7' : null,
  webhook_paste_needed: false,
  events_received: 0,
  last_event_at: null,
  transfer_accounts: false,
  held_payments: 0,
});

const open = (connected: boolean) => {
  signIn();
  const api = mockFetch({
    'GET /v1/member/5': () => ok(member()),
    'GET /v1/business/paystack': () => ok(connection(connected)),
    'GET /v1/member/5/payment-link': () =>
      ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
    'GET /v1/subscription-type': () => ok([plan()]),
  });
  return {
    api,
    ...renderPage(<MemberDetailsRoute />, { path: '/members/5', route: '/members/:id' }),
  };
};

describe('MemberDetailsRoute', () => {
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
      { timeout: 5000 },
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
});
