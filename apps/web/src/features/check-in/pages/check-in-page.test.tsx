import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CheckInCandidate } from '@kora/shared';
import { fail, held, json, mockFetch, ok, pageOf, type Handler } from '@/test/mock-fetch';
import { member, recorded, subscription } from '@/test/fixtures';
import { phoneScreen } from '@/test/phone-screen';
import { advance, enter, renderPage } from '@/test/render';
import { sessionStore } from '@/lib/session';
import { KIOSK_TOKEN_KEY } from '../kiosk/kiosk-api';
import { signIn } from '@/test/session';
import {
  amberVerdict,
  candidate,
  checkInResult,
  openedKiosk,
  redVerdict,
  tunde,
  visit,
} from '@/test/check-in-fixtures';
import { CheckInPage } from './check-in-page';

const LOOKUP = 'GET /v1/check-in/lookup';
const RECORD = 'POST /v1/check-in';
const VISITS = 'GET /v1/check-in';
const CARD = 'nq7c3xk2m4p5r6s7t2u3v4w5xa';

/** The check-in page, signed in as `role`; the lookup answers `found` for every search. */
const openPage = (
  found: CheckInCandidate[] | ((q: string) => CheckInCandidate[]),
  more: Record<string, Handler> = {},
  role = 'owner',
) => {
  signIn({ role });
  const api = mockFetch({
    [LOOKUP]: (req) => ok(typeof found === 'function' ? found(req.query.get('q') ?? '') : found),
    [VISITS]: () => pageOf([]),
    [RECORD]: () => ok(checkInResult(), {}, 201),
    ...more,
  });
  const view = renderPage(
    <CheckInPage
      paymentActions={() => (
        <>
          <button type="button">Record Payment</button>
          <button type="button">Send Payment Link</button>
        </>
      )}
    />,
    { path: '/check-in' },
  );
  return { api, ...view };
};

const searchBox = () => screen.getByLabelText('Phone, member ID, card or name');
/** The verdict shown for `name`. */
const verdictOf = (name = 'Chiamaka Okafor') =>
  screen.findByRole('region', { name: `${name}: can they train today?` });

describe('CheckInPage', () => {
  it('looks a scanned card up at once on Enter and opens the verdict of the one match', async () => {
    const { api, user } = openPage([candidate({ found_by: 'card' })]);
    expect(searchBox()).toHaveFocus();
    // A USB scanner types the code fast, then presses Enter.
    await enter(user, searchBox(), `${CARD}{Enter}`);
    expect(await screen.findByText('Active, 23 days left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chiamaka Okafor' })).toBeInTheDocument();
    expect(screen.getByText(/Member ID: IRG-00005/)).toBeInTheDocument();
    expect(screen.getByText('Monthly · 20 Nov 2026 to 19 Dec 2026')).toBeInTheDocument();
    // Only the whole code is looked up: Enter did not wait for the typing pause (the green member
    // is checked in at once, and the lookup loads again after it).
    expect(new Set(api.sent(LOOKUP).map((r) => r.query.get('q')))).toEqual(new Set([CARD]));
    // The verdict is announced when it appears.
    expect(screen.getByTestId('verdict-text').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('reads a card page address a scanner typed as its code', async () => {
    const { api, user } = openPage([candidate({ found_by: 'card' })]);
    await enter(user, searchBox(), `https://kora.ng/card/${CARD}{Enter}`);
    await screen.findByText('Active, 23 days left');
    expect(new Set(api.sent(LOOKUP).map((r) => r.query.get('q')))).toEqual(new Set([CARD]));
  });

  it('lists several matches with their verdicts; choosing one opens its verdict', async () => {
    const { user } = openPage([candidate({ found_by: 'name' }), tunde()]);
    await enter(user, searchBox(), 'okafor{Enter}');
    expect(await screen.findByText('2 members found: choose one')).toBeInTheDocument();
    const chiamaka = screen.getByRole('button', { name: /Chiamaka Okafor, IRG-00005/ });
    expect(within(chiamaka).getByText('Active, 23 days left')).toBeInTheDocument();
    const tundeRow = screen.getByRole('button', { name: /Tunde Okafor, IRG-00009/ });
    expect(within(tundeRow).getByText('Expired 5 days ago')).toBeInTheDocument();
    await user.click(tundeRow);
    expect(await screen.findByTestId('verdict-text')).toHaveTextContent('Expired 5 days ago');
    expect(screen.getByRole('heading', { name: 'Tunde Okafor' })).toBeInTheDocument();
  });

  it('says "No member found" when nothing matches', async () => {
    const { user } = openPage([]);
    await enter(user, searchBox(), '08030000000{Enter}');
    expect(await screen.findByText('No member found')).toBeInTheDocument();
  });

  it('looks up by itself after a pause in typing', async () => {
    const { api, user } = openPage([candidate({ found_by: 'name' })]);
    await enter(user, searchBox(), 'chiam');
    expect(await screen.findByText('Active, 23 days left')).toBeInTheDocument();
    expect(api.sent(LOOKUP).map((r) => r.query.get('q'))).toEqual(['chiam']);
  });

  it.each([
    ['green', candidate(), ['Check in'], ['Record Payment', 'Sell day pass', 'Let in anyway']],
    [
      'amber',
      candidate({ verdict: amberVerdict() }),
      ['Check in', 'Record Payment', 'Send Payment Link'],
      ['Sell day pass', 'Let in anyway'],
    ],
    [
      'red',
      candidate({ verdict: redVerdict() }),
      ['Record Payment', 'Send Payment Link', 'Sell day pass', 'Let in anyway'],
      ['Check in'],
    ],
  ])('a %s verdict offers its actions', async (_tone, found, shown, hidden) => {
    const { user } = openPage([found]);
    // Typed by hand (no Enter): the lookup comes after the pause, and nothing is done for the desk.
    await enter(user, searchBox(), '08031234567');
    const verdict = await verdictOf();
    for (const name of shown)
      expect(within(verdict).getByRole('button', { name })).toBeInTheDocument();
    for (const name of hidden)
      expect(within(verdict).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a group cover as "Covered by" the payer', async () => {
    const { user } = openPage([
      candidate({ verdict: { ...candidate().verdict, covered_by: 'Ada Obi' } }),
    ]);
    await enter(user, searchBox(), '08031234567{Enter}');
    expect(await screen.findByText("Covered by Ada Obi's group plan")).toBeInTheDocument();
  });

  it('lets a red verdict in only with a reason, sent with the check-in', async () => {
    const { api, user } = openPage([candidate({ verdict: redVerdict() })], {
      [RECORD]: () =>
        ok(
          checkInResult({
            visit: visit({ overridden: true, override_reason: 'Paying tomorrow' }),
          }),
          { message: 'Checked in' },
          201,
        ),
    });
    await enter(user, searchBox(), '08031234567{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Let in anyway' }));
    await user.click(screen.getByRole('button', { name: 'Check in anyway' }));
    expect(await screen.findByText('Say why you are letting them in')).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/Why are you letting them in/), '   ');
    await user.click(screen.getByRole('button', { name: 'Check in anyway' }));
    expect(screen.getByText('Say why you are letting them in')).toBeInTheDocument();
    expect(api.sent(RECORD)).toHaveLength(0);

    await enter(user, screen.getByLabelText(/Why are you letting them in/), 'Paying tomorrow');
    await user.click(screen.getByRole('button', { name: 'Check in anyway' }));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(screen.getByText(/At 07:42, let in anyway/)).toBeInTheDocument();
    expect(api.sent(RECORD).map((r) => r.body)).toEqual([
      { member_id: 5, found_by: 'phone', override_reason: 'Paying tomorrow' },
    ]);
  });

  it('the next member found starts afresh: no reason form left open from the last one', async () => {
    const { user } = openPage((q) =>
      q === 'tunde' ? [tunde()] : [candidate({ verdict: redVerdict() })],
    );
    // Tunde was looked up earlier: his verdict shows at once from what was loaded.
    await enter(user, searchBox(), 'tunde{Enter}');
    await verdictOf('Tunde Okafor');
    await user.clear(searchBox());
    await enter(user, searchBox(), '08031234567{Enter}');
    await user.click(within(await verdictOf()).getByRole('button', { name: 'Let in anyway' }));
    expect(screen.getByLabelText(/Why are you letting them in/)).toBeInTheDocument();
    await user.clear(searchBox());
    await enter(user, searchBox(), 'tunde{Enter}');
    await verdictOf('Tunde Okafor');
    expect(screen.queryByLabelText(/Why are you letting them in/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Let in anyway' })).toBeInTheDocument();
  });

  it('shows the server refusing a check-in in its words', async () => {
    const { user } = openPage([candidate({ verdict: amberVerdict() })], {
      [RECORD]: () => json(409, { message: 'Expired 5 days ago', code: 'CHECK_IN_REFUSED' }),
    });
    await enter(user, searchBox(), '08031234567{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Expired 5 days ago');
  });

  it('a double click on Check in records once, with one Idempotency-Key', async () => {
    const answer = held();
    const { api, user } = openPage([candidate()], { [RECORD]: answer.handler });
    await enter(user, searchBox(), '08031234567');
    await user.dblClick(await screen.findByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.sent(RECORD)).toHaveLength(1));
    answer.answer(ok(checkInResult(), { message: 'Checked in' }, 201));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(api.sent(RECORD)).toHaveLength(1);
    expect(api.keysSent(RECORD)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.sent(RECORD)[0]!.body).toEqual({ member_id: 5, found_by: 'phone' });
    // The box is empty and ready for the next member.
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
  });

  it('says plainly when the member was already checked in, not as an error', async () => {
    const { user } = openPage([candidate()], {
      [RECORD]: () =>
        ok(checkInResult({ already_checked_in: true }), {
          message: 'Already checked in at 07:42',
        }),
    });
    await enter(user, searchBox(), '08031234567');
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Already checked in at 07:42');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Checked in')).not.toBeInTheDocument();
  });

  it("shows today's visits: count, time, who let them in, the kiosk and overrides", async () => {
    const { api, user } = openPage([], {
      [VISITS]: (req) =>
        req.query.get('overrides') === 'true'
          ? pageOf([visit({ id: 303, overridden: true, override_reason: 'Paying tomorrow' })])
          : pageOf(
              [
                visit({
                  id: 302,
                  visited_at: '2026-11-27T08:15:00.000Z',
                  recorded_by: null,
                  kiosk_name: 'Kiosk 27 Nov',
                  found_by: 'kiosk',
                }),
                visit(),
              ],
              { total: 2 },
            ),
    });
    expect(await screen.findByText('2 visits')).toBeInTheDocument();
    expect(screen.getByText('09:15')).toBeInTheDocument();
    expect(screen.getByText(/Kiosk · by Kiosk 27 Nov/)).toBeInTheDocument();
    expect(screen.getByText('07:42')).toBeInTheDocument();
    expect(screen.getByText(/Phone · by Ada Obi/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Overrides only'));
    expect(await screen.findByText('Reason: Paying tomorrow')).toBeInTheDocument();
    expect(screen.getByText('Override')).toBeInTheDocument();
    expect(screen.getByText('1 visit matches')).toBeInTheDocument();
    expect(api.sent(VISITS).at(-1)!.query.get('overrides')).toBe('true');
  });

  it("loads today's visits again every 30 seconds (the kiosk's and colleagues' too)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = [visit()];
    openPage([], { [VISITS]: () => pageOf(rows) });
    expect(await screen.findByText('1 visit')).toBeInTheDocument();
    rows = [visit({ id: 302, visited_at: '2026-11-27T08:15:00.000Z' }), visit()];
    await advance(29_000);
    expect(screen.getByText('1 visit')).toBeInTheDocument();
    await advance(1_500);
    expect(await screen.findByText('2 visits')).toBeInTheDocument();
    expect(screen.getByText('09:15')).toBeInTheDocument();
  });

  it('refreshes the visits after a check-in', async () => {
    const { api, user } = openPage([candidate()]);
    await screen.findByText('No visits yet today');
    const before = api.sent(VISITS).length;
    await enter(user, searchBox(), '08031234567');
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    await screen.findByText('Checked in');
    await waitFor(() => expect(api.sent(VISITS).length).toBeGreaterThan(before));
  });
});

describe('Sell day pass', () => {
  const DAY_PASS = 'POST /v1/day-pass';

  it('checks the form, pre-fills the typed phone, and shows the 409 with a way to Settings', async () => {
    const { api, user } = openPage([], {
      [DAY_PASS]: () =>
        json(409, { message: 'Choose your day-pass plan in Settings first.', code: 'CONFLICT' }),
    });
    await enter(user, searchBox(), '0803 111 2222{Enter}');
    await screen.findByText('No member found');
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    expect(within(dialog).getByLabelText(/Phone number/)).toHaveValue('0803 111 2222');
    // Paystack is not connected: the desk's three methods, the card one as POS.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Cash', 'Card', 'Transfer']);
    expect(within(dialog).getByRole('radio', { name: 'POS' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(
      await within(dialog).findByText('First name must be at least 2 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a payment method')).toBeInTheDocument();
    expect(api.sent(DAY_PASS)).toHaveLength(0);

    await enter(user, within(dialog).getByLabelText(/First name/), 'Tunde');
    await enter(user, within(dialog).getByLabelText(/Last name/), 'Bello');
    await user.click(within(dialog).getByRole('radio', { name: 'POS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose your day-pass plan in Settings first.',
    );
    expect(within(dialog).getByRole('link', { name: /Open Settings/ })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(api.sent(DAY_PASS).map((r) => r.body)).toEqual([
      {
        first_name: 'Tunde',
        last_name: 'Bello',
        mobile_number: '0803 111 2222',
        method: 'Card',
        check_in: true,
      },
    ]);
    expect(api.keysSent(DAY_PASS)[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  const tundeBello = member({ id: 11, first_name: 'Tunde', last_name: 'Bello' });
  const fillWalkIn = async (
    user: ReturnType<typeof openPage>['user'],
    dialog: HTMLElement,
    method: string,
  ) => {
    await enter(user, within(dialog).getByLabelText(/First name/), 'Tunde');
    await enter(user, within(dialog).getByLabelText(/Last name/), 'Bello');
    await enter(user, within(dialog).getByLabelText(/Phone number/), '08031112222');
    await user.click(within(dialog).getByRole('radio', { name: method }));
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
  };

  it('a day pass paid on the POS: the payment and the check-in are confirmed', async () => {
    const { user } = openPage([], {
      'POST /v1/payment/40/receipt/send': () => ok({ channel: 'whatsapp', to: '+2348031112222' }),
      [DAY_PASS]: () =>
        ok(
          {
            member: tundeBello,
            payment: recorded({
              id: 40,
              amount: 2000,
              created_at: '2026-11-27T06:42:00.000Z',
              recorded_at: '2026-11-27T06:42:00.000Z',
              paid_on: '2026-11-27',
              method: 'Card',
              purpose: 'Day pass',
              member_id: 11,
              subscription_type_id: 9,
              member: {
                id: 11,
                picture_url: null,
                first_name: 'Tunde',
                last_name: 'Bello',
                email_address: null,
              },
              subscription_type: { id: 9, name: 'Day pass', is_grouped: 0, duration_type: 'day' },
              receipt_number: 'IRON-000040',
              recorded_by_name: 'Ada Obi',
              subscription: subscription({ start_date: '2026-11-27', expiry_date: '2026-11-27' }),
            }),
            payment_link: null,
            check_in: checkInResult(),
          },
          {},
          201,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    await fillWalkIn(user, dialog, 'POS');
    expect(await within(dialog).findByText('Day pass sold')).toBeInTheDocument();
    expect(within(dialog).getByText(/₦2,000/)).toBeInTheDocument();
    expect(within(dialog).getByText(/\(POS\)/)).toBeInTheDocument();
    expect(within(dialog).getByText('Checked in at 07:42.')).toBeInTheDocument();
    // The walk-in's receipt: its number, and sent or printed from here.
    expect(within(dialog).getByText('IRON-000040')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'WhatsApp' }));
    expect(
      await within(dialog).findByText('Receipt IRON-000040 sent by WhatsApp to 0803 111 2222.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
  });

  it('Paystack, while connected: the link shows as a QR to scan, and the link itself', async () => {
    signIn();
    const api = mockFetch({
      [VISITS]: () => pageOf([]),
      [DAY_PASS]: () =>
        ok(
          {
            member: tundeBello,
            payment: null,
            payment_link: {
              url: 'https://kora.ng/pay/KL-70-dp',
              qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
            },
            check_in: null,
          },
          {},
          201,
        ),
    });
    const { user } = renderPage(<CheckInPage paystackConnected />, { path: '/check-in' });
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    await fillWalkIn(user, dialog, 'Paystack');
    expect(
      await within(dialog).findByRole('img', {
        name: 'QR code of the payment link for Tunde Bello',
      }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(
      within(dialog).getByRole('link', { name: 'https://kora.ng/pay/KL-70-dp' }),
    ).toBeInTheDocument();
    expect(api.sent(DAY_PASS)[0]!.body).toMatchObject({ method: 'Paystack', check_in: true });
  });

  it('gives staff the 409 without the Settings link they cannot use', async () => {
    const { user } = openPage(
      [candidate({ verdict: redVerdict() })],
      {
        [DAY_PASS]: () =>
          json(409, { message: 'Choose your day-pass plan in Settings first.', code: 'CONFLICT' }),
      },
      'staff',
    );
    await enter(user, searchBox(), '08031234567{Enter}');
    await user.click(within(await verdictOf()).getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    // Pre-filled from the member on the verdict.
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Chiamaka');
    expect(within(dialog).getByLabelText(/Last name/)).toHaveValue('Okafor');
    expect(within(dialog).getByLabelText(/Phone number/)).toHaveValue('+2348031234567');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose your day-pass plan in Settings first.',
    );
    expect(within(dialog).queryByRole('link', { name: /Open Settings/ })).not.toBeInTheDocument();
  });

  it('fails the sale in the server words on other errors', async () => {
    const { user } = openPage([], {
      [DAY_PASS]: () =>
        fail(400, 'Enter a valid Nigerian phone number', {
          mobile_number: 'Enter a valid Nigerian phone number',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    await enter(user, within(dialog).getByLabelText(/First name/), 'Tunde');
    await enter(user, within(dialog).getByLabelText(/Last name/), 'Bello');
    await enter(user, within(dialog).getByLabelText(/Phone number/), '08000000000');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(await within(dialog).findAllByText('Enter a valid Nigerian phone number')).toHaveLength(
      2,
    );
  });
});

describe('on a phone and for the kiosk', () => {
  it('on a 375 px phone the search comes first, then the actions, then today', async () => {
    phoneScreen();
    openPage([], { [VISITS]: () => pageOf([visit()]) });
    await screen.findByText('07:42');
    const order = [
      searchBox(),
      screen.getByRole('button', { name: 'Sell day pass' }),
      screen.getByText('Chiamaka Okafor'),
    ];
    for (let i = 1; i < order.length; i++)
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    expect(
      screen.queryByText('Scan a card, or type a phone number, member ID or name.'),
    ).toBeNull();
  });

  it('Open kiosk asks first, keeps the token on this device and signs the desk out', async () => {
    const OPEN = 'POST /v1/kiosk/open';
    const { api, user, router } = openPage([], {
      [OPEN]: () => ok(openedKiosk('Front desk kiosk'), {}, 201),
      'POST /v1/auth/logout': () => ok(null),
    });
    await user.click(screen.getByRole('button', { name: 'Open kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the kiosk on this device?' });
    expect(api.sent(OPEN)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Open kiosk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-in/kiosk'));
    expect(window.localStorage.getItem(KIOSK_TOKEN_KEY)).toBe('the-kiosk-token');
    expect(sessionStore.get().isAuthenticated).toBe(false);
    expect(api.keysSent(OPEN)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(api.sent('POST /v1/auth/logout').map((r) => r.body)).toEqual([{ token: 'r1' }]),
    );
    // Named "Front desk kiosk" as offered, not a date.
    expect(api.sent(OPEN).map((r) => r.body)).toEqual([{ name: 'Front desk kiosk' }]);
  });

  it('Open kiosk: the name "Front desk kiosk" can be changed before opening, and is checked', async () => {
    const OPEN = 'POST /v1/kiosk/open';
    const { api, user, router } = openPage([], {
      [OPEN]: () => ok(openedKiosk('Side door'), {}, 201),
      'POST /v1/auth/logout': () => ok(null),
    });
    await user.click(screen.getByRole('button', { name: 'Open kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the kiosk on this device?' });
    const name = within(dialog).getByRole('textbox', { name: 'Kiosk name' });
    expect(name).toHaveValue('Front desk kiosk');
    await user.clear(name);
    await user.type(name, 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Open kiosk' }));
    expect(
      await within(dialog).findByText('Kiosk name must be at least 2 characters'),
    ).toBeVisible();
    expect(api.sent(OPEN)).toHaveLength(0);
    await user.type(name, 'ide door ');
    await user.click(within(dialog).getByRole('button', { name: 'Open kiosk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-in/kiosk'));
    expect(api.sent(OPEN).map((r) => r.body)).toEqual([{ name: 'Side door' }]);
  });
});
