import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visit } from '@kora/shared';
import { visit as deskVisit } from '@/test/check-in-fixtures';
import { fail, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { member } from '../test-fixtures';
import { MemberVisitsCard } from './member-visits-card';

/** Chiamaka's visit at 23:30 UTC on 17 March, checked in by Kemi Ade. */
const visit = (overrides: Partial<Visit> = {}): Visit =>
  deskVisit({
    id: 90,
    visited_at: '2026-03-17T23:30:00.000Z',
    recorded_by: { id: 2, name: 'Kemi Ade' },
    ...overrides,
  });

const page = (rows: Visit[], p = 1, total = rows.length) =>
  ok(rows, {
    meta: {
      page: p,
      per_page: 10,
      pages: Math.max(1, Math.ceil(total / 10)),
      total,
      summary: { last_visit_at: '2026-03-17T23:30:00.000Z', this_month: 9, last_month: 14 },
    },
  });

const open = (answer: Handler) => {
  const api = mockFetch({ 'GET /v1/member/5/visits': answer });
  return { api, ...renderPage(<MemberVisitsCard member={member()} />, { path: '/members/5' }) };
};

beforeEach(() =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') }),
);
afterEach(() => vi.useRealTimers());

describe('MemberVisitsCard', () => {
  it('shows the last visit, this and last month, and the visits newest first', async () => {
    open(() =>
      page([
        visit(),
        visit({
          id: 80,
          visited_at: '2026-03-10T17:05:00.000Z',
          recorded_by: null,
          kiosk_name: 'Front door',
          found_by: 'kiosk',
        }),
        visit({
          id: 70,
          visited_at: '2026-03-02T06:00:00.000Z',
          found_by: 'name',
          overridden: true,
          override_reason: 'Paying on Friday',
        }),
      ]),
    );
    expect(await screen.findByLabelText('Last visit: Today')).toBeInTheDocument();
    expect(screen.getByLabelText('This month: 9')).toBeInTheDocument();
    expect(screen.getByLabelText('Last month: 14')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Phone');
    expect(rows[0]).toHaveTextContent('Kemi Ade');
    expect(rows[1]).toHaveTextContent('Kiosk');
    expect(rows[1]).toHaveTextContent('Front door');
    expect(within(rows[2]!).getByText('Override')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Paying on Friday')).toBeInTheDocument();
  });

  it('pages the visits', async () => {
    const { api, user } = open((req) =>
      Number(req.query.get('page')) === 2
        ? page([visit({ id: 3, found_by: 'card' })], 2, 11)
        : page([visit()], 1, 11),
    );
    await user.click(await screen.findByRole('button', { name: /2/ }));
    expect(await screen.findByText('Card')).toBeInTheDocument();
    expect(api.sent('GET /v1/member/5/visits').at(-1)!.query.get('page')).toBe('2');
  });

  it('says so when the member never came', async () => {
    open(() => page([]));
    expect(
      await screen.findByText('No visits yet. Check-ins at the desk or the kiosk show here.'),
    ).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    open(() => fail(500));
    expect(await screen.findByText('An error occurred while fetching visits.')).toBeInTheDocument();
  });
});
