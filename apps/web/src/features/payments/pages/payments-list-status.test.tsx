import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRow, rowOf } from '@/test/expect';
import { field, renderRoutes } from '@/test/render';
import { mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { phoneScreen } from '@/test/phone-screen';
import { signIn } from '@/test/session';
import { payment } from '@/test/fixtures';
import { plans } from '../test-fixtures';
import { PaymentsPage } from './payments-page';

const LIST = 'GET /v1/payment';
const musa = {
  id: 9,
  picture_url: null,
  first_name: 'Musa',
  last_name: 'Bello',
  email_address: null,
};
const ngozi = { ...musa, id: 10, first_name: 'Ngozi', last_name: 'Eze' };

const rows = [
  payment(),
  payment({
    id: 32,
    receipt_number: 'IRON-000032',
    member: musa,
    voided: true,
    voided_at: '2026-11-20T10:00:00.000Z',
    void_reason: 'Wrong member',
  }),
  payment({ id: 33, receipt_number: 'IRON-000033', member: ngozi, refunded: 5000 }),
  payment({
    id: 34,
    receipt_number: 'IRON-000034',
    member: { ...musa, id: 11, first_name: 'Emeka' },
    method: 'Transfer',
    confirmed: false,
    needs_confirmation: true,
    paid_on: '2026-11-19',
  }),
];

/** The payments page at `path` as `role`, with a stand-in for the details page. */
const open = (path = '/payments', role = 'owner', routes: Routes = {}) => {
  signIn({ role });
  const api = mockFetch({
    [LIST]: () => pageOf(rows),
    'GET /v1/payment/summary': () =>
      ok({ count: 4, today: 0, this_month: 0, year_to_date: 0, average: 0 }),
    'GET /v1/subscription-type': () => ok(plans),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/payments', element: <PaymentsPage /> },
      { path: '/payments/:id', element: <div>Payment page</div> },
    ],
    { path },
  );
  return { api, ...view };
};

afterEach(() => sessionStorage.clear());

describe('Payments list: receipts and states', () => {
  it('shows receipt numbers; a voided payment is struck through with its badge', async () => {
    open();
    const valid = await findRow('Chiamaka Okafor');
    expect(within(valid).getByRole('link', { name: 'IRON-000031' })).toHaveAttribute(
      'href',
      '/payments/31',
    );
    expect(valid).not.toHaveStyle({ textDecoration: 'line-through' });
    const voided = rowOf('Musa Bello');
    expect(voided).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(voided).getByText('Voided')).toBeInTheDocument();
    expect(within(rowOf('Ngozi Eze')).getByText('Refunded ₦5,000')).toBeInTheDocument();
    expect(within(rowOf('Emeka Bello')).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(valid).queryByText(/Voided|Refunded|Unconfirmed/)).not.toBeInTheDocument();
  });

  it("a row opens the payment's page", async () => {
    const { user, router } = open();
    await user.click(await screen.findByText('Ngozi Eze'));
    expect(router.state.location.pathname).toBe('/payments/33');
    expect(screen.getByText('Payment page')).toBeInTheDocument();
  });

  it("on a phone, a voided payment's card is struck through and a card opens the payment", async () => {
    phoneScreen();
    const { user, router } = open();
    const card = (await screen.findByText('Musa Bello')).closest('[data-struck]');
    expect(card).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(card as HTMLElement).getByText('Voided')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText(/IRON-000032/)).toBeInTheDocument();
    expect(document.querySelectorAll('[data-struck]')).toHaveLength(1);
    await user.click(screen.getByText('Ngozi Eze'));
    expect(router.state.location.pathname).toBe('/payments/33');
  });

  it('filters by status, kept in the URL and sent to the server', async () => {
    const { api, user, router } = open();
    await screen.findByText('Musa Bello');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(field('Status'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Valid', 'Voided', 'Refunded', 'Unconfirmed transfers']);
    await user.click(screen.getByRole('option', { name: 'Voided' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?status=voided');
    await vi.waitFor(() => expect(api.sent(LIST).at(-1)!.query.get('status')).toBe('voided'));
  });

  it("the dashboard's link lists unconfirmed transfers up to a day; an owner confirms a day", async () => {
    const { api, user } = open(
      '/payments?status=unconfirmed&unconfirmed_before=2026-11-25',
      'owner',
      { 'POST /v1/payment/confirm-day': () => ok({ confirmed: 2 }) },
    );
    await screen.findByText('Emeka Bello');
    const sent = api.sent(LIST)[0]!.query;
    expect(sent.get('status')).toBe('unconfirmed');
    expect(sent.get('unconfirmed_before')).toBe('2026-11-25');
    expect(
      screen.getByText('Unconfirmed transfers paid on or before 25 Nov 2026.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm all for a day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm all transfers of a day' });
    // The newest listed transfer's day to start with; a day is required.
    const day = within(dialog).getByLabelText(/^Day paid/);
    expect(day).toHaveValue('2026-11-20');
    fireEvent.change(day, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm all' }));
    expect(within(dialog).getByText('Choose the day the transfers were paid')).toBeInTheDocument();
    expect(api.sent('POST /v1/payment/confirm-day')).toHaveLength(0);
    fireEvent.change(day, { target: { value: '2026-11-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm all' }));
    expect(await within(dialog).findByText('2 transfers of 20 Nov 2026 confirmed.')).toBeVisible();
    expect(api.sent('POST /v1/payment/confirm-day').map((r) => r.body)).toEqual([
      { day: '2026-11-20' },
    ]);
    await waitFor(() => expect(api.sent(LIST).length).toBeGreaterThan(1));
  });

  it('staff do not get "Confirm all for a day"', async () => {
    open('/payments?status=unconfirmed', 'staff');
    await screen.findByText('Emeka Bello');
    expect(screen.queryByRole('button', { name: 'Confirm all for a day' })).not.toBeInTheDocument();
  });
});
