import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickable } from '@/test/fixtures';
import { exportFile, savedExportFiles } from '@/test/export-tests';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { team } from '@/test/fixtures';
import { entry } from '../test-fixtures';
import { ActivityPage } from './activity-page';

const AUDIT = 'GET /v1/audit';

const entries = [
  entry(),
  entry({
    id: 900,
    at: '2026-11-27T08:00:00.000Z',
    actor: { kind: 'paystack', user_id: null, name: 'Paystack', role: null },
    action: 'payment.record',
    text: 'Paystack recorded payment IRON-000122 of ₦30,000 for Musa Bello',
  }),
];
const page = () => ok(entries, { meta: { page: 1, per_page: 20, pages: 3, total: 45 } });
const empty = () => ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 } });

const open = (list: () => Response = page, path = '/activity') => {
  const api = mockFetch({
    [AUDIT]: list,
    'GET /v1/user': () => ok(team),
    'GET /v1/member/5': () => ok(pickable()),
    'GET /v1/member': () =>
      ok([pickable()], { meta: { page: 1, per_page: 50, pages: 1, total: 1 } }),
    'GET /v1/audit/export': () => exportFile('when,who,what\n', 'activity-2026-11-27.csv'),
  });
  return { api, ...renderPage(<ActivityPage />, { path, route: '/activity' }) };
};

afterEach(() => vi.unstubAllGlobals());

describe('ActivityPage (owner)', () => {
  const saved = savedExportFiles();
  beforeEach(() => signIn());

  it('lists each entry in plain words with its time and who did it, 20 a page', async () => {
    const { api } = open();
    const list = await screen.findByRole('list', { name: 'Entries' });
    const [voided, paid] = within(list).getAllByRole('listitem');
    expect(voided).toHaveTextContent(
      'Chidi Okeke (staff) voided payment IRON-000123 of ₦25,000 for Ada Obi: wrong member',
    );
    expect(voided).toHaveTextContent(/27 Nov 2026, \d\d:15 · Chidi Okeke \(staff\)/);
    expect(paid).toHaveTextContent('Paystack recorded payment IRON-000122');
    expect(paid).toHaveTextContent(/ · Paystack$/);
    expect(screen.getByText('Showing 1 to 20 of 45 actions')).toBeInTheDocument();
    const sent = api.sent(AUDIT)[0]!.query;
    expect(sent.get('page')).toBe('1');
    expect(sent.get('per_page')).toBe('20');
    expect(document.title).toBe('Activity · Kora');
  });

  it('Next asks for page 2, kept in the URL', async () => {
    const { api, user, router } = open();
    await screen.findByRole('list', { name: 'Entries' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    await vi.waitFor(() => expect(api.sent(AUDIT).at(-1)!.query.get('page')).toBe('2'));
  });

  it('filters by person (people who joined the team) and kind of record, in the URL', async () => {
    const { api, user, router } = open();
    await screen.findByRole('list', { name: 'Entries' });
    await user.click(field('Person'));
    expect(screen.getByRole('option', { name: 'Ada Obi (owner)' })).toBeInTheDocument();
    // A pending invitation has done nothing yet.
    expect(screen.queryByRole('option', { name: /new@irongym.ng/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Chidi Okeke (staff)' }));
    expect(router.state.location.search).toBe('?user_id=12');
    await vi.waitFor(() => expect(api.sent(AUDIT).at(-1)!.query.get('user_id')).toBe('12'));

    await user.click(field('Kind of record'));
    await user.click(screen.getByRole('option', { name: 'Cash-ups' }));
    expect(router.state.location.search).toBe('?user_id=12&record_kind=cash_up');
    await vi.waitFor(() => {
      const q = api.sent(AUDIT).at(-1)!.query;
      expect([q.get('user_id'), q.get('record_kind')]).toEqual(['12', 'cash_up']);
    });
  });

  it('filters by member found by name, and by dates; a crossed range is not applied', async () => {
    const { api, user, router } = open();
    await screen.findByRole('list', { name: 'Entries' });
    await enter(user, field('Member'), 'Chia');
    await user.click(await screen.findByRole('option', { name: /Chiamaka Okafor/ }));
    expect(router.state.location.search).toBe('?member_id=5');
    await vi.waitFor(() => expect(api.sent(AUDIT).at(-1)!.query.get('member_id')).toBe('5'));

    fireEvent.change(field('Start Date'), { target: { value: '2026-11-20' } });
    fireEvent.change(field('End Date'), { target: { value: '2026-11-27' } });
    expect(router.state.location.search).toBe(
      '?member_id=5&start_date=2026-11-20&end_date=2026-11-27',
    );
    await vi.waitFor(() => {
      const q = api.sent(AUDIT).at(-1)!.query;
      expect([q.get('start_date'), q.get('end_date')]).toEqual(['2026-11-20', '2026-11-27']);
    });
    fireEvent.change(field('End Date'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('End date must be on or after the start date')).toBeInTheDocument();
    expect(router.state.location.search).toContain('end_date=2026-11-27');
  });

  it('a member in the URL shows chosen; Clear removes every filter', async () => {
    const { user, router } = open(page, '/activity?member_id=5&record_kind=payment');
    await vi.waitFor(() => expect(field('Member')).toHaveValue('Chiamaka Okafor'));
    expect(field('Kind of record')).toHaveValue('Payments');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
  });

  it('Export CSV downloads what the filters keep', async () => {
    const { api, user } = open(page, '/activity?user_id=12');
    await screen.findByRole('list', { name: 'Entries' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('activity-2026-11-27.csv');
    expect(api.sent('GET /v1/audit/export')[0]!.query.get('user_id')).toBe('12');
  });

  it('nothing yet: says so; nothing matches: Clear Filters', async () => {
    open(empty);
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });

  it('nothing matches the filters: Clear Filters empties the URL', async () => {
    const { user, router } = open(empty, '/activity?record_kind=kiosk');
    expect(await screen.findByText('Nothing matches your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('a failed load says so with Retry', async () => {
    open(() => fail(500));
    expect(
      await screen.findByText('An error occurred while fetching the activity.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('ActivityPage (staff)', () => {
  it('is not for staff: says who may see it and asks the server nothing', async () => {
    signIn({ role: 'staff' });
    const { api } = open();
    expect(
      await screen.findByText('Only the business owner or an admin can see the activity.'),
    ).toBeInTheDocument();
    expect(api.sent(AUDIT)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
