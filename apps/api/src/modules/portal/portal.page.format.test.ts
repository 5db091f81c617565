import { describe, expect, it } from 'vitest';
import { formatPhone } from '@kora/shared';
import { detailsPage, homePage, renewPage, type PageMe } from './portal.page.views';

/*
 * The members' page at 375 px: an amount never breaks inside ("₦25,000" on one line), and phone
 * numbers read as the back office shows them ("0803 123 4567", the same function).
 */

const gym = { name: 'Iron Temple', code: 'IRON', logo_url: null };

const me = (over: Partial<PageMe> = {}): PageMe => ({
  business: { ...gym, paystack_connected: true },
  member: {
    first_name: 'Ada',
    last_name: 'Obi',
    member_id: 'IRON-00042',
    mobile_number: '+2348031234567',
    email_address: 'ada@example.com',
    home_address: '3 Allen Avenue',
    emergency_contact_name: null,
    emergency_contact_number: null,
    emergency_contact_relationship: null,
    reminders_opt_out: false,
    marketing_consent: 'not_asked',
    card_code: 'abcdefghijklmnopqrstuvwxyz',
  },
  verdict: { tone: 'green', title: 'Active, 23 days left' },
  current: null,
  freezes: [],
  visits: [],
  payments: [
    {
      receipt_number: 17,
      amount: 25000,
      paid_on: '2026-11-20',
      plan_name: 'Monthly, paid at the front desk of Iron Temple Lekki',
      method: 'cash',
      receipt_url: null,
      voided: false,
      refunded: false,
    },
  ],
  reminders: [],
  erasure_requested: false,
  ...over,
});

/** The page's stylesheet rules for `selector`. */
const rulesOf = (html: string, selector: string) =>
  (html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '')
    .split('}')
    .filter((rule) => rule.split('{')[0]!.split(',').includes(selector))
    .join('}');

describe("the members' page at 375 px", () => {
  it('an amount stays on one line: the payments list and the renew page', () => {
    const home = homePage(me());
    expect(home).toContain('<span class="amount">₦25,000</span>');
    expect(rulesOf(home, '.amount')).toContain('white-space:nowrap');

    const renew = renewPage(me(), [
      { id: 3, name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' },
    ]);
    expect(renew).toContain('Monthly: <span class="amount">₦25,000</span> for 1 month');
    expect(rulesOf(renew, '.amount')).toContain('white-space:nowrap');
  });

  it('phones read as the back office shows them', () => {
    expect(formatPhone('+2348031234567')).toBe('0803 123 4567');
    expect(detailsPage(me())).toContain('<p>Now 0803 123 4567.</p>');
    expect(detailsPage(me(), { phoneTo: '2348059876543' })).toContain(
      'We sent a code to 0805 987 6543.',
    );
    const howToPay = renewPage(me({ business: { ...gym, paystack_connected: false } }), [], {
      payInstead: { phone: '+234 803 111 2222', bank: null },
    });
    expect(howToPay).toContain('<a class="phone" href="tel:+2348031112222">0803 111 2222</a>');
    expect(rulesOf(howToPay, '.phone')).toContain('white-space:nowrap');
  });
});
