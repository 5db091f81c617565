import { describe, expect, it } from 'vitest';
import { codePage, forbiddenPage, gymNotFoundPage, signInPage } from './portal.page.html';
import {
  cardPage,
  detailsPage,
  freezePage,
  freezeRulesInWords,
  homePage,
  privacyPage,
  renewPage,
  type PageMe,
} from './portal.page.views';

const HOSTILE = '<script>alert(1)</script>"\'&';
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
  current: {
    plan_name: 'Monthly',
    start_date: '2026-11-20',
    expiry_date: '2026-12-19',
    covered_by: null,
    covers: [],
  },
  freezes: [],
  visits: [{ visited_at: '2026-11-27T07:05:00.000Z' }],
  payments: [
    {
      receipt_number: 17,
      amount: 25000,
      paid_on: '2026-11-20',
      plan_name: 'Monthly',
      method: 'cash',
      receipt_url: 'http://kora.test/r/tok123',
      voided: false,
      refunded: false,
    },
  ],
  reminders: [{ sent_at: '2026-11-18T09:00:00.000Z', channel: 'whatsapp' }],
  erasure_requested: false,
  ...over,
});

/** No raw tag of the hostile text anywhere: only its escaped form. */
const expectEscaped = (html: string) => {
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
};

describe('member page HTML', () => {
  it('signed out: the gym, the one field and the sign-in text; a hostile gym name is escaped', () => {
    const html = signInPage({ ...gym, name: HOSTILE });
    expectEscaped(html);
    expect(html).toContain('Sign in with your phone number or e-mail');
    expect(html).toContain('action="/m/IRON/sign-in"');
    expect(html).toContain('name="identifier"');
    expect(html).not.toMatch(/<script/i);
    // Kora's icon, so the browser does not ask for a missing /favicon.ico.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('the code step says the code was sent without saying whether the person is a member', () => {
    const html = codePage(gym, { sentTo: '•••• 4567', error: 'That code is not right.' });
    expect(html).toContain('If you are a member of Iron Temple, we sent you a code.');
    expect(html).toContain('That code is not right.');
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).toContain('aria-invalid="true"');
  });

  it('home: the verdict box with the desk’s words, the plan, visits, receipts and reminders', () => {
    const html = homePage(me());
    expect(html).toMatch(/class="verdict green">Active, 23 days left</);
    expect(html).toContain('20 Nov 2026');
    expect(html).toContain('19 Dec 2026');
    expect(html).toContain('href="http://kora.test/r/tok123"');
    expect(html).toContain('₦25,000');
    expect(html).toContain('27 Nov 2026, 08:05'); // Lagos time
    expect(html).toContain('WhatsApp');
    expect(html).toContain('href="/m/IRON/card"');
    expect(html).toContain('action="/m/IRON/sign-out"');
    expect(html).toContain('href="/m/IRON/renew"');
  });

  it('home: hostile names and plan names are escaped; a receipt link that is not http(s) is dropped', () => {
    const base = me();
    const html = homePage(
      me({
        member: { ...base.member, first_name: HOSTILE },
        current: { ...base.current!, plan_name: HOSTILE, covered_by: HOSTILE },
        payments: [{ ...base.payments[0]!, receipt_url: 'javascript:alert(1)' }],
      }),
    );
    expectEscaped(html);
    expect(html).not.toContain('javascript:');
  });

  it('home without Paystack offers How to renew (the renew page says how to pay instead)', () => {
    const html = homePage(me({ business: { ...gym, paystack_connected: false } }));
    expect(html).not.toContain('Renew my plan');
    expect(html).toContain('<a class="button secondary" href="/m/IRON/renew">How to renew</a>');
  });

  it('card: the QR code and the brightness hint', () => {
    const html = cardPage(me(), '<svg id="qr"></svg>');
    expect(html).toContain('<svg id="qr"></svg>');
    expect(html).toContain('Turn your screen brightness up');
  });

  it('renew: plans with amount and period; not connected says so', () => {
    const plans = [
      { id: 3, name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' },
      { id: 4, name: HOSTILE, amount: 60000, duration: 3, duration_type: 'month' },
    ];
    const html = renewPage(me(), plans);
    expect(html).toContain('Monthly: <span class="amount">₦25,000</span> for 1 month');
    expect(html).toContain('<span class="amount">₦60,000</span> for 3 months');
    expectEscaped(html);
    expect(renewPage(me({ business: { ...gym, paystack_connected: false } }), plans)).toContain(
      'This gym does not take payments online yet.',
    );
  });

  it('details: current values escaped, errors next to their field, the phone code step', () => {
    const base = me();
    const html = detailsPage(me({ member: { ...base.member, home_address: HOSTILE } }), {
      errors: { email_address: 'Enter a valid e-mail address' },
    });
    expectEscaped(html);
    expect(html).toContain('Enter a valid e-mail address');
    const step = detailsPage(me(), { phoneTo: '08031234567' });
    expect(step).toContain('action="/m/IRON/details/phone/verify"');
  });

  it('freeze: the plan’s rules in words and the state of requests', () => {
    const rules = {
      plan_name: 'Monthly',
      freeze_allowed: true,
      freeze_min_days: 7,
      freeze_max_days: 30,
      freeze_max_days_per_year: 60,
      freeze_max_per_year: 2,
      freeze_fee: 2000,
    };
    expect(freezeRulesInWords(rules)).toEqual([
      'A freeze must be at least 7 days.',
      'A freeze can be at most 30 days.',
      'At most 2 freezes a year.',
      'At most 60 frozen days a year.',
      'Each freeze costs ₦2,000.',
      'Your plan’s end date moves by the days you are frozen.',
    ]);
    expect(freezeRulesInWords({ ...rules, freeze_allowed: false })).toEqual([
      'Monthly does not allow freezing.',
    ]);
    const html = freezePage(
      me({
        freezes: [
          {
            id: 1,
            start_date: '2026-12-01',
            end_date: '2026-12-10',
            days: 10,
            reason: null,
            status: 'requested',
          },
        ],
      }),
      { rules, errors: { start_date: 'A freeze cannot start in the past.' } },
    );
    expect(html).toContain('Waiting for the gym');
    expect(html).toContain('A freeze cannot start in the past.');
  });

  it('privacy: the consent question with the current choice, download and erase', () => {
    const base = me();
    const html = privacyPage(me({ member: { ...base.member, marketing_consent: 'yes' } }));
    expect(html).toContain('May Iron Temple send you offers and news?');
    expect(html).toMatch(/value="yes" checked/);
    expect(html).toContain('href="/m/IRON/privacy/export"');
    // Erasure asks once more on a page of its own: here only a link to it.
    expect(html).toContain('href="/m/IRON/privacy/erase"');
    expect(privacyPage(me({ erasure_requested: true }))).toContain(
      'Your request was sent to Iron Temple',
    );
  });

  it('error pages', () => {
    expect(gymNotFoundPage()).toContain('Gym not found');
    expect(forbiddenPage(gym)).toContain('This form was sent from another site');
  });
});
