import { describe, expect, it } from 'vitest';
import {
  checkInSchema,
  checkInVerdict,
  coveringSubscription,
  isCardCode,
  kioskText,
  type VerdictSubscription,
} from './check-in';
import { activeVerdict } from './test-fixtures';

const TODAY = '2026-11-27';
const sub = (
  start_date: string,
  expiry_date: string,
  extra: Partial<VerdictSubscription> = {},
): VerdictSubscription => ({ start_date, expiry_date, plan_name: 'Monthly', ...extra });
const verdict = (subscriptions: VerdictSubscription[], is_active = true, today = TODAY) =>
  checkInVerdict({ is_active, today, subscriptions });

describe('checkInVerdict', () => {
  it('is green with the days left when the cover ends more than 3 days after today', () => {
    expect(verdict([sub('2026-11-20', '2026-12-20')])).toEqual(activeVerdict);
    expect(verdict([sub('2026-11-20', '2026-12-01')]).text).toBe('Active, 4 days left');
  });

  it('is amber on the last day: "Ends today"', () => {
    const v = verdict([sub('2026-10-28', '2026-11-27')]);
    expect(v).toMatchObject({ status: 'ends_today', tone: 'amber', text: 'Ends today' });
    expect(v.days_left).toBe(0);
    expect(v.end_date).toBe('2026-11-27');
  });

  it('is amber 1 to 3 days before the end, singular for one day', () => {
    expect(verdict([sub('2026-11-01', '2026-11-28')])).toMatchObject({
      status: 'ending',
      tone: 'amber',
      text: 'Ends in 1 day',
      days_left: 1,
    });
    expect(verdict([sub('2026-11-01', '2026-11-29')]).text).toBe('Ends in 2 days');
    expect(verdict([sub('2026-11-01', '2026-11-30')]).text).toBe('Ends in 3 days');
    expect(verdict([sub('2026-11-01', '2026-12-01')]).status).toBe('active');
  });

  it('counts days left to the end of a chain of renewals', () => {
    // The running period ends today; the renewal starts tomorrow: green, to the renewal's end.
    const v = verdict([
      sub('2026-10-28', '2026-11-27'),
      sub('2026-11-28', '2026-12-27'),
      sub('2026-12-28', '2027-01-27'),
    ]);
    expect(v).toMatchObject({
      status: 'active',
      tone: 'green',
      text: 'Active, 61 days left',
      days_left: 61,
      start_date: '2026-10-28',
      end_date: '2027-01-27',
    });
    // A gap of one day breaks the chain.
    expect(verdict([sub('2026-10-28', '2026-11-27'), sub('2026-11-29', '2026-12-28')]).text).toBe(
      'Ends today',
    );
    // An overlapping renewal extends it too.
    expect(verdict([sub('2026-10-28', '2026-11-28'), sub('2026-11-20', '2026-12-20')]).text).toBe(
      'Active, 23 days left',
    );
  });

  it('is red when the only subscription starts later: "Starts on" the day', () => {
    expect(verdict([sub('2026-11-28', '2026-12-27')])).toMatchObject({
      status: 'not_started',
      tone: 'red',
      text: 'Starts on 28 Nov 2026',
      days_left: null,
      start_date: '2026-11-28',
      end_date: '2026-12-27',
    });
    // Chained future periods give the whole chain's end.
    expect(
      verdict([sub('2026-12-01', '2026-12-31'), sub('2027-01-01', '2027-01-31')]).end_date,
    ).toBe('2027-01-31');
    // Something expired before and a renewal starts later: still "Starts on".
    expect(verdict([sub('2026-10-01', '2026-10-31'), sub('2026-12-01', '2026-12-31')]).text).toBe(
      'Starts on 1 Dec 2026',
    );
  });

  it('is red when everything ended: "Expired yesterday", "Expired 5 days ago"', () => {
    expect(verdict([sub('2026-10-27', '2026-11-26')])).toMatchObject({
      status: 'expired',
      tone: 'red',
      text: 'Expired yesterday',
      days_left: null,
      end_date: '2026-11-26',
    });
    expect(verdict([sub('2026-09-01', '2026-09-30'), sub('2026-10-23', '2026-11-22')]).text).toBe(
      'Expired 5 days ago',
    );
  });

  it('is red for a member who never subscribed', () => {
    expect(verdict([])).toEqual({
      status: 'no_subscription',
      tone: 'red',
      text: 'No subscription',
      days_left: null,
      plan_name: null,
      start_date: null,
      end_date: null,
      covered_by: null,
    });
  });

  it('is red "Deactivated" for a deactivated account, whatever their cover', () => {
    expect(verdict([sub('2026-11-20', '2026-12-20')], false)).toMatchObject({
      status: 'deactivated',
      tone: 'red',
      text: 'Deactivated',
      days_left: null,
      plan_name: 'Monthly',
    });
    expect(verdict([], false).status).toBe('deactivated');
  });

  it('is red "Frozen until …" while an approved freeze covers today, the year named only when not this one', () => {
    const running = [sub('2026-11-20', '2027-01-05')];
    const frozen = (until: string | null, today = TODAY) =>
      checkInVerdict({ is_active: true, today, subscriptions: running, frozen_until: until });
    expect(frozen('2026-12-14')).toMatchObject({
      status: 'frozen',
      tone: 'red',
      text: 'Frozen until 14 December',
      days_left: null,
      plan_name: 'Monthly',
      end_date: '2027-01-05',
    });
    expect(frozen('2027-03-14').text).toBe('Frozen until 14 March 2027');
    // Its last day is still frozen; the day after, the cover counts again.
    expect(frozen('2026-11-27').text).toBe('Frozen until 27 November');
    expect(frozen('2026-11-26').status).toBe('active');
    expect(frozen(null).status).toBe('active');
    // Older callers (a roster copy without the field) read no freeze.
    expect(verdict(running).status).toBe('active');
    // A deactivated account says so first.
    expect(
      checkInVerdict({
        is_active: false,
        today: TODAY,
        subscriptions: running,
        frozen_until: '2026-12-14',
      }).status,
    ).toBe('deactivated');
  });

  it("names the payer when today's cover is someone else's group plan", () => {
    const group = sub('2026-11-01', '2026-12-31', { plan_name: 'Family', covered_by: 'Ada Obi' });
    expect(verdict([group])).toMatchObject({
      status: 'active',
      plan_name: 'Family',
      covered_by: 'Ada Obi',
      days_left: 34,
    });
    // Their own running plan comes first; the group's later end still counts for days left.
    const own = sub('2026-11-20', '2026-12-20', { plan_name: 'Monthly' });
    expect(verdict([group, own])).toMatchObject({
      plan_name: 'Monthly',
      covered_by: null,
      end_date: '2026-12-31',
    });
    // A group cover that ended and an own renewal from tomorrow chain as well.
    expect(
      verdict([
        sub('2026-10-28', '2026-11-27', { covered_by: 'Ada Obi' }),
        sub('2026-11-28', '2026-12-27'),
      ]),
    ).toMatchObject({ status: 'active', covered_by: 'Ada Obi', days_left: 30 });
  });

  it('counts across month and year ends and leap days', () => {
    expect(verdict([sub('2027-01-31', '2027-02-28')], true, '2027-01-31').text).toBe(
      'Active, 28 days left',
    );
    expect(verdict([sub('2028-02-01', '2028-02-29')], true, '2028-02-28').text).toBe(
      'Ends in 1 day',
    );
    expect(verdict([sub('2026-12-01', '2026-12-31')], true, '2027-01-01').text).toBe(
      'Expired yesterday',
    );
    expect(verdict([sub('2027-03-01', '2027-03-31')], true, '2027-02-28').text).toBe(
      'Starts on 1 Mar 2027',
    );
    // Across the change of year: 31 Dec to 2 Jan is 2 days.
    expect(verdict([sub('2026-12-01', '2027-01-02')], true, '2026-12-31').text).toBe(
      'Ends in 2 days',
    );
  });

  it('ignores rows that are not real periods', () => {
    expect(verdict([sub('2026-11-30', '2026-11-01'), sub('2026-02-30', '2026-12-30')]).status).toBe(
      'no_subscription',
    );
  });
});

describe('coveringSubscription', () => {
  it("answers today's cover, own before a group's, or null", () => {
    const own = { ...sub('2026-11-20', '2026-12-20'), id: 1 };
    const group = { ...sub('2026-11-01', '2026-12-31', { covered_by: 'Ada Obi' }), id: 2 };
    const later = { ...sub('2026-12-21', '2027-01-20'), id: 3 };
    expect(coveringSubscription(TODAY, [group, own, later])?.id).toBe(1);
    expect(coveringSubscription(TODAY, [group, later])?.id).toBe(2);
    expect(coveringSubscription(TODAY, [later])).toBeNull();
  });
});

describe('kioskText', () => {
  it('welcomes a green member by first name with the days left', () => {
    expect(kioskText(verdict([sub('2026-11-20', '2026-12-20')]), 'Ada')).toBe(
      'Welcome, Ada — 23 days left',
    );
  });

  it('sends amber and red to the front desk', () => {
    expect(kioskText(verdict([sub('2026-11-01', '2026-11-28')]), 'Ada')).toBe(
      'Please see the front desk',
    );
    expect(kioskText(verdict([sub('2026-11-01', '2026-11-27')]), 'Ada')).toBe(
      'Please see the front desk',
    );
    expect(kioskText(verdict([]), 'Ada')).toBe('Please see the front desk');
    expect(kioskText(verdict([sub('2026-11-20', '2026-12-20')], false), 'Ada')).toBe(
      'Please see the front desk',
    );
  });
});

describe('isCardCode', () => {
  it('takes 26 characters of a–z and 2–7, in any case, and nothing else', () => {
    expect(isCardCode('abcdefghijklmnopqrstuvwxyz')).toBe(true);
    expect(isCardCode(' ABCDEFGHIJKLMNOPQRSTUVWX23 ')).toBe(true);
    expect(isCardCode('abcdefghijklmnopqrstuvwxy')).toBe(false);
    expect(isCardCode('abcdefghijklmnopqrstuvwxy1')).toBe(false);
    expect(isCardCode('08031234567')).toBe(false);
    expect(isCardCode('IRON-00042')).toBe(false);
  });
});

describe('checkInSchema', () => {
  it('takes exactly one of member_id or card_code', () => {
    expect(checkInSchema.safeParse({ member_id: 4 }).success).toBe(true);
    expect(checkInSchema.parse({ card_code: ' ABC ' }).card_code).toBe('abc');
    const neither = checkInSchema.safeParse({});
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]?.message).toBe('Choose the member to check in');
    expect(checkInSchema.safeParse({ member_id: 4, card_code: 'abc' }).success).toBe(false);
  });

  it('reads a blank reason as none and refuses a reason shorter than 2 characters or with control characters', () => {
    expect(checkInSchema.parse({ member_id: 4, override_reason: '  ' }).override_reason).toBeNull();
    expect(checkInSchema.safeParse({ member_id: 4, override_reason: 'x' }).success).toBe(false);
    expect(checkInSchema.safeParse({ member_id: 4, override_reason: 'ok\u0000' }).success).toBe(
      false,
    );
    expect(
      checkInSchema.safeParse({ member_id: 4, override_reason: 'x'.repeat(301) }).success,
    ).toBe(false);
    expect(
      checkInSchema.parse({ member_id: 4, override_reason: 'Paid cash' }).override_reason,
    ).toBe('Paid cash');
  });
});
