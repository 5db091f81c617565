import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import { business, recorded } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { member, plans } from '../test-fixtures';
import { RecordPaymentModal } from './record-payment-modal';

/*
 * Record Payment's discount (naira or percent, with a reason) for owners and admins, and for
 * staff when the owner allows it; the day paid for owners and admins only.
 */

const open = (role: string, staffGiveDiscounts = false) => {
  signIn({ role });
  const api = mockFetch({
    'GET /v1/subscription-type': () => ok(plans),
    'GET /v1/business/profile': () => ok(business({ staff_give_discounts: staffGiveDiscounts })),
    'POST /v1/payment': () => ok(recorded(), {}, 201),
  });
  const view = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />);
  return { api, ...view };
};

type User = ReturnType<typeof renderPage>['user'];
const choose = async (user: User, label: string, option: string | RegExp) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};
const submit = () => screen.getByRole('button', { name: 'Record Payment' });

describe('Record Payment: discount and day paid', () => {
  it('takes a percent off the price, asks for a reason, and sends the price with the discount', async () => {
    const { api, user } = open('owner');
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    expect(field('Amount')).toHaveValue('₦25,000');
    await choose(user, 'Discount', 'Percent (%)');
    await enter(user, field('Discount (%)'), '10');
    expect(field('Amount')).toHaveValue('₦22,500');

    await user.click(submit());
    await expectShown('Please give a reason for the discount');
    expect(api.sent('POST /v1/payment')).toHaveLength(0);

    await enter(user, field('Reason for the discount'), 'Student');
    const day = addDays(lagosDay(), -3);
    await enter(user, field('Day paid'), day);
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    expect(api.sent('POST /v1/payment')[0]!.body).toMatchObject({
      amount: 25000,
      method: 'Cash',
      discount: { type: 'percent', value: 10, reason: 'Student' },
      paid_on: day,
    });
  });

  it('refuses a naira discount above the price before sending', async () => {
    const { api, user } = open('admin');
    await choose(user, 'Subscription Plan', /^Monthly/);
    await choose(user, 'Payment Method', 'Cash');
    await choose(user, 'Discount', 'Naira (₦)');
    await enter(user, field('Discount (₦)'), '30000');
    await enter(user, field('Reason for the discount'), 'Oops');
    await user.click(submit());
    await expectShown('The discount cannot be more than the price (₦25,000).');
    expect(api.sent('POST /v1/payment')).toHaveLength(0);
  });

  it('offers staff no discount and no day paid unless the owner allows discounts', async () => {
    open('staff');
    await screen.findByRole('dialog', { name: 'Record Payment' });
    await waitFor(() => expect(field('Purpose')).toBeInTheDocument());
    expect(screen.queryByLabelText('Discount')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Day paid')).not.toBeInTheDocument();
  });

  it('offers staff the discount (not the day) when the owner allows it', async () => {
    open('staff', true);
    await waitFor(() => expect(field('Discount')).toBeInTheDocument());
    expect(screen.queryByLabelText('Day paid')).not.toBeInTheDocument();
  });
});
