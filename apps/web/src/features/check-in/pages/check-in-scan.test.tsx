import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CheckInCandidate } from '@kora/shared';
import { mockFetch, ok, pageOf } from '@/test/mock-fetch';
import { amberVerdict, candidate, checkInResult, tunde, visit } from '@/test/check-in-fixtures';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { CheckInPage } from './check-in-page';

/*
 * Back-to-back scans at the desk: a USB or Bluetooth scanner types the code fast and presses
 * Enter. A green member found by card, phone or member ID is checked in without a click, and
 * the box is empty and focused for the next card; amber and red wait for the desk.
 */

const LOOKUP = 'GET /v1/check-in/lookup';
const RECORD = 'POST /v1/check-in';
const VISITS = 'GET /v1/check-in';
const CHIAMAKA_CARD = 'nq7c3xk2m4p5r6s7t2u3v4w5xa';
const TUNDE_CARD = 'ab2c3d4e5f6g7h2i3j4k5l6m7n';
const AMBER_CARD = 'zz2c3d4e5f6g7h2i3j4k5l6m7n';

/** Tunde with a green verdict (the fixture's is red). */
const greenTunde = (): CheckInCandidate =>
  tunde({ verdict: candidate().verdict, found_by: 'card' });

const openPage = (found: Record<string, CheckInCandidate[]>) => {
  signIn();
  const api = mockFetch({
    [LOOKUP]: (req) => ok(found[req.query.get('q') ?? ''] ?? []),
    [VISITS]: () => pageOf([]),
    [RECORD]: (req) =>
      ok(
        checkInResult({
          visit: visit({
            member: { ...visit().member, id: (req.body as { member_id: number }).member_id },
          }),
        }),
        { message: 'Checked in' },
        201,
      ),
  });
  const view = renderPage(
    <CheckInPage paymentActions={() => <button type="button">Record Payment</button>} />,
    { path: '/check-in' },
  );
  return { api, ...view };
};

const searchBox = () => screen.getByLabelText('Phone, member ID, card or name');
const verdictOf = (name: string) =>
  screen.findByRole('region', { name: `${name}: can they train today?` });
/** The texts looked up (each once: the lookups load again after a check-in). */
const lookedUp = (api: ReturnType<typeof openPage>['api']) => [
  ...new Set(api.sent(LOOKUP).map((r) => r.query.get('q'))),
];
const recorded = (api: ReturnType<typeof openPage>['api']) => api.sent(RECORD).map((r) => r.body);
/** A scanner's keys, then Enter, as key presses on `el` (what has the focus). */
const scannerKeys = (code: string) =>
  [...code, 'Enter'].map(
    (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );
/**
 * A scan arriving on `el` (a button, not a text box): every key at once, as a scanner types.
 * Answers the Enter: a caught scan's Enter is cancelled, so the focused button is not pressed.
 */
const scanOnto = (el: Element, code: string) => {
  const keys = scannerKeys(code);
  act(() => {
    for (const key of keys) el.dispatchEvent(key);
  });
  return keys.at(-1)!;
};

describe('scanning cards back to back', () => {
  it('a green member is checked in at once; the box empties, keeps the focus, and the next scan finds the next member', async () => {
    const { api, user } = openPage({
      [CHIAMAKA_CARD]: [candidate({ found_by: 'card' })],
      [TUNDE_CARD]: [greenTunde()],
    });
    expect(await screen.findByText('Ready to scan')).toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
    // The scanner types fast, key by key, and presses Enter.
    await user.keyboard(`${CHIAMAKA_CARD}{Enter}`);
    const chiamaka = await verdictOf('Chiamaka Okafor');
    expect(await within(chiamaka).findByText('Checked in')).toBeInTheDocument();
    expect(recorded(api)).toEqual([{ member_id: 5, found_by: 'card' }]);
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(searchBox()).toHaveFocus();

    // The next card, straight away: only its code is looked up, and Tunde is checked in.
    await user.keyboard(`${TUNDE_CARD}{Enter}`);
    const tundeCard = await verdictOf('Tunde Okafor');
    expect(await within(tundeCard).findByText('Checked in')).toBeInTheDocument();
    expect(lookedUp(api)).toEqual([CHIAMAKA_CARD, TUNDE_CARD]);
    expect(recorded(api)).toEqual([
      { member_id: 5, found_by: 'card' },
      { member_id: 9, found_by: 'card' },
    ]);
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(searchBox()).toHaveFocus();
  });

  it('an amber verdict waits for the desk; the next scan replaces the code in the box', async () => {
    const { api, user } = openPage({
      [AMBER_CARD]: [candidate({ found_by: 'card', verdict: amberVerdict() })],
      [TUNDE_CARD]: [greenTunde()],
    });
    await user.click(searchBox());
    await user.keyboard(`${AMBER_CARD}{Enter}`);
    const chiamaka = await verdictOf('Chiamaka Okafor');
    expect(within(chiamaka).getByTestId('verdict-text')).toHaveTextContent('Ends in 2 days');
    expect(within(chiamaka).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
    expect(api.sent(RECORD)).toHaveLength(0);

    // Nobody clicked: the next card is scanned, not added to the last code.
    await user.keyboard(`${TUNDE_CARD}{Enter}`);
    expect(
      await within(await verdictOf('Tunde Okafor')).findByText('Checked in'),
    ).toBeInTheDocument();
    expect(lookedUp(api)).toEqual([AMBER_CARD, TUNDE_CARD]);
    expect(recorded(api)).toEqual([{ member_id: 9, found_by: 'card' }]);
  });

  it('a name, even with Enter, waits for a click', async () => {
    const { api, user } = openPage({ chiamaka: [candidate({ found_by: 'name' })] });
    await user.keyboard('chiamaka{Enter}');
    const chiamaka = await verdictOf('Chiamaka Okafor');
    expect(within(chiamaka).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
    expect(api.sent(RECORD)).toHaveLength(0);
  });

  it('a scan with the focus on a button elsewhere is caught: the amber member’s Check in is not pressed', async () => {
    const { api, user } = openPage({
      [AMBER_CARD]: [candidate({ found_by: 'card', verdict: amberVerdict() })],
      [TUNDE_CARD]: [greenTunde()],
    });
    await user.keyboard(`${AMBER_CARD}{Enter}`);
    const chiamaka = await verdictOf('Chiamaka Okafor');
    const checkIn = within(chiamaka).getByRole('button', { name: 'Check in' });
    act(() => checkIn.focus());
    expect(checkIn).toHaveFocus();
    expect(screen.getByText('Ready to scan')).toBeInTheDocument();

    // The scanner's keys arrive together on the focused button (typed one by one with awaits
    // between them, a loaded test machine could space them wider than any scanner does).
    expect(scanOnto(checkIn, TUNDE_CARD).defaultPrevented).toBe(true);
    expect(
      await within(await verdictOf('Tunde Okafor')).findByText('Checked in'),
    ).toBeInTheDocument();
    expect(recorded(api)).toEqual([{ member_id: 9, found_by: 'card' }]);
    expect(lookedUp(api)).toEqual([AMBER_CARD, TUNDE_CARD]);
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(searchBox()).toHaveFocus();
  });

  it('a scan whose keys a busy page handles late is still caught: the keys’ own times count', async () => {
    const { api } = openPage({ [TUNDE_CARD]: [greenTunde()] });
    const elsewhere = screen.getByRole('button', { name: 'Scan a card with the camera' });
    act(() => elsewhere.focus());
    expect(screen.getByText('Ready to scan')).toBeInTheDocument();
    // The scanner typed them within a few milliseconds...
    const keys = scannerKeys(TUNDE_CARD);
    const enter = keys.pop()!;
    // ...and the page handles each of the code's keys half a second after the one before.
    const realNow = Date.now.bind(Date);
    let late = 0;
    const clock = vi
      .spyOn(Date, 'now')
      .mockImplementation(() => realNow() - 60_000 + (late += 500));
    try {
      act(() => {
        for (const key of keys) elsewhere.dispatchEvent(key);
      });
    } finally {
      clock.mockRestore();
    }
    act(() => void elsewhere.dispatchEvent(enter));
    expect(
      await within(await verdictOf('Tunde Okafor')).findByText('Checked in'),
    ).toBeInTheDocument();
    expect(recorded(api)).toEqual([{ member_id: 9, found_by: 'card' }]);
    expect(lookedUp(api)).toEqual([TUNDE_CARD]);
  });

  it("a scan typed into Today's search stays there; the page says scanning is paused", async () => {
    const { api, user } = openPage({ [TUNDE_CARD]: [greenTunde()] });
    const todaySearch = screen.getByLabelText("Search today's visits");
    await user.click(todaySearch);
    expect(await screen.findByText(/^Scanning paused/)).toBeInTheDocument();
    await user.keyboard(`${TUNDE_CARD}{Enter}`);
    expect(todaySearch).toHaveValue(TUNDE_CARD);
    expect(searchBox()).toHaveValue('');
    expect(lookedUp(api)).toEqual([]);
    expect(api.sent(RECORD)).toHaveLength(0);

    await user.click(searchBox());
    expect(await screen.findByText('Ready to scan')).toBeInTheDocument();
  });
});
