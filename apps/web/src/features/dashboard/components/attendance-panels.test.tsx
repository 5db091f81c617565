import { Grid } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attendance, AtRiskMember } from '@kora/shared';
import { fail, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { phoneScreen } from '@/test/phone-screen';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { AttendancePanels } from './attendance-panels';

/** 30 days to Wednesday 18 March 2026: 12 visits today, none on 1 March. */
const attendance = (overrides: Partial<Attendance> = {}): Attendance => ({
  visits_today: 12,
  per_day: Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 1, 17 + i)).toISOString().slice(0, 10);
    return { day, visits: day === '2026-03-18' ? 12 : day === '2026-03-01' ? 0 : 5 };
  }),
  busiest_hours: Array.from({ length: 168 }, (_, i) => {
    const weekday = Math.floor(i / 24) + 1;
    const hour = i % 24;
    return { weekday, hour, visits: weekday === 1 && hour === 7 ? 9 : hour === 18 ? 2 : 0 };
  }),
  at_risk_count: 23,
  ...overrides,
});

const atRisk = (overrides: Partial<AtRiskMember> = {}): AtRiskMember => ({
  member: {
    id: 12,
    member_id: 'IRG-00012',
    first_name: 'Bola',
    last_name: 'Ade',
    mobile_number: '+2348031234567',
    picture_url: null,
  },
  last_visit_at: '2026-02-27T06:30:00.000Z',
  visits_last_4_weeks: 3,
  visits_previous_4_weeks: 12,
  reason: 'no_visit',
  why: 'No visit in 19 days',
  ...overrides,
});

const ife = atRisk({
  member: { ...atRisk().member, id: 14, first_name: 'Ife', last_name: 'Obi' },
  last_visit_at: '2026-03-12T06:30:00.000Z',
  reason: 'visits_fell',
  why: 'Visits fell from 8 to 4',
});

const page = (rows: AtRiskMember[], p = 1, total = rows.length) =>
  ok(rows, { meta: { page: p, per_page: 10, pages: Math.max(1, Math.ceil(total / 10)), total } });

const open = (answers: { attendance?: Handler; atRisk?: Handler } = {}, onlyWhenUsed = false) => {
  const api = mockFetch({
    'GET /v1/dashboard/attendance': answers.attendance ?? (() => ok(attendance())),
    'GET /v1/dashboard/at-risk': answers.atRisk ?? (() => page([atRisk(), ife], 1, 23)),
  });
  return {
    api,
    ...renderPage(
      <Grid>
        <AttendancePanels onlyWhenUsed={onlyWhenUsed} />
      </Grid>,
      { path: '/dashboard' },
    ),
  };
};

beforeEach(() => {
  signIn();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
});
afterEach(() => vi.useRealTimers());

describe('AttendancePanels', () => {
  it("beside a new gym's first steps, shows up only once there are visits or members at risk", async () => {
    const quiet = attendance({
      visits_today: 0,
      per_day: attendance().per_day.map((d) => ({ ...d, visits: 0 })),
      at_risk_count: 0,
    });
    const empty = open({ attendance: () => ok(quiet) }, true);
    await waitFor(() => expect(empty.api.sent('GET /v1/dashboard/attendance')).toHaveLength(1));
    // The answer is read (no skeleton, no panels): nothing to show yet.
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Visits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'At risk' })).not.toBeInTheDocument();
    empty.unmount();

    open({ attendance: () => ok({ ...quiet, at_risk_count: 2 }) }, true);
    expect(await screen.findByRole('region', { name: 'At risk' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Visits' })).toHaveTextContent('Today: 0 visits');
  });

  it("shows today's visits and each of the last 30 days", async () => {
    open();
    const visits = await screen.findByRole('region', { name: 'Visits' });
    expect(within(visits).getByText('Today: 12 visits')).toBeInTheDocument();
    const table = within(visits).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);
    expect(
      within(table).getByRole('rowheader', { name: '1 Mar', hidden: true }).closest('tr'),
    ).toHaveTextContent('1 Mar0');
    expect(
      within(table).getByRole('rowheader', { name: '18 Mar', hidden: true }).closest('tr'),
    ).toHaveTextContent('18 Mar12');
  });

  it('draws the busiest hours as a weekday × hour grid, from the first to the last busy hour', async () => {
    open();
    const grid = await screen.findByRole('grid', { name: 'Visits by weekday and hour' });
    expect(
      within(grid).getByRole('gridcell', { name: 'Monday 7:00: 9 visits' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: 'Sunday 18:00: 2 visits' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: 'Tuesday 7:00: 0 visits' }),
    ).toBeInTheDocument();
    // Hours 7 to 18: nobody came before 7 or after 18.
    expect(within(grid).queryByRole('gridcell', { name: /Monday 6:00/ })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('gridcell', { name: /Monday 19:00/ })).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(7 * 12);
  });

  it('lists the members at risk with why, their last visit and Send message', async () => {
    open();
    const panel = await screen.findByRole('region', { name: 'At risk' });
    expect(within(panel).getByText('23')).toBeInTheDocument();
    const list = await within(panel).findByRole('list', { name: 'Members at risk' });
    const [bola, second] = within(list).getAllByRole('listitem');
    expect(bola).toHaveTextContent('Bola Ade');
    expect(bola).toHaveTextContent('No visit in 19 days');
    expect(bola).toHaveTextContent('Last visit: 19 days ago');
    expect(second).toHaveTextContent('Visits fell from 8 to 4');
    expect(second).toHaveTextContent('Last visit: 6 days ago');
    const send = within(bola!).getByRole('link', { name: 'Send message to Bola Ade' });
    expect(send.getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/2348031234567\?text=Hello%20Bola/,
    );
    expect(within(bola!).getByRole('link', { name: 'Bola Ade' })).toHaveAttribute(
      'href',
      '/members/12',
    );
  });

  it('pages through the members at risk', async () => {
    const { api, user } = open({
      atRisk: (req) =>
        Number(req.query.get('page')) === 3 ? page([ife], 3, 23) : page([atRisk()], 1, 23),
    });
    await user.click(await screen.findByRole('button', { name: 'At risk page 3' }));
    await waitFor(() => expect(screen.getByText('Showing 21 to 23 of 23')).toBeInTheDocument());
    expect(api.sent('GET /v1/dashboard/at-risk').at(-1)!.query.get('page')).toBe('3');
    expect(screen.getByText('Ife Obi')).toBeInTheDocument();
  });

  it('says so when nobody is at risk', async () => {
    open({ attendance: () => ok(attendance({ at_risk_count: 0 })), atRisk: () => page([]) });
    expect(
      await screen.findByText(
        'Nobody is drifting away: every active member came in the last 14 days.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Retry when attendance fails to load', async () => {
    open({ attendance: () => fail(500) });
    expect(
      await screen.findByText('An error occurred while fetching attendance.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('fits a 375 px phone: the grid scrolls inside its panel', async () => {
    phoneScreen();
    open();
    const grid = await screen.findByRole('grid', { name: 'Visits by weekday and hour' });
    expect(grid.parentElement).toHaveStyle({ overflowX: 'auto' });
    expect(await screen.findByRole('link', { name: 'Send message to Bola Ade' })).toBeVisible();
  });
});
