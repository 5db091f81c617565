import { fireEvent, screen, within } from '@testing-library/react';
import { addDays, formatDay, lagosDay } from '@kora/shared';
import { describe, expect, it, vi } from 'vitest';
import { pickable } from '@/test/fixtures';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { expectLabelled, expectShown, expectTexts, findRow, rowOf } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { itShows } from '@/test/page-tests';
import { subscription } from '../test-fixtures';
import { SubscriptionsPage } from './subscriptions-page';

const today = lagosDay();
const rows = [
  subscription({ id: 1, start_date: addDays(today, -10), expiry_date: addDays(today, 20) }),
  subscription({
    id: 2,
    member: {
      id: 9,
      picture_url: null,
      first_name: 'Musa',
      last_name: 'Bello',
      email_address: 'musa@example.com',
    },
    start_date: addDays(today, -27),
    expiry_date: addDays(today, 3),
  }),
  subscription({
    id: 3,
    member: {
      id: 10,
      picture_url: null,
      first_name: 'Zainab',
      last_name: 'Sani',
      email_address: 'z@example.com',
    },
    subscription_type: { id: 8, name: 'Quarterly', is_grouped: 1 },
    subscription_amount: 66666.66,
    plan_duration: 3,
    duration: 2,
    start_date: '2026-01-10',
    expiry_date: addDays(today, -1),
  }),
];
const plans = [
  { id: 7, name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month', is_active: 1 },
  { id: 8, name: 'Quarterly', amount: 33333.33, duration: 3, duration_type: 'month', is_active: 0 },
];
const chiamaka = pickable();
const page = () => ok(rows, { meta: { page: 1, per_page: 20, pages: 3, total: 45 } });
const empty = () => ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 } });

/** The page at `path`, the list answering `list`, the other calls the fixtures. */
const open = (list: () => Response = page, path = '/subscriptions') => {
  const api = mockFetch({
    'GET /v1/subscription': list,
    'GET /v1/subscription/summary': () => ok({ active: 31, expiring: 4, upcoming: 2, expired: 9 }),
    'GET /v1/subscription-type': () => ok(plans),
    'GET /v1/member': () => ok([chiamaka], { meta: { page: 1, per_page: 50, pages: 1, total: 1 } }),
    'GET /v1/member/5': () => ok(chiamaka),
  });
  return { api, ...renderPage(<SubscriptionsPage />, { path, route: '/subscriptions' }) };
};

const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });
const query = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('SubscriptionsPage', () => {
  it('shows the counts, the rows with their display status, and the footer', async () => {
    const { api } = open();
    const first = await findRow('Chiamaka Okafor');
    expectTexts(first, ['Monthly', 'Individual', '₦25,000', '1 month']);
    expect(
      within(first).getByText('Active').closest('.mantine-Badge-root')!.getAttribute('style'),
    ).toContain('green');
    const soon = rowOf('Musa Bello');
    const badge = within(soon).getByText('Expiring Soon').closest('.mantine-Badge-root')!;
    expect(badge.getAttribute('style')).toContain('orange');
    const ended = rowOf('Zainab Sani');
    expectTexts(ended, ['Expired', 'Group Plan', '₦66,666.66', '6 months', '10 Jan 2026']);

    expect(await screen.findByLabelText('Active: 31')).toBeInTheDocument();
    expectLabelled(['Expiring: 4', 'Expired: 9', 'Overdue: 9', 'Upcoming: 2']);
    // Active counts what runs today; renewals paid ahead are counted apart.
    expect(screen.getByText('Running today')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 45 subscriptions')).toBeInTheDocument();
    const sent = api.sent('GET /v1/subscription')[0]!.query;
    expect(sent.get('per_page')).toBe('20');
    expect(sent.get('page')).toBe('1');
  });

  it('a renewal paid in advance shows Upcoming in its own colour; the filter offers Upcoming', async () => {
    const { api, user, router } = open(() =>
      ok(
        [
          subscription({ id: 1, start_date: addDays(today, -10), expiry_date: addDays(today, 2) }),
          subscription({ id: 4, start_date: addDays(today, 3), expiry_date: addDays(today, 32) }),
        ],
        { meta: { page: 1, per_page: 20, pages: 1, total: 2 } },
      ),
    );
    const upcoming = await findRow(formatDay(addDays(today, 3)));
    const badge = within(upcoming).getByText('Upcoming').closest('.mantine-Badge-root')!;
    expect(badge.getAttribute('style')).toContain('blue');
    const running = rowOf(formatDay(addDays(today, -10)));
    expect(within(running).getByText('Expiring Soon')).toBeInTheDocument();

    await user.click(filtersButton());
    await user.click(field('Status'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Active',
      'Upcoming',
      'Expired',
    ]);
    await user.click(screen.getByRole('option', { name: 'Upcoming' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?status=upcoming');
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/subscription').at(-1)!.query.get('status')).toBe('upcoming'),
    );
  });

  it('a subscription imported with its member says Imported instead of an amount', async () => {
    open(() =>
      ok(
        [
          subscription({
            id: 5,
            payment_id: null,
            subscription_amount: 0,
            start_date: addDays(today, -10),
            expiry_date: addDays(today, 20),
          }),
        ],
        { meta: { page: 1, per_page: 20, pages: 1, total: 1 } },
      ),
    );
    const row = await findRow('Chiamaka Okafor');
    expectTexts(row, ['Monthly', 'Imported', 'Active']);
    expect(within(row).queryByText('₦0')).not.toBeInTheDocument();
  });

  it('names the tab Subscriptions; one subscription in all is singular', async () => {
    document.title = 'Kora';
    open(() => ok([rows[0]], { meta: { page: 1, per_page: 20, pages: 1, total: 1 } }));
    await expectShown('Showing 1 to 1 of 1 subscription');
    expect(document.title).toBe('Subscriptions · Kora');
  });

  it('keeps filters and page in the URL, with a count badge; Apply and Clear', async () => {
    const { api, user, router } = open(
      page,
      '/subscriptions?status=active&subscription_type_id=7&page=2',
    );
    await screen.findByText('Chiamaka Okafor');
    expect(within(filtersButton()).getByText('2')).toBeInTheDocument();
    const first = api.sent('GET /v1/subscription')[0]!.query;
    expect(first.get('status')).toBe('active');
    expect(first.get('subscription_type_id')).toBe('7');
    expect(first.get('page')).toBe('2');

    await user.click(filtersButton());
    expect(field('Status')).toHaveValue('Active');
    expect(field('Plan')).toHaveValue('Monthly');
    await user.click(field('Plan'));
    await user.click(await screen.findByRole('option', { name: 'All Plans' }));
    fireEvent.change(field('Start Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(field('End Date'), { target: { value: '2026-10-01' } });
    expect(screen.getByText('End date must be on or after the start date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toBeDisabled();
    fireEvent.change(field('End Date'), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(query(router.state.location.search)).toEqual({
      status: 'active',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(within(filtersButton()).getByText('2')).toBeInTheDocument();
    await vi.waitFor(() => {
      const last = api.sent('GET /v1/subscription').at(-1)!.query;
      expect(last.get('start_date')).toBe('2026-11-01');
      expect(last.get('subscription_type_id')).toBeNull();
      expect(last.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    expect(within(filtersButton()).queryByText(/\d/)).not.toBeInTheDocument();
  });

  it('the search box finds a member and filters the list to them', async () => {
    const { api, user, router } = open();
    await screen.findByText('Musa Bello');
    const search = screen.getByLabelText('Search subscriptions by member');
    await enter(user, search, 'chia');
    await user.click(await screen.findByRole('option', { name: /Chiamaka Okafor/ }));
    expect(router.state.location.search).toBe('?member_id=5');
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/subscription').at(-1)!.query.get('member_id')).toBe('5'),
    );
    expect(search).toHaveValue('Chiamaka Okafor');
    expect(within(filtersButton()).getByText('1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear member' }));
    expect(router.state.location.search).toBe('');
  });

  it('a member filter in the URL shows the member in the search box', async () => {
    open(page, '/subscriptions?member_id=5');
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Search subscriptions by member')).toHaveValue(
        'Chiamaka Okafor',
      ),
    );
  });

  itShows(open, [
    ['empty', 'No subscriptions found', empty],
    [
      'a failed load shows the error',
      'An error occurred while fetching subscriptions.',
      () => fail(500),
    ],
  ]);

  it('empty with a filter: No subscriptions match your filters, with Clear Filters', async () => {
    const { user, router } = open(empty, '/subscriptions?status=expired');
    await expectShown('No subscriptions match your filters');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
  });
});
