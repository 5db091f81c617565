import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@kora/shared';
import { offlineLookup, syncNow } from '@/features/offline';
import { mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import {
  deskMember,
  downloadRoster,
  expiredMember,
  goOffline,
  goOnline,
  resetDesk,
  unreachable,
} from '@/test/offline-desk';
import { candidate, openedKiosk } from '@/test/check-in-fixtures';
import { phoneScreen } from '@/test/phone-screen';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { CheckInPage } from './check-in-page';

const LOOKUP = 'GET /v1/check-in/lookup';
const RECORD = 'POST /v1/check-in';
const DAY_PASS = 'POST /v1/day-pass';

const hhmm = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);

/**
 * The check-in page on a device that downloaded Chiamaka and Tunde, then lost the network: every
 * call fails as fetch does offline unless `routes` says otherwise.
 */
const openOffline = async (members = [deskMember(), expiredMember()], routes: Routes = {}) => {
  signIn();
  await downloadRoster(members);
  const api = mockFetch({
    [LOOKUP]: unreachable,
    [RECORD]: unreachable,
    [DAY_PASS]: unreachable,
    'GET /v1/check-in': unreachable,
    ...routes,
  });
  await goOffline();
  const view = renderPage(<CheckInPage />, { path: '/check-in' });
  return { api, ...view };
};

const searchBox = () => screen.getByLabelText('Phone, member ID, card or name');
const verdictOf = (name = 'Chiamaka Okafor') =>
  screen.findByRole('region', { name: `${name}: can they train today?` });

/** The network is back: the device sends what waits, the server answering with `routes`. */
const backOnline = async (routes: Routes) => {
  const api = mockFetch({
    'GET /v1/check-in/roster': () => ok([], { meta: { cursor: 'c2', more: false, removed: [] } }),
    'GET /v1/check-in': () => pageOf([]),
    ...routes,
  });
  await goOnline();
  await syncNow();
  return api;
};

afterEach(resetDesk);

describe('CheckInPage offline', () => {
  it('finds a member by phone in any form from the device and gives the same verdict words', async () => {
    const { api, user } = await openOffline();
    expect(
      await screen.findByText(
        /^Offline: answers from this device's list of members, updated \d\d:\d\d$/,
      ),
    ).toBeInTheDocument();
    await user.type(searchBox(), '0803 123 4567{Enter}');
    const verdict = await verdictOf();
    expect(within(verdict).getByTestId('verdict-text')).toHaveTextContent('Active, 23 days left');
    expect(within(verdict).getByText(/Member ID: IRG-00005/)).toBeInTheDocument();
    // Nothing was asked of the server.
    expect(api.sent(LOOKUP)).toHaveLength(0);
  });

  it('Check in is queued once on a double click, says "Saved — will sync", and reaches the server once back online', async () => {
    const { api, user } = await openOffline();
    // Typed by hand (no Enter): the verdict waits for a click.
    await user.type(searchBox(), '08031234567');
    const verdict = await verdictOf();
    const button = within(verdict).getByRole('button', { name: 'Check in' });
    await user.dblClick(button);
    const done = await within(verdict).findByRole('status');
    expect(done).toHaveTextContent('Checked in');
    expect(done).toHaveTextContent(/At \d\d:\d\d\. Saved — will sync/);
    // The first sync tried and found no network: nothing reached the server.
    expect(api.sent(RECORD).length).toBeLessThanOrEqual(1);

    const online = await backOnline({
      [RECORD]: () => ok({ already_checked_in: false }, {}, 201),
      // Back online, the page asks the server again.
      [LOOKUP]: () => ok([candidate({ checked_in_at: new Date().toISOString() })]),
    });
    const sent = online.sent(RECORD);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ member_id: 5, found_by: 'phone' });
    expect(Date.parse((sent[0]!.body as { recorded_at: string }).recorded_at)).toBeLessThanOrEqual(
      Date.now(),
    );
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The confirmation follows the queued check-in: it reached the server.
    expect(await screen.findByText(/At \d\d:\d\d\. Synced\./)).toBeInTheDocument();
  });

  it('a member this device checked in says "Already checked in at 07:42" and queues nothing more', async () => {
    const { user } = await openOffline();
    await user.type(searchBox(), '08031234567');
    await user.click(within(await verdictOf()).getByRole('button', { name: 'Check in' }));
    await screen.findByText(/Saved — will sync/);
    const at = hhmm(new Date());

    // Her member ID is scanned again (Enter): the device answers she is already in.
    await user.clear(searchBox());
    await user.type(searchBox(), 'IRG-00005{Enter}');
    const verdict = await verdictOf();
    expect(await within(verdict).findByRole('status')).toHaveTextContent(
      `Already checked in at ${at}`,
    );
    const online = await backOnline({ [RECORD]: () => ok({}, {}, 201) });
    expect(online.sent(RECORD)).toHaveLength(1);
  });

  it("a visit the server knew of in the last 2 hours says so from the device's list", async () => {
    const visited = new Date(Date.now() - 30 * 60_000);
    const { user } = await openOffline([deskMember({ last_visit_at: visited.toISOString() })]);
    await user.type(searchBox(), '08031234567{Enter}');
    expect(
      await within(await verdictOf()).findByText(`Already checked in at ${hhmm(visited)}`),
    ).toBeInTheDocument();
  });

  it('a red verdict offline still needs a reason, queued with the check-in', async () => {
    const { user } = await openOffline();
    await user.type(searchBox(), 'tunde{Enter}');
    const verdict = await verdictOf('Tunde Bello');
    expect(within(verdict).getByTestId('verdict-text')).toHaveTextContent('Expired 5 days ago');
    expect(within(verdict).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    await user.click(within(verdict).getByRole('button', { name: 'Let in anyway' }));
    await user.click(within(verdict).getByRole('button', { name: 'Check in anyway' }));
    expect(await screen.findByText('Say why you are letting them in')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Why are you letting them in/), 'Paying tomorrow');
    await user.click(within(verdict).getByRole('button', { name: 'Check in anyway' }));
    expect(await within(verdict).findByRole('status')).toHaveTextContent(
      /let in anyway\. Saved — will sync/,
    );

    const online = await backOnline({ [RECORD]: () => ok({}, {}, 201) });
    expect(online.sent(RECORD).map((r) => r.body)).toEqual([
      expect.objectContaining({
        member_id: 9,
        found_by: 'name',
        override_reason: 'Paying tomorrow',
      }),
    ]);
  });

  it('sells a Cash day pass offline on a phone; other methods need a connection; the receipt number follows the sync', async () => {
    phoneScreen();
    const { user } = await openOffline();
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    expect(within(dialog).getByRole('radio', { name: 'Cash' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: 'POS' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Transfer' })).toBeDisabled();
    expect(within(dialog).getAllByText('Needs a connection')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/First name/), 'Bisi');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Ade');
    await user.type(within(dialog).getByLabelText(/Phone number/), '08031112222');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    expect(within(dialog).getByText('Receipt number: given once it syncs')).toBeInTheDocument();

    const online = await backOnline({
      [DAY_PASS]: () =>
        ok({ payment: { receipt_number: 'IRON-000077' }, member: {}, check_in: null }, {}, 201),
    });
    expect(online.sent(DAY_PASS).map((r) => r.body)).toEqual([
      expect.objectContaining({
        first_name: 'Bisi',
        last_name: 'Ade',
        mobile_number: '08031112222',
        method: 'Cash',
        check_in: true,
      }),
    ]);
    expect(await within(dialog).findByText('IRON-000077')).toBeInTheDocument();
  });

  it("Today lists this device's visits, newest first, waiting to sync and then synced", async () => {
    const { user } = await openOffline();
    const today = await screen.findByText(
      'Visits recorded on this device; the others when back online',
    );
    const card = today.closest<HTMLElement>('.mantine-Card-root')!;
    expect(
      await within(card).findByText('No visits recorded on this device today'),
    ).toBeInTheDocument();
    expect(within(card).queryByText('Needs a connection')).not.toBeInTheDocument();

    await user.type(searchBox(), '08031234567');
    await user.click(within(await verdictOf()).getByRole('button', { name: 'Check in' }));
    await screen.findByText(/Saved — will sync/);
    const at = hhmm(new Date());
    await user.clear(searchBox());
    await user.type(searchBox(), 'tunde{Enter}');
    const tunde = await verdictOf('Tunde Bello');
    await user.click(within(tunde).getByRole('button', { name: 'Let in anyway' }));
    await user.type(screen.getByLabelText(/Why are you letting them in/), 'Paying tomorrow');
    await user.click(within(tunde).getByRole('button', { name: 'Check in anyway' }));
    await within(tunde).findByRole('status');

    const list = within(card).getByRole('list', { name: 'Visits recorded on this device' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Tunde Bello');
    expect(first).toHaveTextContent('IRG-00009');
    expect(first).toHaveTextContent('waiting to sync');
    expect(second).toHaveTextContent(new RegExp(`^${at}.*Chiamaka Okafor`));
    expect(second).toHaveTextContent('waiting to sync');
    expect(within(card).getByText('2 visits on this device')).toBeInTheDocument();

    // They reached the server; the network drops again: the list says they are synced.
    await backOnline({ [RECORD]: () => ok({}, {}, 201) });
    await goOffline();
    const again = await screen.findByRole('list', { name: 'Visits recorded on this device' });
    await waitFor(() =>
      expect(
        within(again)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        expect.stringMatching(/Tunde Bello.*synced$/),
        expect.stringMatching(/Chiamaka Okafor.*synced$/),
      ]),
    );
  });

  it('Today offline lists a day pass sold with its check-in', async () => {
    const { user } = await openOffline();
    await user.click(screen.getByRole('button', { name: 'Sell day pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
    await user.type(within(dialog).getByLabelText(/First name/), 'Bisi');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Ade');
    await user.type(within(dialog).getByLabelText(/Phone number/), '08031112222');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sell day pass' }));
    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Visits recorded on this device' });
    const [row] = await within(list).findAllByRole('listitem');
    expect(row).toHaveTextContent('Bisi Ade');
    expect(row).toHaveTextContent('Day pass');
    expect(row).toHaveTextContent('waiting to sync');
  });

  it("opening the kiosk signs the desk out and forgets this device's list of members", async () => {
    signIn();
    await downloadRoster([deskMember()]);
    expect(await offlineLookup('08031234567')).toHaveLength(1);
    mockFetch({
      'POST /v1/kiosk/open': () => ok(openedKiosk('Kiosk'), {}, 201),
      'POST /v1/auth/logout': () => ok(null),
      'GET /v1/check-in': () => pageOf([]),
    });
    const { user, router } = renderPage(<CheckInPage />, { path: '/check-in' });
    await user.click(screen.getByRole('button', { name: 'Open kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the kiosk on this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Open kiosk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-in/kiosk'));
    // Ada signs in again later: the device downloads the members afresh.
    signIn();
    await waitFor(async () => expect(await offlineLookup('08031234567')).toHaveLength(0));
    window.localStorage.clear();
  });
});
