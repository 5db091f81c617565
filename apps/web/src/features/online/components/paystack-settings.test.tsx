import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED, ONLINE_MESSAGES, type PaystackConnection } from '@kora/shared';
import { expectShown, expectTexts } from '@/test/expect';
import { formatDateTime } from '@/lib/format';
import { connected, CONNECTION, notConnected } from '@/test/fixtures';
import { fail, mockFetch, ok, type Routes, type SentRequest } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { PaystackSettings } from './paystack-settings';

/** A change's answer that the connection then answers too (as the server's would). */
type Change = (req: SentRequest) => Response;

/**
 * The Payments tab as `role`, the connection answering `start`; `changes` answer PUT, PATCH
 * and DELETE (PATCH sets the switch by default).
 */
const open = (start: PaystackConnection, changes: Record<string, Change> = {}, role = 'owner') => {
  signIn({ role });
  let current = start;
  const patch: Change = (req) => ok({ ...current, ...(req.body as object) });
  const routes: Routes = { [CONNECTION]: () => ok(current) };
  for (const [key, change] of Object.entries({ 'PATCH /v1/business/paystack': patch, ...changes }))
    routes[key] = async (req) => {
      const res = change(req);
      if (res.ok) current = (await res.clone().json()).data;
      return res;
    };
  const api = mockFetch(routes);
  const view = renderPage(
    <>
      <Notifications />
      <PaystackSettings />
    </>,
  );
  return { api, ...view };
};

const keyField = () => field('Paystack secret key');
const button = (name: string) => screen.getByRole('button', { name });

describe('Settings → Payments', () => {
  it('not connected: connecting posts the key, then shows the webhook URL to paste', async () => {
    const { api, user } = open(notConnected(), {
      'PUT /v1/business/paystack': () => ok(connected()),
    });
    await expectShown(
      'Paystack is not connected yet.',
      /Members pay by card, bank transfer or USSD through your gym's own Paystack account/,
    );
    expect(keyField()).toHaveAttribute('type', 'password');
    expect(keyField()).toHaveAttribute('placeholder', 'sk_live_…');

    await enter(user, keyField(), '  sk_live_abcdef123456  ');
    await user.click(button('Connect Paystack'));

    await expectShown('Paystack connected', 'Live', 'Secret key ending in ••••3f9a');
    expect(api.sent('PUT /v1/business/paystack').map((r) => r.body)).toEqual([
      { secret_key: 'sk_live_abcdef123456' },
    ]);
    expect(field('Webhook URL')).toHaveValue('https://kora.ng/v1/webhooks/paystack/7');
    expectTexts(document.body, [
      /Paystack dashboard → Settings → API Keys & Webhooks → Webhook URL/,
      'No events received yet',
      'Connected on 20 Nov 2026',
    ]);
    expect(button('Copy')).toHaveAccessibleDescription('Webhook URL');
    await user.click(button('Copy'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://kora.ng/v1/webhooks/paystack/7');
  });

  it('checks the key before sending it, and shows why Paystack refused one', async () => {
    const { api, user } = open(notConnected(), {
      'PUT /v1/business/paystack': () =>
        fail(400, ONLINE_MESSAGES.keyRefused, { secret_key: ONLINE_MESSAGES.keyRefused }),
    });
    await enter(user, await screen.findByLabelText(/Paystack secret key/), 'pk_live_123');
    await user.click(button('Connect Paystack'));
    await expectShown(ONLINE_MESSAGES.secretKey);
    expect(api.sent('PUT /v1/business/paystack')).toHaveLength(0);

    await user.clear(keyField());
    await enter(user, keyField(), 'sk_test_wrongwrong');
    await user.click(button('Connect Paystack'));
    // Said once, under the field.
    expect(await screen.findAllByText(ONLINE_MESSAGES.keyRefused)).toHaveLength(1);
    expect(screen.getByText('Paystack is not connected yet.')).toBeInTheDocument();
  });

  it('a message that is not about the key shows above the form', async () => {
    const { user } = open(notConnected(), {
      'PUT /v1/business/paystack': () => fail(502, ONLINE_MESSAGES.unreachable),
    });
    await enter(user, await screen.findByLabelText(/Paystack secret key/), 'sk_test_abcdefgh');
    await user.click(button('Connect Paystack'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ONLINE_MESSAGES.unreachable);
  });

  it('connected in test mode: the events received and the transfer accounts switch', async () => {
    const last = '2026-11-22T08:15:00.000Z';
    const { api, user } = open(
      connected({ mode: 'test', events_received: 1250, last_event_at: last }),
    );
    await expectShown(
      'Test',
      'This is a test key: members are not charged real money.',
      `Events received: 1,250, last at ${formatDateTime(last)}`,
    );
    const transfers = screen.getByRole('switch', { name: /^Dedicated transfer accounts/ });
    expect(transfers).not.toBeChecked();
    expect(screen.getByText(/each member can get their own bank account number/i)).toBeVisible();
    await user.click(transfers);
    await waitFor(() => expect(transfers).toBeChecked());
    expect(api.sent('PATCH /v1/business/paystack').map((r) => r.body)).toEqual([
      { transfer_accounts: true },
    ]);
  });

  it('replace key sends the new key; Cancel goes back', async () => {
    const { api, user } = open(connected(), {
      'PUT /v1/business/paystack': () => ok(connected({ key_last4: '77aa' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Replace key' }));
    await user.click(button('Cancel'));
    await user.click(button('Replace key'));
    await enter(user, keyField(), 'sk_live_newkey7777aa');
    await user.click(button('Replace key'));
    await expectShown('Secret key ending in ••••77aa');
    expect(api.sent('PUT /v1/business/paystack').map((r) => r.body)).toEqual([
      { secret_key: 'sk_live_newkey7777aa' },
    ]);
    expect(screen.queryByLabelText(/Paystack secret key/)).not.toBeInTheDocument();
  });

  it("a key of another Paystack account: asks to paste the same webhook address into that account's dashboard", async () => {
    const { user } = open(connected(), {
      'PUT /v1/business/paystack': () =>
        ok(connected({ key_last4: '77aa', webhook_paste_needed: true })),
    });
    await expectShown('Secret key ending in ••••3f9a');
    expect(screen.queryByText('Update the webhook in Paystack')).not.toBeInTheDocument();
    await user.click(button('Replace key'));
    await enter(user, keyField(), 'sk_live_otheraccount77aa');
    await user.click(button('Replace key'));
    await expectShown(
      'Secret key ending in ••••77aa',
      'Update the webhook in Paystack',
      /Paste this webhook address into the new account's Paystack dashboard/,
    );
    expect(field('Webhook URL')).toHaveValue('https://kora.ng/v1/webhooks/paystack/7');
  });

  it('disconnect asks first, saying open links are cancelled, then deletes the connection', async () => {
    const { api, user } = open(connected(), {
      'DELETE /v1/business/paystack': () => ok(notConnected()),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Paystack' });
    expect(dialog).toHaveTextContent(/every payment link still waiting for payment is cancelled/);
    expect(dialog).toHaveTextContent(/Your webhook address stays the same/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep connected' }));
    expect(api.sent('DELETE /v1/business/paystack')).toHaveLength(0);

    await user.click(button('Disconnect'));
    const again = await screen.findByRole('dialog', { name: 'Disconnect Paystack' });
    await user.click(within(again).getByRole('button', { name: 'Disconnect' }));
    await expectShown('Paystack is not connected yet.');
    expect(api.sent('DELETE /v1/business/paystack')).toHaveLength(1);
  });

  it('staff see the connection read-only, with the reason', async () => {
    const { user, api } = open(connected({ transfer_accounts: true }), {}, 'staff');
    await expectShown('Secret key ending in ••••3f9a', NOT_ALLOWED);
    expect(field('Webhook URL')).toHaveValue('https://kora.ng/v1/webhooks/paystack/7');
    expect(button('Replace key')).toBeDisabled();
    expect(button('Disconnect')).toBeDisabled();
    const transfers = screen.getByRole('switch', { name: /^Dedicated transfer accounts/ });
    expect(transfers).toBeChecked();
    expect(transfers).toBeDisabled();
    await user.click(button('Disconnect'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('PATCH /v1/business/paystack')).toHaveLength(0);
  });

  it('staff cannot connect a key either', async () => {
    open(notConnected(), {}, 'staff');
    await expectShown('Paystack is not connected yet.', NOT_ALLOWED);
    expect(keyField()).toBeDisabled();
    expect(button('Connect Paystack')).toBeDisabled();
  });

  it('a failed load says so and offers Retry', async () => {
    signIn();
    mockFetch({ [CONNECTION]: () => fail(500) });
    renderPage(<PaystackSettings />);
    await expectShown('The Paystack connection could not be loaded.');
    expect(button('Retry')).toBeInTheDocument();
  });
});
