import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { candidate, checkInResult, greenVerdict, redVerdict } from '@/test/check-in-fixtures';
import {
  CONNECTION,
  connected,
  freeze,
  member,
  notConnected,
  plan,
  recorded,
  subscription,
} from '@/test/fixtures';
import { mockFetch, ok, pageOf } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { CheckInRoute } from './check-in-route';

const LOOKUP = 'GET /v1/check-in/lookup';
const RECORD = 'POST /v1/check-in';

/** Chiamaka's ₦25,000 cash payment for Monthly, recorded at the desk today. */
const todaysPayment = recorded({
  created_at: '2026-11-27T09:30:00.000Z',
  recorded_at: '2026-11-27T09:30:00.000Z',
  paid_on: '2026-11-27',
  subscription: subscription({ start_date: '2026-11-27', expiry_date: '2026-12-26' }),
});

/** The desk with Chiamaka expired until her payment is recorded. */
const openDesk = (isConnected = false) => {
  signIn();
  let paid = false;
  const api = mockFetch({
    [LOOKUP]: () => ok([candidate({ verdict: paid ? greenVerdict() : redVerdict() })]),
    'GET /v1/check-in': () => pageOf([]),
    [RECORD]: () => ok(checkInResult(), { message: 'Checked in' }, 201),
    'GET /v1/member/5': () => ok(member()),
    'GET /v1/subscription-type': () => ok([plan()]),
    'POST /v1/payment': () => {
      paid = true;
      return ok(todaysPayment, {}, 201);
    },
    [CONNECTION]: () => ok(isConnected ? connected() : notConnected()),
  });
  return { api, ...renderPage(<CheckInRoute />, { path: '/check-in' }) };
};

const verdict = () =>
  screen.findByRole('region', { name: 'Chiamaka Okafor: can they train today?' });

describe('CheckInRoute', () => {
  it('red verdict → Record Payment → the success panel checks her in with one click', async () => {
    const { api, user } = openDesk();
    await enter(
      user,
      screen.getByLabelText('Phone, member ID, card or name'),
      '08031234567{Enter}',
    );
    expect(await screen.findByText('Expired 5 days ago')).toBeInTheDocument();
    await user.click(within(await verdict()).getByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    await waitFor(() => expect(field('Member')).toHaveValue('Chiamaka Okafor'));
    // Her current plan is chosen already.
    await waitFor(() => expect(field('Amount')).toHaveValue('₦25,000'));
    await user.click(field('Payment Method'));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    // The verdict behind the dialog has turned green already.
    expect(await screen.findByText('Active, 23 days left')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(api.sent(RECORD).map((r) => r.body)).toEqual([{ member_id: 5, found_by: 'phone' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Send Payment Link shows on a red verdict only while Paystack is connected', async () => {
    const { user } = openDesk(true);
    await enter(
      user,
      screen.getByLabelText('Phone, member ID, card or name'),
      '08031234567{Enter}',
    );
    expect(
      await within(await verdict()).findByRole('button', { name: 'Send Payment Link' }),
    ).toBeInTheDocument();
  });

  it('offers Paystack for a day pass only while it is connected', async () => {
    const { user } = openDesk(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sell day pass' })).toBeEnabled(),
    );
    await screen.findByText('No visits yet today');
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'Paystack' })).toBeInTheDocument(),
    );
  });

  it('a frozen member’s verdict offers End freeze, not Record Payment; ending it turns the verdict green', async () => {
    signIn();
    let ended = false;
    const api = mockFetch({
      [LOOKUP]: () =>
        ok([
          candidate({
            verdict: ended
              ? greenVerdict()
              : {
                  ...greenVerdict(),
                  status: 'frozen',
                  tone: 'red',
                  text: 'Frozen until 4 Dec 2026',
                  days_left: null,
                },
          }),
        ]),
      'GET /v1/check-in': () => pageOf([]),
      'GET /v1/member/5/freeze': () => ok({ freezes: [freeze(ended ? { status: 'ended' } : {})] }),
      'POST /v1/member/5/freeze/9/end': () => {
        ended = true;
        return ok(freeze({ status: 'ended' }));
      },
      [CONNECTION]: () => ok(notConnected()),
    });
    const { user } = renderPage(<CheckInRoute />, { path: '/check-in' });
    // Typed by hand: the verdict waits for the desk.
    await enter(user, screen.getByLabelText('Phone, member ID, card or name'), '08031234567');
    const card = await verdict();
    expect(within(card).getByTestId('verdict-text')).toHaveTextContent('Frozen until 4 Dec 2026');
    expect(within(card).queryByRole('button', { name: 'Record Payment' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Sell day pass' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Let in anyway' })).toBeInTheDocument();
    const endFreeze = within(card).getByRole('button', { name: 'End freeze' });
    await waitFor(() => expect(endFreeze).toBeEnabled());
    await user.click(endFreeze);
    await waitFor(() =>
      expect(api.sent('POST /v1/member/5/freeze/9/end').map((r) => r.body)).toEqual([{}]),
    );
    expect(await within(card).findByText('Active, 23 days left')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'End freeze' })).not.toBeInTheDocument();
  });
});
