import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONLINE_MESSAGES, type HeldPayment } from '@kora/shared';
import { expectShown, expectTexts, findRow } from '@/test/expect';
import { pickable } from '@/test/fixtures';
import { formatDateTime } from '@/lib/format';
import { mockFetch, ok, pageOf, type Routes, type SentRequest } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { held, plans } from '../test-fixtures';
import { HeldPaymentsModal } from './held-payments-modal';

const HELD = 'GET /v1/held-payment';
const known = held({
  id: 82,
  amount: 25000,
  method: 'Card',
  reason: 'The member is deactivated.',
  member: { id: 12, first_name: 'Ada', last_name: 'Nwosu' },
  received_at: '2026-11-21T10:00:00.000Z',
});

/** The review, the held list answering by state; resolving one moves it out of `held`. */
const open = (routes: Routes = {}) => {
  signIn({ role: 'staff' });
  let rows: HeldPayment[] = [held(), known];
  const resolve = (id: number, change: Partial<HeldPayment>) => {
    rows = rows.map((h) => (h.id === id ? { ...h, ...change } : h));
    return ok(rows.find((h) => h.id === id));
  };
  const api = mockFetch({
    [HELD]: (req: SentRequest) => pageOf(rows.filter((h) => h.state === req.query.get('state'))),
    'GET /v1/subscription-type': () => ok(plans),
    'GET /v1/member': () =>
      ok([pickable()], { meta: { page: 1, per_page: 50, pages: 1, total: 1 } }),
    'POST /v1/held-payment/81/assign': () => resolve(81, { state: 'assigned', member: pickable() }),
    'POST /v1/held-payment/82/dismiss': (req) =>
      resolve(82, { state: 'dismissed', note: (req.body as { note: string }).note }),
    ...routes,
  });
  return { api, ...renderPage(<HeldPaymentsModal opened onClose={vi.fn()} />) };
};

type User = ReturnType<typeof renderPage>['user'];
const choose = async (user: User, label: string, option: string | RegExp) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('HeldPaymentsModal', () => {
  it('lists what waits for review: when, who (or an unknown payer), how much, how, and why', async () => {
    const { api } = open();
    const unknown = await findRow('Unknown payer');
    expectTexts(unknown, [
      '₦50,000',
      'Transfer',
      formatDateTime('2026-11-22T08:15:00.000Z'),
      'The transfer came from an account Kora does not know.',
    ]);
    expectTexts(screen.getByText('Ada Nwosu').closest('tr')!, [
      '₦25,000',
      'Card',
      'The member is deactivated.',
    ]);
    expect(api.sent(HELD)[0]!.query.get('state')).toBe('held');
  });

  it('assign: picks the member, says live whether plan × periods is the amount received, records it', async () => {
    const { api, user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Assign ₦50,000 from Unknown payer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign payment' });
    expect(within(dialog).getByText(/the amount received/)).toBeInTheDocument();
    const assign = within(dialog).getByRole('button', { name: 'Assign payment' });
    expect(assign).toBeDisabled();

    await choose(user, 'Subscription Plan', /^Quarterly/);
    await expectShown(
      'Quarterly × 1 comes to ₦33,333.33, but ₦50,000 was received. Choose a plan and duration that cost exactly ₦50,000.',
    );
    // Monthly fits: its periods are set to what was paid.
    await choose(user, 'Subscription Plan', /^Monthly/);
    expect(field('Duration')).toHaveValue('2');
    await expectShown('Monthly × 2 comes to ₦50,000: exactly what was received.');
    expect(assign).toBeDisabled(); // no member yet

    await enter(user, field('Member'), 'Chi');
    await user.click(await screen.findByRole('option', { name: /Chiamaka Okafor/ }));
    expect(assign).toBeEnabled();
    await user.clear(field('Duration'));
    await enter(user, field('Duration'), '3');
    expect(assign).toBeDisabled();
    await user.clear(field('Duration'));
    await enter(user, field('Duration'), '2');
    await user.click(assign);

    await expectShown('₦50,000 recorded for Chiamaka Okafor: Monthly × 2.');
    expect(api.sent('POST /v1/held-payment/81/assign').map((r) => r.body)).toEqual([
      { member_id: 5, subscription_type_id: 7, duration: 2 },
    ]);
    await waitFor(() => expect(screen.queryByText('Unknown payer')).not.toBeInTheDocument());
    // The assigned one is under its own filter.
    await user.click(screen.getByRole('radio', { name: 'Assigned' }));
    expect(await findRow('Chiamaka Okafor')).toBeInTheDocument();
  });

  it('assign for a known member sends no member', async () => {
    const { api, user } = open({
      'POST /v1/held-payment/82/assign': () => ok({ ...known, state: 'assigned' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Assign ₦25,000 from Ada Nwosu' }));
    expect(field('Member')).toHaveValue('Ada Nwosu');
    await choose(user, 'Subscription Plan', /^Monthly/);
    await user.click(screen.getByRole('button', { name: 'Assign payment' }));
    await expectShown('₦25,000 recorded for Ada Nwosu: Monthly × 1.');
    expect(api.sent('POST /v1/held-payment/82/assign')[0]!.body).toEqual({
      subscription_type_id: 7,
      duration: 1,
    });
  });

  it('mark handled needs a note, then sends it', async () => {
    const { api, user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Mark ₦25,000 from Ada Nwosu handled' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark handled' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    await expectShown(ONLINE_MESSAGES.note);
    expect(api.sent('POST /v1/held-payment/82/dismiss')).toHaveLength(0);

    await enter(user, screen.getByRole('textbox', { name: /^Note/ }), 'Refunded on Paystack');
    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    await expectShown('₦25,000 from Ada Nwosu marked handled.');
    expect(api.sent('POST /v1/held-payment/82/dismiss').map((r) => r.body)).toEqual([
      { note: 'Refunded on Paystack' },
    ]);
    await user.click(screen.getByRole('radio', { name: 'Handled' }));
    expect(await findRow('Ada Nwosu')).toHaveTextContent('Note: Refunded on Paystack');
  });

  it('Back returns to the list without sending anything', async () => {
    const { api, user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Mark ₦25,000 from Ada Nwosu handled' }),
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('dialog', { name: 'Online payments to review' }),
    ).toBeInTheDocument();
    expect(api.sent('POST /v1/held-payment/82/dismiss')).toHaveLength(0);
  });

  it('nothing waiting', async () => {
    signIn();
    mockFetch({ [HELD]: () => pageOf([]) });
    renderPage(<HeldPaymentsModal opened onClose={vi.fn()} />);
    await expectShown('No payments are waiting for review.');
  });
});
