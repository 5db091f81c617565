import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { expectLabelled, expectShown, expectTexts, findRow, rowOf } from '@/test/expect';
import { field, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { payment } from '@/test/fixtures';
import { member, plans } from '../test-fixtures';
import { PaymentsPage } from './payments-page';

const rows = [
  payment(),
  payment({
    id: 32,
    amount: 66666.66,
    duration: 2,
    method: 'Transfer',
    purpose: 'Renewal for the new year',
    member: {
      id: 9,
      picture_url: '/uploads/musa.webp',
      first_name: 'Musa',
      last_name: 'Bello',
      email_address: 'musa@example.com',
    },
    subscription_type_id: 8,
    subscription_type: { id: 8, name: 'Quarterly', is_grouped: 1, duration_type: 'month' },
  }),
];
const summary = {
  count: 45,
  this_month: 250000,
  today: 25000,
  year_to_date: 1234567.5,
  average: 27435,
};
const page = () =>
  ok(rows, { meta: { page: 1, per_page: 20, pages: 3, total: 45 }, total: 45, pages: 3 });
const empty = () =>
  ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 }, total: 0, pages: 1 });

/** The page at `path`, the list answering `list`, the other calls the fixtures. */
const open = (list: () => Response = page, path = '/payments') => {
  const api = mockFetch({
    'GET /v1/payment': list,
    'GET /v1/payment/summary': () => ok(summary),
    'GET /v1/subscription-type': () => ok(plans),
    'GET /v1/member/5': () => ok(member()),
  });
  return { api, ...renderPage(<PaymentsPage />, { path, route: '/payments' }) };
};

const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

describe('PaymentsPage', () => {
  it('shows the summary figures the server computed', async () => {
    open();
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Total: 45')).toBeInTheDocument();
    expectLabelled([
      'Month: ₦250,000',
      'Today: ₦25,000',
      'YTD Revenue: ₦1,234,567.5',
      'Average: ₦27,435',
    ]);
  });

  itNamesTheTab(
    'Payments · Kora',
    () => open(),
    () => screen.findByText('Chiamaka Okafor'),
  );

  itShows(open, [
    [
      'one payment in all, the footer is singular',
      'Showing 1 to 1 of 1 payment',
      () =>
        ok([payment()], {
          meta: { page: 1, per_page: 20, pages: 1, total: 1 },
          total: 1,
          pages: 1,
        }),
    ],
    [
      'a failed load shows the error text',
      'An error occurred while fetching payments.',
      () => fail(500),
    ],
  ]);

  it('a date range starting after its end is marked on both dates and not applied', async () => {
    const { api, user, router } = open();
    await screen.findByText('Chiamaka Okafor');
    await user.click(filtersButton());
    const apply = await screen.findByRole('button', { name: 'Apply Filters' });
    fireEvent.change(field('End Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(field('Start Date'), { target: { value: '2026-11-20' } });
    expect(screen.getByText('Start date must be on or before the end date')).toBeInTheDocument();
    expect(field('Start Date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(apply).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(router.state.location.search).toBe('');
    expect(api.sent('GET /v1/payment')).toHaveLength(1);

    fireEvent.change(field('End Date'), { target: { value: '2026-11-10' } });
    expect(screen.getByText('End date must be on or after the start date')).toBeInTheDocument();
    fireEvent.change(field('End Date'), { target: { value: '2026-11-30' } });
    expect(screen.queryByText(/must be on or/)).not.toBeInTheDocument();
    expect(field('Start Date')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(apply);
    expect(router.state.location.search).toBe('?start_date=2026-11-20&end_date=2026-11-30');
  });

  it('lists the payments with the footer, 20 a page', async () => {
    const { api } = open();
    const first = await findRow('Chiamaka Okafor');
    expectTexts(first, [
      'chiamaka@example.com',
      'CO',
      'Individual',
      '₦25,000',
      '1 month',
      'Cash',
      'Subscription payment',
    ]);
    const second = rowOf('Musa Bello');
    expect(within(second).getByRole('img', { name: 'Musa Bello' })).toBeInTheDocument();
    expectTexts(second, ['Group Plan', '₦66,666.66', '6 months', 'Transfer']);
    expect(screen.getByText('Showing 1 to 20 of 45 payments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    const sent = api.sent('GET /v1/payment')[0]!.query;
    expect(sent.get('per_page')).toBe('20');
  });

  it('says "Freeze fee" for the payment of a freeze fee, not a period', async () => {
    const fee = payment({
      id: 40,
      amount: 2500,
      duration: 0,
      kind: 'freeze_fee',
      purpose: 'Freeze fee (3 Dec 2026 to 16 Dec 2026)',
    });
    open(() => ok([fee], { meta: { page: 1, per_page: 20, pages: 1, total: 1 } }));
    const row = await findRow('Chiamaka Okafor');
    expectTexts(row, ['₦2,500', 'Freeze fee', 'Freeze fee (3 Dec 2026 to 16 Dec 2026)']);
    expect(within(row).queryByText('0 months')).not.toBeInTheDocument();
  });

  it('filters by method from the panel, kept in the URL', async () => {
    const { api, user, router } = open();
    await screen.findByText('Musa Bello');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(field('Subscription Plan')).toHaveValue('All Plans');
    await user.click(field('Payment Method'));
    expect(screen.getByRole('option', { name: 'All Methods' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?method=Transfer');
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/payment').at(-1)!.query.get('method')).toBe('Transfer'),
    );
    expect(within(screen.getByRole('button', { name: /^Filters/ })).getByText('1')).toBeVisible();
  });

  it('no payments yet: No payments found with Record First Payment', async () => {
    const { user } = open(empty);
    await expectShown('No payments found');
    await user.click(screen.getByRole('button', { name: 'Record First Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();
  });

  it('nothing matches: No payments match your filters with Clear Filters', async () => {
    const { user, router } = open(empty, '/payments?method=Card&start_date=2026-11-01');
    await expectShown('No payments match your filters');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('?record=1&member_id= opens Record Payment for that member; closing keeps the filter', async () => {
    const { api, user, router } = open(page, '/payments?record=1&member_id=5');
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    const memberField = () => within(dialog).getByLabelText(/^Member/, { selector: 'input' });
    await vi.waitFor(() => expect(memberField()).toHaveValue('Chiamaka Okafor'));
    expect(memberField()).toHaveAttribute('readonly');
    expect(api.sent('GET /v1/payment')[0]!.query.get('member_id')).toBe('5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?member_id=5');
  });

  it('Back closes Record Payment and stays on the payments; a second Back leaves', async () => {
    const { user, router } = open();
    await act(() => router.navigate('/payments?method=Cash'));
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/payments?method=Cash',
    );
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
  });

  it("opened by ?record=1&member_id=, Back closes it and shows the member's payments", async () => {
    const { router } = open(page, '/payments?record=1&member_id=5');
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?member_id=5');
  });

  it('Record Payment opens the modal with the member picker free', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    const memberField = within(dialog).getByLabelText(/^Member/, { selector: 'input' });
    expect(memberField).toHaveValue('');
    expect(memberField).not.toHaveAttribute('readonly');
    expect(memberField).toHaveFocus();
  });
});
