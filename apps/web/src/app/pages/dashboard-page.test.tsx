import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard, PaystackConnection } from '@kora/shared';
import { expectLabelled, expectTexts } from '@/test/expect';
import { CONNECTION, connected, member, plan } from '@/test/fixtures';
import {
  fail,
  held,
  inTurn,
  mockFetch,
  ok,
  pageOf,
  type Handler,
  type Routes,
} from '@/test/mock-fetch';
import { itNamesTheTab } from '@/test/page-tests';
import { phoneScreen } from '@/test/phone-screen';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { NOW, dashboard, newBusiness } from '@/test/dashboard-fixtures';
import { DashboardPage } from './dashboard-page';

const CALL = 'GET /v1/dashboard';

/** The dashboard, its call answering `answer`, the other calls `routes`. */
const open = (answer: Handler = () => ok(dashboard()), routes: Routes = {}) => {
  const api = mockFetch({ [CALL]: answer, ...routes });
  return { api, ...renderPage(<DashboardPage />, { path: '/dashboard' }) };
};

const region = (name: string) => screen.getByRole('region', { name });
const table = (name: string) => screen.getByRole('table', { name });
/** The table row whose heading cell is `heading`, as its cells read. */
const rowCells = (tableName: string, heading: string) =>
  within(within(table(tableName)).getByRole('rowheader', { name: heading }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Each plan on the Revenue by Plan chart's axis: its full name (on hover) and its lines. */
const planTicks = () =>
  Array.from(
    region('Revenue by Plan').querySelectorAll(
      '.recharts-yAxis .recharts-cartesian-axis-tick text',
    ),
    (tick) => ({
      name: tick.querySelector('title')?.textContent,
      lines: Array.from(tick.querySelectorAll('tspan'), (line) => line.textContent),
    }),
  );

/** Waits for the charts' code and drawing (it arrives after the figures). */
const chartsDrawn = () =>
  waitFor(() => expect(document.querySelectorAll('.recharts-wrapper')).toHaveLength(5), {
    timeout: 10_000,
  });

const withCards = (cards: Partial<Dashboard['cards']>) =>
  dashboard({ cards: { ...dashboard().cards, ...cards } });

beforeEach(() => {
  signIn();
  // Only the clock: the relative times ("5 min ago") are counted from 23 Nov 2026, 15:00 Lagos.
  vi.setSystemTime(NOW);
});

describe('DashboardPage', () => {
  it('shows the four figures with what each means, and the revenue so far this year', async () => {
    open();
    expect(await screen.findByLabelText('Total Members: 1480')).toHaveTextContent('1,480');
    expectLabelled([
      'Active Subscriptions: 96',
      'Monthly Revenue: ₦1,250,000',
      'Retention Rate: 82.4%',
      'YTD Revenue: ₦12,345,678.5',
    ]);
    // Each card says what its figure is.
    const card = (label: string) => screen.getByRole('group', { name: label });
    expectTexts(card('Total Members'), ['Active member accounts']);
    expectTexts(card('Active Subscriptions'), ['Running today']);
    expectTexts(card('Monthly Revenue'), ['₦1,250,000', '+12.5% vs 1–23 Oct']);
    expectTexts(card('Retention Rate'), [
      '82.4%',
      'Of 120 members whose subscription ended in the last 90 days, 99 renewed',
    ]);
    expectTexts(region('Revenue Trend'), ['YTD Revenue', '₦12,345,678.5', 'Since 1 January']);
  });

  it.each([
    ['a fall against last month', { revenue_change_percent: -8.3 }, '-8.3% vs 1–23 Oct'],
    [
      'no payment in those days last month',
      { revenue_change_percent: null },
      'No payments in the same days last month',
    ],
  ])('revenue: %s', async (_what, cards, text) => {
    open(() => ok(withCards(cards)));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says how many members are frozen today, and lists the freeze requests to approve or decline', async () => {
    const request = {
      id: 9,
      member_id: 5,
      start_date: '2026-12-01',
      end_date: '2026-12-10',
      days: 10,
      reason: 'Exams',
      status: 'requested',
      requested_by: 'member',
      created_at: '2026-11-22T09:00:00.000Z',
      decided_at: null,
      decided_by: null,
      member: { id: 5, member_id: 'IRG-00005', first_name: 'Chiamaka', last_name: 'Okafor' },
    };
    const { api, user } = open(
      () => ok(dashboard({ cards: { ...dashboard().cards, frozen_members: 3 } })),
      {
        'GET /v1/freeze-request': () => pageOf([request]),
        'POST /v1/member/5/freeze/9/approve': () => ok({ ...request, status: 'approved' }),
      },
    );
    await screen.findByLabelText('Total Members: 1480');
    expectTexts(screen.getByRole('group', { name: 'Total Members' }), [
      'Active member accounts · 3 frozen today',
    ]);
    const requests = await screen.findByRole('region', { name: 'Freeze requests' });
    expectTexts(requests, [
      'Freeze requests (1)',
      'Chiamaka Okafor',
      '1 Dec 2026 – 10 Dec 2026 (10 days)',
      'Exams',
    ]);
    await user.click(within(requests).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.sent('POST /v1/member/5/freeze/9/approve')).toHaveLength(1));
  });

  it('retention with no subscription ended in 90 days: a dash, and why', async () => {
    open(() => ok(withCards({ retention_rate: null, retention_ended: 0, retention_renewed: 0 })));
    expect(await screen.findByLabelText('Retention Rate: not available')).toHaveTextContent('—');
    expect(screen.getByText('No subscription ended in the last 90 days')).toBeInTheDocument();
  });

  it('gives every chart its figures as a table, months and full naira', async () => {
    open();
    await screen.findByLabelText('Total Members: 1480');
    const revenue = 'Revenue by month, last 12 months';
    expect(within(table(revenue)).getAllByRole('row')).toHaveLength(13);
    expect(rowCells(revenue, 'December 2025')).toEqual(['₦800,000', '30']);
    expect(rowCells(revenue, 'November 2026')).toEqual(['₦1,250,000', '41']);
    expect(rowCells('New members by month, last 12 months', 'March 2026')).toEqual(['4']);
    const lifecycle = 'Subscriptions by month, last 12 months: new, renewed, expired and churned';
    expect(
      within(table(lifecycle))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'New', 'Renewed', 'Expired', 'Churned']);
    expect(rowCells(lifecycle, 'November 2026')).toEqual(['21', '31', '5', '2']);
    expect(rowCells('Revenue by plan, last 12 months', 'Monthly')).toEqual(['₦4,500,000.5', '180']);
    expect(rowCells('Payments by method, last 12 months', 'Transfer')).toEqual([
      '₦7,500,000',
      '170',
      '75%',
    ]);
  });

  it('draws the charts: months on the axis, money in compact naira', async () => {
    open();
    await screen.findByLabelText('Total Members: 1480');
    const chart = (panel: string) => region(panel).querySelector('.recharts-wrapper')!;
    // The charts' code arrives after the figures.
    await waitFor(() => expect(document.querySelectorAll('.recharts-wrapper')).toHaveLength(5), {
      timeout: 10_000,
    });
    const ticks = (panel: string, axis: 'x' | 'y') =>
      Array.from(
        chart(panel).querySelectorAll(`.recharts-${axis}Axis .recharts-cartesian-axis-tick-value`),
        (tick) => tick.textContent,
      );
    expect(chart('Revenue Trend').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(12);
    // Months with their whole year: "Dec 25" read like a date.
    expect(ticks('Revenue Trend', 'x')).toEqual(expect.arrayContaining(['Dec 2025', 'Sep 2026']));
    const [zero, ...money] = ticks('Revenue Trend', 'y');
    expect(zero).toBe('₦0');
    expect(money.length).toBeGreaterThan(1);
    for (const tick of money) expect(tick).toMatch(/^₦[\d.]+[KM]$/);
    expect(ticks('Revenue by Plan', 'x')).toContain('₦3M');
    expect(planTicks()).toEqual([
      { name: 'Quarterly', lines: ['Quarterly'] },
      { name: 'Monthly', lines: ['Monthly'] },
    ]);
    expect(chart('Membership Growth').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(12);
    expect(chart('Subscription Lifecycle').querySelectorAll('.recharts-bar')).toHaveLength(4);
  });

  it('plan names on the axis wrap on two lines, "…" only past them, the full name on hover', async () => {
    const long = 'Family Weekend Off-Peak Premium';
    open(() =>
      ok(
        dashboard({
          revenue_by_plan: [
            { plan_id: 9, name: long, revenue: 900000, payments: 12 },
            { plan_id: 8, name: 'Student Monthly', revenue: 300000, payments: 10 },
          ],
        }),
      ),
    );
    await screen.findByLabelText('Total Members: 1480');
    await chartsDrawn();
    expect(planTicks()).toEqual([
      { name: long, lines: ['Family Weekend', 'Off-Peak Prem…'] },
      { name: 'Student Monthly', lines: ['Student', 'Monthly'] },
    ]);
  });

  it('on a phone the months run down the screen, one row each, tall enough to read', async () => {
    phoneScreen();
    open();
    await screen.findByLabelText('Total Members: 1480');
    await chartsDrawn();
    for (const panel of ['Revenue Trend', 'Membership Growth', 'Subscription Lifecycle']) {
      const chart = region(panel).querySelector('.recharts-wrapper')!;
      const months = Array.from(
        chart.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick-value'),
        (tick) => tick.textContent,
      );
      expect(months).toEqual(expect.arrayContaining(['Dec 2025', 'Sep 2026']));
      // Taller than the 240 px of a wide screen: a row a month.
      const root = chart.closest<HTMLElement>('.mantine-BarChart-root')!;
      const rem = Number(/([\d.]+)rem/.exec(root.style.height)?.[1]);
      expect(rem * 16).toBeGreaterThanOrEqual(12 * 26);
    }
  });

  it('lists the recent activity with links to the member or message, and when', async () => {
    open();
    const items = within(
      await screen.findByRole('region', { name: 'Recent Activity' }),
    ).getAllByRole('listitem');
    const lines: [string, string][] = [
      ['Ada Nwosu paid ₦25,000 · Monthly · Transfer', '5 min ago'],
      ['Ada Nwosu joined', '3 hr ago'],
      ['SMS to All Members · Sent · 120 recipients', 'Yesterday'],
      ['Bola Ade was invited as staff by Tunde', '1 Jun 2026'],
      ['Invitation to Kemi Ojo revoked', '1 Jun 2026'],
    ];
    expect(items).toHaveLength(lines.length);
    lines.forEach(([line, when], i) => {
      expect(items[i]).toHaveTextContent(line);
      expect(within(items[i]!).getByText(when)).toBeInTheDocument();
    });
    expect(within(items[0]!).getByRole('link', { name: 'Ada Nwosu' })).toHaveAttribute(
      'href',
      '/members/12',
    );
    expect(within(items[2]!).getByRole('link', { name: 'SMS to All Members' })).toHaveAttribute(
      'href',
      '/communications/9',
    );
    expect(within(items[3]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the subscriptions ending soon; Renew opens Record Payment for that member', async () => {
    const memberCall = held();
    const { api, user } = open(undefined, {
      'GET /v1/member/12': memberCall.handler,
      'GET /v1/subscription-type': () => ok([plan()]),
    });
    await screen.findByLabelText('Total Members: 1480');
    const panel = region('Expiring in the next 7 days');
    const [ada, musa] = within(panel).getAllByRole('listitem');
    expect(within(ada!).getByRole('link', { name: 'Ada Nwosu' })).toHaveAttribute(
      'href',
      '/members/12',
    );
    expectTexts(ada!, ['IRG-00012 · Monthly', '23 Nov 2026', 'Ends today']);
    expect(within(musa!).getByRole('link', { name: 'Musa Bello' })).toBeInTheDocument();
    expectTexts(musa!, ['IRG-00009 · Quarterly', '26 Nov 2026', 'Ends in 3 days']);
    expect(within(panel).getByText('Showing 2 of 12')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all subscriptions' })).toHaveAttribute(
      'href',
      '/subscriptions',
    );

    await user.click(within(ada!).getByRole('button', { name: 'Renew Ada Nwosu' }));
    // The dialog opens at once and says it is loading until the member has.
    const loading = await screen.findByRole('dialog', { name: 'Record Payment' });
    expect(within(loading).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET /v1/member/12')).toHaveLength(1));
    memberCall.answer(
      ok(member({ id: 12, first_name: 'Ada', last_name: 'Nwosu', member_id: 'IRG-00012' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    const memberField = await within(dialog).findByLabelText(/^Member/, { selector: 'input' });
    expect(memberField).toHaveValue('Ada Nwosu');
    expect(memberField).toHaveAttribute('readonly');
    expect(api.sent('GET /v1/member/12')).toHaveLength(1);
  });

  it('a new business gets its checklist instead of empty charts: 2 of 5 done', async () => {
    open(() => ok(newBusiness()));
    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(within(card).getByText('2 of 5 done')).toBeInTheDocument();
    const steps = within(card).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Create a subscription planDone',
      'Add your first memberDone',
      'Record a payment',
      'Invite a team member',
      'Send a message',
    ]);
    expect(within(steps[0]!).queryByRole('link')).not.toBeInTheDocument();
    const links = within(card)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Record a payment', '/payments?record=1'],
      ['Invite a team member', '/users'],
      ['Send a message', '/communications/create'],
    ]);
    // The figures stay; the charts wait for the first payment.
    expectLabelled(['Total Members: 1', 'Monthly Revenue: ₦0']);
    expect(screen.queryByRole('region', { name: 'Revenue Trend' })).not.toBeInTheDocument();
    expect(region('Recent Activity')).toHaveTextContent('Ada Nwosu joined');
  });

  it('once a payment is recorded the charts show, whatever steps are left', async () => {
    const started = newBusiness();
    open(() =>
      ok({ ...dashboard(), getting_started: { ...started.getting_started, payment: true } }),
    );
    expect(await screen.findByRole('region', { name: 'Revenue Trend' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('without a business: nothing is asked of the server, every step is still to do', async () => {
    signIn({ business_id: null });
    const { api } = open();
    expect(await screen.findByText('0 of 5 done')).toBeInTheDocument();
    expectLabelled(['Total Members: 0', 'Retention Rate: not available']);
    expect(api.sent(CALL)).toHaveLength(0);
  });

  it('shows loading skeletons in the shape of the cards and panels while it loads', async () => {
    const call = held();
    open(call.handler);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByText('Total Members')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Total Members:/)).not.toBeInTheDocument();
    call.answer(ok(dashboard()));
    expect(await screen.findByLabelText('Total Members: 1480')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('a failed load says so and offers Retry', async () => {
    const { user } = open(
      inTurn(
        () => fail(500),
        () => ok(dashboard()),
      ),
    );
    expect(
      await screen.findByText('An error occurred while fetching the dashboard.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Total Members: 1480')).toBeInTheDocument();
  });

  itNamesTheTab(
    'Dashboard · Kora',
    () => open(),
    () => screen.findByLabelText('Total Members: 1480'),
  );
});

/** Iron Gym's Paystack connection, as GET /v1/business/paystack answers it. */
const paystack =
  (overrides: Partial<PaystackConnection> = {}): Handler =>
  () =>
    ok(
      connected({
        events_received: 4,
        last_event_at: '2026-11-22T08:15:00.000Z',
        ...overrides,
      }),
    );

describe('DashboardPage with Paystack', () => {
  it('payments held for review: a task at the top whose Review opens them', async () => {
    const { user } = open(undefined, {
      [CONNECTION]: paystack({ held_payments: 2 }),
      'GET /v1/held-payment': () => ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 } }),
    });
    expect(
      await screen.findByText('2 payments received online need your attention'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(
      await screen.findByRole('dialog', { name: 'Online payments to review' }),
    ).toBeInTheDocument();
    // The review's code loads on demand: allow it time on a busy machine.
    expect(
      await screen.findByText('No payments are waiting for review.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('one held payment is said in the singular', async () => {
    open(undefined, { [CONNECTION]: paystack({ held_payments: 1 }) });
    expect(
      await screen.findByText('1 payment received online needs your attention'),
    ).toBeInTheDocument();
  });

  it('no task when nothing is held', async () => {
    const { api } = open(undefined, { [CONNECTION]: paystack() });
    await screen.findByLabelText('Total Members: 1480');
    await waitFor(() => expect(api.sent(CONNECTION)).toHaveLength(1));
    expect(screen.queryByText(/received online/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('connected: an expiring member can be sent a payment link for their plan', async () => {
    const { api, user } = open(undefined, {
      [CONNECTION]: paystack(),
      'GET /v1/member/12': () =>
        ok(member({ id: 12, first_name: 'Ada', last_name: 'Nwosu', member_id: 'IRG-00012' })),
      'GET /v1/subscription-type': () => ok([plan()]),
    });
    await screen.findByLabelText('Total Members: 1480');
    const panel = region('Expiring in the next 7 days');
    const send = await within(panel).findByRole('button', { name: 'Send link to Ada Nwosu' });
    await user.click(send);
    // The dialog opens at once (loading), then shows the form for Ada on her plan (its code
    // loads on demand: allow it time on a busy machine).
    await waitFor(
      () => {
        const dialog = screen.getByRole('dialog', { name: 'Send payment link' });
        expect(within(dialog).getByText('Ada Nwosu')).toBeInTheDocument();
        expect(within(dialog).getByLabelText(/^Amount/, { selector: 'input' })).toHaveValue(
          '₦25,000',
        );
      },
      { timeout: 10_000 },
    );
    expect(api.sent('GET /v1/member/12')).toHaveLength(1);
  });

  it('not connected: no payment link beside Renew', async () => {
    const { api } = open(undefined, {
      [CONNECTION]: paystack({ connected: false, mode: null, key_last4: null }),
    });
    await screen.findByLabelText('Total Members: 1480');
    await waitFor(() => expect(api.sent(CONNECTION)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Renew Ada Nwosu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send link/ })).not.toBeInTheDocument();
  });
});
