import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { held, fail, mockFetch, ok } from '@/test/mock-fetch';
import { team as TEAM } from '@/test/fixtures';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { cashUp, expected, week } from '../test-fixtures';
import { CashUpPage } from './cash-up-page';

const EXPECTED = 'GET /v1/cash-up/expected';
const RECORD = 'POST /v1/cash-up';
const LIST = 'GET /v1/cash-up';
const WEEK = 'GET /v1/cash-up/week';

/** The owner and a staff member (no invitee: nobody invited has counted a drawer). */
const team = TEAM.slice(0, 2);

const listOf = (rows: unknown[]) =>
  ok(rows, { meta: { page: 1, per_page: 20, pages: 1, total: rows.length } });

const open = (
  role: 'owner' | 'staff',
  routes: Record<string, () => Response | Promise<Response>> = {},
  path = '/cash-up',
) => {
  signIn({ role });
  const api = mockFetch({
    [EXPECTED]: () => ok(expected()),
    [RECORD]: () => ok(cashUp(), {}, 201),
    [LIST]: () =>
      listOf([
        cashUp(),
        cashUp({
          id: 40,
          user_id: 1,
          user_name: 'Ada Obi',
          counted: 12000,
          expected: 10000,
          difference: 2000,
          note: '',
        }),
        cashUp({ id: 39, counted: 5000, expected: 5000, difference: 0, note: '' }),
      ]),
    [WEEK]: () => ok(week()),
    'GET /v1/user': () => ok(team),
    ...routes,
  });
  return { api, ...renderPage(<CashUpPage />, { path, route: '/cash-up' }) };
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** The badge showing `label` and the colour it is drawn in. */
const badgeColor = (el: HTMLElement) =>
  el.closest('.mantine-Badge-root')!.getAttribute('style') ?? '';

describe('CashUpPage: your drawer', () => {
  it('shows the cash expected and where it comes from', async () => {
    open('staff');
    expect(await screen.findByLabelText('Expected cash: ₦70,000')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^3 cash payments \(₦75,000\) less 1 cash refund \(₦5,000\) since 26 Nov 2026, \d\d:00, your last cash-up\.$/,
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Cash-up · Kora');
  });

  it('the first cash-up counts every cash payment the user recorded', async () => {
    open('staff', {
      [EXPECTED]: () =>
        ok(
          expected({
            since: null,
            expected: 25000,
            cash_payments: 1,
            cash_payments_total: 25000,
            cash_refunds: 0,
            cash_refunds_total: 0,
          }),
        ),
    });
    expect(
      await screen.findByText(
        '1 cash payment (₦25,000) recorded by you: this is your first cash-up.',
      ),
    ).toBeInTheDocument();
  });

  it('records the count and note once, then shows Short ₦500 in red', async () => {
    const answer = held();
    const { api, user } = open('staff', { [RECORD]: answer.handler });
    await screen.findByLabelText('Expected cash: ₦70,000');
    await enter(user, field('Counted'), '69,500');
    expect(field('Counted')).toHaveValue('₦69,500');
    await enter(user, screen.getByLabelText('Note'), '  One ₦500 note missing  ');
    const button = screen.getByRole('button', { name: 'Record cash-up' });
    await user.click(button);
    // A second click while the first is on its way sends nothing.
    await user.click(button);
    expect(api.sent(RECORD)).toHaveLength(1);
    const sent = api.sent(RECORD)[0]!;
    expect(sent.body).toEqual({ counted: 69500, note: 'One ₦500 note missing' });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    answer.answer(ok(cashUp(), {}, 201));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Cash-up recorded');
    expect(result).toHaveTextContent('Expected ₦70,000 · Counted ₦69,500');
    const short = within(result).getByText('Short ₦500');
    expect(badgeColor(short)).toContain('red');
    expect(result).toHaveTextContent('Note: One ₦500 note missing');
  });

  it('a retry after a failure sends the same Idempotency-Key', async () => {
    let calls = 0;
    const { api, user } = open('staff', {
      [RECORD]: () =>
        ++calls === 1 ? fail(500) : ok(cashUp({ counted: 70000, difference: 0 }), {}, 201),
    });
    await screen.findByLabelText('Expected cash: ₦70,000');
    await enter(user, field('Counted'), '70000');
    await user.click(screen.getByRole('button', { name: 'Record cash-up' }));
    expect(
      await screen.findByText('The cash-up could not be recorded. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record cash-up' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Balanced')).toBeInTheDocument();
    expect(badgeColor(within(result).getByText('Balanced'))).toContain('green');
    const [first, second] = api.keysSent(RECORD);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('asks for the count before sending; a server refusal shows its words', async () => {
    const { api, user } = open('staff', {
      [RECORD]: () =>
        fail(400, 'Counted cash is too large', { counted: 'Counted cash is too large' }),
    });
    await screen.findByLabelText('Expected cash: ₦70,000');
    await user.click(screen.getByRole('button', { name: 'Record cash-up' }));
    expect(screen.getByText('Enter the cash you counted')).toBeInTheDocument();
    expect(api.sent(RECORD)).toHaveLength(0);
    await enter(user, field('Counted'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Record cash-up' }));
    expect(await screen.findAllByText('Counted cash is too large')).not.toHaveLength(0);
  });

  it('Over shows in amber', async () => {
    const { user } = open('staff', {
      [RECORD]: () => ok(cashUp({ counted: 71200, difference: 1200 }), {}, 201),
    });
    await screen.findByLabelText('Expected cash: ₦70,000');
    await enter(user, field('Counted'), '71200');
    await user.click(screen.getByRole('button', { name: 'Record cash-up' }));
    const over = await screen.findByText('Over ₦1,200');
    expect(badgeColor(over)).toContain('yellow');
  });
});

describe('CashUpPage: the cash-ups', () => {
  it('staff see their own cash-ups only: no person filter, no week', async () => {
    // Even a link naming someone else asks only for their own.
    const { api } = open('staff', {}, '/cash-up?user_id=1&short_only=true');
    expect(await screen.findByRole('heading', { name: 'Your cash-ups' })).toBeInTheDocument();
    expect(await screen.findByText('Short ₦500')).toBeInTheDocument();
    expect(screen.queryByLabelText('Person')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Person' })).not.toBeInTheDocument();
    expect(api.sent('GET /v1/user')).toHaveLength(0);
    expect(api.sent(WEEK)).toHaveLength(0);
    const sent = api.sent(LIST)[0]!.query;
    expect([sent.get('user_id'), sent.get('short_only')]).toEqual([null, null]);
  });

  it("an owner sees everyone's, differences in colour, and filters by person and Only short", async () => {
    const { api, user, router } = open('owner');
    const short = await screen.findByText('Short ₦500');
    const row = short.closest('tr')!;
    expect(within(row).getByText('Chidi Okeke')).toBeInTheDocument();
    expect(within(row).getByText('₦69,500')).toBeInTheDocument();
    expect(badgeColor(short)).toContain('red');
    expect(badgeColor(screen.getByText('Over ₦2,000'))).toContain('yellow');
    expect(badgeColor(screen.getByText('Balanced'))).toContain('green');

    await user.click(field('Person'));
    await user.click(screen.getByRole('option', { name: 'Chidi Okeke (staff)' }));
    expect(router.state.location.search).toBe('?user_id=12');
    await user.click(screen.getByRole('switch', { name: 'Only short' }));
    expect(router.state.location.search).toBe('?user_id=12&short_only=true');
    await vi.waitFor(() => {
      const q = api.sent(LIST).at(-1)!.query;
      expect([q.get('user_id'), q.get('short_only')]).toEqual(['12', 'true']);
    });
  });

  it('the week: per person per day, Monday to Sunday, a week back and forth', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    try {
      const { api, user } = open('owner');
      await user.click(await screen.findByRole('tab', { name: 'Week' }));
      const table = await screen.findByRole('table', { name: 'Cash-ups of the week' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers).toEqual([
        'Person',
        'Mon 23 Nov',
        'Tue 24 Nov',
        'Wed 25 Nov',
        'Thu 26 Nov',
        'Fri 27 Nov',
        'Sat 28 Nov',
        'Sun 29 Nov',
        'Week',
      ]);
      const row = within(table).getByText('Chidi Okeke').closest('tr')!;
      const cells = within(row).getAllByRole('cell');
      expect(cells[2]).toHaveTextContent('₦39,500Short ₦500');
      expect(cells[5]).toHaveTextContent('₦30,000Balanced');
      expect(cells[1]).toHaveTextContent('—');
      expect(cells[8]).toHaveTextContent('Short ₦500');
      expect(screen.getByText('23 Nov 2026 – 29 Nov 2026')).toBeInTheDocument();
      expect(api.sent(WEEK)[0]!.query.get('start')).toBe('2026-11-23');
      expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Previous week' }));
      await vi.waitFor(() => expect(api.sent(WEEK).at(-1)!.query.get('start')).toBe('2026-11-16'));
      expect(screen.getByText('16 Nov 2026 – 22 Nov 2026')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next week' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
