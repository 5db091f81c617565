import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneScreen } from '@/test/phone-screen';
import { fail, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { member } from '../test-fixtures';
import { MembersPage } from './members-page';

const summary = () => ok({ total: 12, active: 10, new_this_month: 3, churned: 2 });
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
const zainab = member({ id: 20, first_name: 'Zainab', last_name: 'Sani', middle_name: null });

/** Page 1 has two rows, page 2 one; the total is 12 (10 a page). */
const list = (req: SentRequest) => {
  const p = Number(req.query.get('page'));
  return ok(p === 1 ? [member(), musa] : [zainab], {
    meta: { page: p, per_page: 10, pages: 2, total: 12 },
  });
};

const open = (path = '/members') => renderPage(<MembersPage />, { path, route: '/members' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MembersPage', () => {
  it('renders the rows, status colours, summary figures and the footer', async () => {
    const api = mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    open();
    const row = (await screen.findByText('Chiamaka Ada Okafor')).closest('tr')!;
    expect(within(row).getByText('IRG-00005')).toBeInTheDocument();
    expect(within(row).getByText('Female')).toBeInTheDocument();
    expect(within(row).getByText('0803 123 4567')).toBeInTheDocument();
    expect(within(row).getByText('chiamaka@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Ikeja, Lagos')).toBeInTheDocument();
    expect(within(row).getByText('Monthly')).toBeInTheDocument();
    expect(within(row).getByText('₦25,000')).toBeInTheDocument();
    const active = within(row).getByText('Active').closest('.mantine-Badge-root')!;
    expect(active.getAttribute('style')).toContain('green');

    const other = screen.getByText('Musa Bello').closest('tr')!;
    expect(within(other).getByText('No ID')).toBeInTheDocument();
    expect(within(other).getByText('Not specified')).toBeInTheDocument();
    expect(within(other).getByText('No Subscription')).toBeInTheDocument();
    expect(within(other).getByText('N/A')).toBeInTheDocument();
    const expired = within(other).getByText('Expired').closest('.mantine-Badge-root')!;
    expect(expired.getAttribute('style')).toContain('red');

    expect(screen.getByText('Showing 1 to 10 of 12 members')).toBeInTheDocument();
    expect(await screen.findByLabelText('New: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Active: 10')).toBeInTheDocument();
    expect(screen.getByLabelText('Churned: 2')).toBeInTheDocument();
    const first = api.sent('GET /v1/member')[0]!.query;
    expect(first.get('per_page')).toBe('10');
    expect(first.get('page')).toBe('1');
  });

  it('pages through the list via the URL; a row opens the member', async () => {
    mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    const { user, router } = open();
    await screen.findByText('Musa Bello');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Zainab Sani')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Showing 11 to 12 of 12 members')).toBeInTheDocument();
    await user.click(screen.getByText('Zainab Sani'));
    expect(router.state.location.pathname).toBe('/members/20');
  });

  it('search waits for a pause, goes into the URL and back to page 1', async () => {
    const api = mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderPage(<MembersPage />, {
      path: '/members?page=2',
      route: '/members',
      timers: true,
    });
    await screen.findByText('Zainab Sani');
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'chia');
    expect(api.sent('GET /v1/member').some((r) => r.query.get('search'))).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(350);
    });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?search=chia'));
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/member').filter((r) => r.query.get('search'))).toHaveLength(1),
    );
    const searched = api.sent('GET /v1/member').find((r) => r.query.get('search'))!;
    expect(searched.query.get('search')).toBe('chia');
    expect(searched.query.get('page')).toBe('1');
  });

  it('a search kept in the URL is in the box after a refresh', async () => {
    const api = mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    open('/members?search=musa');
    expect(await screen.findByRole('searchbox', { name: 'Search members' })).toHaveValue('musa');
    await screen.findByText('Musa Bello');
    expect(api.sent('GET /v1/member')[0]!.query.get('search')).toBe('musa');
  });

  it('names the tab Members', async () => {
    document.title = 'Kora';
    mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    open();
    await screen.findByText('Musa Bello');
    expect(document.title).toBe('Members · Kora');
  });

  it('a deactivated member is marked Inactive on a muted row', async () => {
    mockFetch({
      'GET /v1/member': () =>
        ok([member(), { ...musa, is_active: false }], {
          meta: { page: 1, per_page: 10, pages: 1, total: 2 },
        }),
      'GET /v1/member/summary': summary,
    });
    open();
    const row = (await screen.findByText('Musa Bello')).closest('tr')!;
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-muted', 'true');
    const active = screen.getByText('Chiamaka Ada Okafor').closest('tr')!;
    expect(within(active).queryByText('Inactive')).not.toBeInTheDocument();
    expect(active).not.toHaveAttribute('data-muted');
  });

  it('on a phone a deactivated member card says Inactive and is muted', async () => {
    phoneScreen();
    mockFetch({
      'GET /v1/member': () =>
        ok([member(), { ...musa, is_active: false }], {
          meta: { page: 1, per_page: 10, pages: 1, total: 2 },
        }),
      'GET /v1/member/summary': summary,
    });
    open();
    const card = await screen.findByRole('button', { name: 'Open Musa Bello (inactive)' });
    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-muted', 'true');
    const active = screen.getByRole('button', { name: 'Open Chiamaka Okafor' });
    expect(active).not.toHaveAttribute('data-muted');
  });

  it('filters by account status: All by default, Active or Inactive, kept in the URL', async () => {
    const api = mockFetch({ 'GET /v1/member': list, 'GET /v1/member/summary': summary });
    const { user, router } = open('/members?page=2');
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
    const api = mockFetch({
      'GET /v1/member': () => ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
      'GET /v1/member/summary': summary,
    });
    open('/members?account_status=inactive');
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    expect(screen.getByText('There are no deactivated member accounts.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Inactive' })).toBeChecked();
    expect(api.sent('GET /v1/member')[0]!.query.get('account_status')).toBe('inactive');
    expect(screen.queryByRole('button', { name: 'Add First Member' })).not.toBeInTheDocument();
  });

  it('one member in all: the footer is singular', async () => {
    mockFetch({
      'GET /v1/member': () =>
        ok([member()], { meta: { page: 1, per_page: 10, pages: 1, total: 1 } }),
      'GET /v1/member/summary': summary,
    });
    open();
    expect(await screen.findByText('Showing 1 to 1 of 1 member')).toBeInTheDocument();
  });

  it('empty: no members yet, with Add First Member', async () => {
    mockFetch({
      'GET /v1/member': () => ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
      'GET /v1/member/summary': summary,
    });
    const { user, router } = open();
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Member' }));
    expect(router.state.location.pathname).toBe('/members/add');
  });

  it('empty search: No members found', async () => {
    mockFetch({
      'GET /v1/member': () => ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
      'GET /v1/member/summary': summary,
    });
    open('/members?search=zzz');
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add First Member' })).not.toBeInTheDocument();
  });

  it('a load failure shows the catalogue message', async () => {
    mockFetch({ 'GET /v1/member': () => fail(500), 'GET /v1/member/summary': summary });
    open();
    expect(
      await screen.findByText('An error occurred while fetching members.'),
    ).toBeInTheDocument();
  });
});
