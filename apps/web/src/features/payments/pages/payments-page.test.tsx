import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { member, payment, plans } from '../test-fixtures';
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
  average: 27434.83,
};
const page = () =>
  ok(rows, { meta: { page: 1, per_page: 20, pages: 3, total: 45 }, total: 45, pages: 3 });
const empty = () =>
  ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 }, total: 0, pages: 1 });

const routes = (list: () => Response = page) =>
  mockFetch({
    'GET /v1/payment': list,
    'GET /v1/payment/summary': () => ok(summary),
    'GET /v1/subscription-type': () => ok(plans),
    'GET /v1/member/5': () => ok(member()),
  });

const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

const open = (path = '/payments') => renderPage(<PaymentsPage />, { path, route: '/payments' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PaymentsPage', () => {
  it('shows the summary figures the server computed', async () => {
    routes();
    open();
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Total: 45')).toBeInTheDocument();
    expect(screen.getByLabelText('Month: ₦250,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Today: ₦25,000')).toBeInTheDocument();
    expect(screen.getByLabelText('YTD Revenue: ₦1,234,567.5')).toBeInTheDocument();
    expect(screen.getByLabelText('Average: ₦27,434.83')).toBeInTheDocument();
  });

  it('names the tab Payments', async () => {
    document.title = 'Kora';
    routes();
    open();
    await screen.findByText('Chiamaka Okafor');
    expect(document.title).toBe('Payments · Kora');
  });

  it('one payment in all: the footer is singular', async () => {
    routes(() =>
      ok([payment()], { meta: { page: 1, per_page: 20, pages: 1, total: 1 }, total: 1, pages: 1 }),
    );
    open();
    expect(await screen.findByText('Showing 1 to 1 of 1 payment')).toBeInTheDocument();
  });

  it('a date range starting after its end is marked on both dates and not applied', async () => {
    const api = routes();
    const { user, router } = open();
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
    const api = routes();
    open();
    const first = (await screen.findByText('Chiamaka Okafor')).closest('tr')!;
    expect(within(first).getByText('chiamaka@example.com')).toBeInTheDocument();
    expect(within(first).getByText('CO')).toBeInTheDocument();
    expect(within(first).getByText('Individual')).toBeInTheDocument();
    expect(within(first).getByText('₦25,000')).toBeInTheDocument();
    expect(within(first).getByText('1 month')).toBeInTheDocument();
    expect(within(first).getByText('Cash')).toBeInTheDocument();
    expect(within(first).getByText('Subscription payment')).toBeInTheDocument();
    const second = screen.getByText('Musa Bello').closest('tr')!;
    expect(within(second).getByRole('img', { name: 'Musa Bello' })).toBeInTheDocument();
    expect(within(second).getByText('Group Plan')).toBeInTheDocument();
    expect(within(second).getByText('₦66,666.66')).toBeInTheDocument();
    expect(within(second).getByText('6 months')).toBeInTheDocument();
    expect(within(second).getByText('Transfer')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 45 payments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    const sent = api.sent('GET /v1/payment')[0]!.query;
    expect(sent.get('per_page')).toBe('20');
  });

  it('filters by method from the panel, kept in the URL', async () => {
    const api = routes();
    const { user, router } = open();
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
    routes(empty);
    const { user } = open();
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record First Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Record Payment' })).toBeInTheDocument();
  });

  it('nothing matches: No payments match your filters with Clear Filters', async () => {
    routes(empty);
    const { user, router } = open('/payments?method=Card&start_date=2026-11-01');
    expect(await screen.findByText('No payments match your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('a failed load shows the error text', async () => {
    routes(() => fail(500));
    open();
    expect(
      await screen.findByText('An error occurred while fetching payments.'),
    ).toBeInTheDocument();
  });

  it('?record=1&member_id= opens Record Payment for that member; closing keeps the filter', async () => {
    const api = routes();
    const { user, router } = open('/payments?record=1&member_id=5');
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    const memberField = () => within(dialog).getByLabelText(/^Member/, { selector: 'input' });
    await vi.waitFor(() => expect(memberField()).toHaveValue('Chiamaka Okafor'));
    expect(memberField()).toHaveAttribute('readonly');
    expect(api.sent('GET /v1/payment')[0]!.query.get('member_id')).toBe('5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?member_id=5');
  });

  it('Record Payment opens the modal with the member picker free', async () => {
    routes();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    const memberField = within(dialog).getByLabelText(/^Member/, { selector: 'input' });
    expect(memberField).toHaveValue('');
    expect(memberField).not.toHaveAttribute('readonly');
    expect(memberField).toHaveFocus();
  });
});
