import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { phoneScreen } from '@/test/phone-screen';
import { fail, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { expectLabelled, expectShown, expectTexts, findRow, rowOf } from '@/test/expect';
import { advance, enter, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { member } from '../test-fixtures';
import { MembersPage } from './members-page';

const summary = () => ok({ total: 12, active: 10, new_this_month: 3, deactivated: 0, lapsed: 2 });
const musa = member({
  id: 6,
  member_id: '',
  first_name: 'Musa',
  middle_name: null,
  last_name: 'Bello',
  gender: null,
  mobile_number: '+2348120000001',
  email_address: 'musa@example.com',
  city: 'Kano',
  state: 'Kano',
  subscription_type: null,
  subscription_status: 2,
  subscription_status_label: 'Expired',
});
/** Chose Monthly when he joined and has not paid yet. */
const femi = member({
  id: 7,
  first_name: 'Femi',
  middle_name: null,
  last_name: 'Ade',
  subscription_status: 0,
  subscription_status_label: 'No Subscription',
});
const zainab = member({ id: 20, first_name: 'Zainab', last_name: 'Sani', middle_name: null });

/** Page 1 has two rows, page 2 one; the total is 12 (10 a page). */
const list = (req: SentRequest) => {
  const p = Number(req.query.get('page'));
  return ok(p === 1 ? [member(), musa, femi] : [zainab], {
    meta: { page: p, per_page: 10, pages: 2, total: 12 },
  });
};

/**
 * No rows, or Chiamaka and Musa deactivated (his subscription still running: Active), on one
 * page.
 */
const empty = () => ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } });
const deactivatedMusa = {
  ...musa,
  is_active: false,
  subscription_status: 1,
  subscription_status_label: 'Active',
};
const withInactive = () =>
  ok([member(), deactivatedMusa], {
    meta: { page: 1, per_page: 10, pages: 1, total: 2 },
  });

/** The page at `path`, the list answering `answer`, with the summary. */
const open = (answer = list, path = '/members', timers = false) => {
  const api = mockFetch({ 'GET /v1/member': answer, 'GET /v1/member/summary': summary });
  return { api, ...renderPage(<MembersPage />, { path, route: '/members', timers }) };
};

describe('MembersPage', () => {
  it('renders the rows, status colours, summary figures and the footer', async () => {
    const { api } = open();
    const row = await findRow('Chiamaka Ada Okafor');
    expectTexts(row, [
      'IRG-00005',
      'Female',
      '0803 123 4567',
      'chiamaka@example.com',
      'Ikeja, Lagos',
      'Monthly',
      '₦25,000',
    ]);
    const active = within(row).getByText('Active').closest('.mantine-Badge-root')!;
    expect(active.getAttribute('style')).toContain('green');

    const other = rowOf('Musa Bello');
    expectTexts(other, ['No ID', 'Not specified', 'No Subscription', 'N/A']);
    const expired = within(other).getByText('Expired').closest('.mantine-Badge-root')!;
    expect(expired.getAttribute('style')).toContain('red');

    // Chose Monthly on joining, never paid: no price beside No Subscription.
    const joined = rowOf('Femi Ade');
    expectTexts(joined, ['Monthly', 'Not paid yet', 'No Subscription']);
    expect(within(joined).queryByText('₦25,000')).toBeNull();

    expect(screen.getByText('Showing 1 to 10 of 12 members')).toBeInTheDocument();
    expect(await screen.findByLabelText('New: 3')).toBeInTheDocument();
    expectLabelled(['Total: 12', 'Active: 10', 'Deactivated: 0', 'Lapsed: 2']);
    // Each figure says what it counts: nobody deactivated is 0, apart from the lapsed.
    expect(screen.getByText('Accounts deactivated by the gym')).toBeInTheDocument();
    expect(screen.getByText('Cover ended, not renewed')).toBeInTheDocument();
    expect(screen.queryByText('Churned')).not.toBeInTheDocument();
    const first = api.sent('GET /v1/member')[0]!.query;
    expect(first.get('per_page')).toBe('10');
    expect(first.get('page')).toBe('1');
  });

  it('pages through the list via the URL; a row opens the member', async () => {
    const { user, router } = open();
    await screen.findByText('Musa Bello');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectShown('Zainab Sani');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Showing 11 to 12 of 12 members')).toBeInTheDocument();
    await user.click(screen.getByText('Zainab Sani'));
    expect(router.state.location.pathname).toBe('/members/20');
  });

  it('search waits for a pause, goes into the URL and back to page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, router } = open(list, '/members?page=2', true);
    await screen.findByText('Zainab Sani');
    await enter(user, screen.getByRole('searchbox', { name: 'Search members' }), 'chia');
    expect(api.sent('GET /v1/member').some((r) => r.query.get('search'))).toBe(false);
    await advance(350);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?search=chia'));
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/member').filter((r) => r.query.get('search'))).toHaveLength(1),
    );
    const searched = api.sent('GET /v1/member').find((r) => r.query.get('search'))!;
    expect(searched.query.get('search')).toBe('chia');
    expect(searched.query.get('page')).toBe('1');
  });

  it('a search kept in the URL is in the box after a refresh', async () => {
    const { api } = open(list, '/members?search=musa');
    expect(await screen.findByRole('searchbox', { name: 'Search members' })).toHaveValue('musa');
    await screen.findByText('Musa Bello');
    expect(api.sent('GET /v1/member')[0]!.query.get('search')).toBe('musa');
  });

  itNamesTheTab(
    'Members · Kora',
    () => open(),
    () => screen.findByText('Musa Bello'),
  );

  it('a deactivated member shows Deactivated, not his running subscription, on a muted row', async () => {
    open(withInactive);
    const row = await findRow('Musa Bello');
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    expect(within(row).queryByText('Active')).not.toBeInTheDocument();
    expect(row).toHaveAttribute('data-muted', 'true');
    const active = rowOf('Chiamaka Ada Okafor');
    expect(within(active).queryByText('Deactivated')).not.toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(active).not.toHaveAttribute('data-muted');
  });

  it('on a phone a deactivated member card says Deactivated and is muted', async () => {
    phoneScreen();
    open(withInactive);
    const card = await screen.findByRole('button', { name: 'Open Musa Bello (deactivated)' });
    expect(within(card).getByText('Deactivated')).toBeInTheDocument();
    expect(within(card).queryByText('Active')).not.toBeInTheDocument();
    expect(card).toHaveAttribute('data-muted', 'true');
    const active = screen.getByRole('button', { name: 'Open Chiamaka Okafor' });
    expect(active).not.toHaveAttribute('data-muted');
  });

  it('filters by account status: All by default, Active or Inactive, kept in the URL', async () => {
    const { api, user, router } = open(list, '/members?page=2');
    await screen.findByText('Zainab Sani');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.has('account_status')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    expect(router.state.location.search).toBe('?account_status=inactive');
    await vi.waitFor(() => {
      const last = api.sent('GET /v1/member').at(-1)!.query;
      expect(last.get('account_status')).toBe('inactive');
      expect(last.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(router.state.location.search).toBe('');
  });

  it('an account filter in the URL is chosen after a refresh; nobody matching says so', async () => {
    const { api } = open(empty, '/members?account_status=inactive');
    await expectShown('No members found', 'There are no deactivated member accounts.');
    expect(screen.getByRole('radio', { name: 'Inactive' })).toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.get('account_status')).toBe('inactive');
    expect(screen.queryByRole('button', { name: 'Add First Member' })).not.toBeInTheDocument();
  });

  it('filters the walk-ins, kept in the URL; none says where they come from', async () => {
    const { api, user, router } = open(list, '/members?page=2');
    await screen.findByText('Zainab Sani');
    const walkIns = screen.getByRole('checkbox', { name: 'Walk-ins' });
    expect(walkIns).not.toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.has('kind')).toBe(false);

    await user.click(walkIns);
    expect(router.state.location.search).toBe('?kind=walk_in');
    await vi.waitFor(() => {
      const last = api.sent('GET /v1/member').at(-1)!.query;
      expect(last.get('kind')).toBe('walk_in');
      expect(last.get('page')).toBe('1');
    });
    await user.click(screen.getByRole('checkbox', { name: 'Walk-ins' }));
    expect(router.state.location.search).toBe('');
  });

  it('filters the members frozen today, kept in the URL; none says so', async () => {
    const { api, user, router } = open(empty, '/members');
    await screen.findByText('No members yet');
    const frozen = screen.getByRole('checkbox', { name: 'Frozen' });
    expect(frozen).not.toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.has('frozen')).toBe(false);
    await user.click(frozen);
    expect(router.state.location.search).toBe('?frozen=true');
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/member').at(-1)!.query.get('frozen')).toBe('true'),
    );
    await expectShown('No members found', 'No member is frozen today.');
  });

  it('a walk-ins filter in the URL is chosen after a refresh; none says a day pass adds one', async () => {
    const { api } = open(empty, '/members?kind=walk_in');
    await expectShown(
      'No members found',
      'There are no walk-ins. A day pass sold at the desk adds one.',
    );
    expect(screen.getByRole('checkbox', { name: 'Walk-ins' })).toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.get('kind')).toBe('walk_in');
  });

  it('keeps the walk-ins and last-visit filters together in the URL, the request and the no-match text', async () => {
    const { api, user, router } = open(empty, '/members?kind=walk_in&visited=last_7');
    await expectShown('No members found', 'No walk-in matches "Came in the last 7 days".');
    const first = api.sent('GET /v1/member')[0]!.query;
    expect([first.get('kind'), first.get('visited')]).toEqual(['walk_in', 'last_7']);
    await user.click(screen.getByRole('checkbox', { name: 'Walk-ins' }));
    expect(router.state.location.search).toBe('?visited=last_7');
    await vi.waitFor(() => {
      const last = api.sent('GET /v1/member').at(-1)!.query;
      expect(last.has('kind')).toBe(false);
      expect(last.get('visited')).toBe('last_7');
    });
  });

  it('shows when each member last came: Today, 3 days ago, Never (on a phone card too)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
    try {
      const seen = () =>
        ok(
          [
            member({ last_visit_at: '2026-03-17T23:30:00Z' }),
            { ...musa, last_visit_at: '2026-03-15T08:00:00Z' },
            zainab,
          ],
          { meta: { page: 1, per_page: 10, pages: 1, total: 3 } },
        );
      open(seen);
      expect(await screen.findByRole('columnheader', { name: 'Last visit' })).toBeInTheDocument();
      expect(within(await findRow('Chiamaka Ada Okafor')).getByText('Today')).toBeInTheDocument();
      expect(within(rowOf('Musa Bello')).getByText('3 days ago')).toBeInTheDocument();
      expect(within(rowOf('Zainab Sani')).getByText('Never')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by last visit, kept in the URL with the account filter; nobody matching says so', async () => {
    const { api, user, router } = open(empty, '/members?account_status=active');
    await expectShown('No members found');
    expect(api.sent('GET /v1/member')[0]!.query.has('visited')).toBe(false);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Last visit' }),
      'Not seen in 14 days',
    );
    expect(router.state.location.search).toBe('?account_status=active&visited=not_14');
    await vi.waitFor(() => {
      const last = api.sent('GET /v1/member').at(-1)!.query;
      expect(last.get('visited')).toBe('not_14');
      expect(last.get('account_status')).toBe('active');
    });
    await expectShown('No active member matches "Not seen in 14 days".');
  });

  itShows(open, [
    [
      'one member in all, the footer is singular',
      'Showing 1 to 1 of 1 member',
      () => ok([member()], { meta: { page: 1, per_page: 10, pages: 1, total: 1 } }),
    ],
    [
      'a load failure shows the catalogue message',
      'An error occurred while fetching members.',
      () => fail(500),
    ],
  ]);

  it('empty: no members yet, with Add First Member', async () => {
    const { user, router } = open(empty);
    await expectShown('No members yet');
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Member' }));
    expect(router.state.location.pathname).toBe('/members/add');
  });

  it('empty search: No members found', async () => {
    open(empty, '/members?search=zzz');
    await expectShown('No members found');
    expect(screen.queryByRole('button', { name: 'Add First Member' })).not.toBeInTheDocument();
  });
});
