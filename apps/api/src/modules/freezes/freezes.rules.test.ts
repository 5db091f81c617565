import { describe, expect, it } from 'vitest';
import { checkFreeze, type FreezeAsked, type FreezeRules, type KnownFreeze } from './freezes.rules';

const TODAY = '2026-11-27';
const MONTHLY: FreezeRules = {
  planName: 'Monthly',
  allowed: true,
  minDays: 7,
  maxDays: 30,
  maxDaysPerYear: 60,
  maxPerYear: 2,
};
const ask = (over: Partial<FreezeAsked> = {}): FreezeAsked => ({
  start: '2026-12-01',
  end: '2026-12-10',
  today: TODAY,
  by: 'staff',
  firstName: 'Ada',
  rules: MONTHLY,
  ...over,
});
const past = (id: number, start: string, end: string, days: number, status = 'approved') =>
  ({ id, start, end, days, status }) satisfies KnownFreeze;

describe('checkFreeze', () => {
  it('accepts a freeze within every rule', () => {
    expect(checkFreeze(ask(), [])).toBeNull();
    // No limits at all: any length.
    const open: FreezeRules = {
      ...MONTHLY,
      minDays: null,
      maxDays: null,
      maxDaysPerYear: null,
      maxPerYear: null,
    };
    expect(checkFreeze(ask({ end: '2027-06-01', rules: open }), [])).toBeNull();
  });

  it('refuses a start in the past; staff may start today, a member from tomorrow', () => {
    expect(checkFreeze(ask({ start: '2026-11-26' }), [])).toEqual({
      field: 'start_date',
      message: 'A freeze cannot start in the past.',
    });
    expect(checkFreeze(ask({ start: TODAY, end: '2026-12-05' }), [])).toBeNull();
    expect(checkFreeze(ask({ start: TODAY, end: '2026-12-05', by: 'member' }), [])).toEqual({
      field: 'start_date',
      message: 'A freeze can start tomorrow at the earliest.',
    });
  });

  it('refuses a member without a running subscription', () => {
    expect(checkFreeze(ask({ rules: null }), [])).toEqual({
      message: 'The member has no running subscription to freeze.',
    });
  });

  it('refuses a plan that does not allow freezing', () => {
    expect(checkFreeze(ask({ rules: { ...MONTHLY, allowed: false } }), [])).toEqual({
      message: 'This plan does not allow freezing.',
    });
  });

  it('refuses fewer than the minimum days and more than the maximum', () => {
    expect(checkFreeze(ask({ end: '2026-12-06' }), [])).toEqual({
      field: 'end_date',
      message: 'A freeze on Monthly must be at least 7 days.',
    });
    expect(checkFreeze(ask({ end: '2026-12-07' }), [])).toBeNull();
    expect(checkFreeze(ask({ end: '2026-12-31' }), [])).toEqual({
      field: 'end_date',
      message: 'A freeze on Monthly must be at most 30 days.',
    });
    expect(checkFreeze(ask({ end: '2026-12-30' }), [])).toBeNull();
    expect(
      checkFreeze(ask({ end: '2026-12-01', rules: { ...MONTHLY, minDays: 1 } }), []),
    ).toBeNull();
    expect(
      checkFreeze(ask({ end: '2026-12-03', rules: { ...MONTHLY, minDays: null, maxDays: 1 } }), []),
    ).toEqual({ field: 'end_date', message: 'A freeze on Monthly must be at most 1 day.' });
  });

  it('refuses days overlapping another freeze (approved or asked for)', () => {
    const other = past(1, '2027-03-03', '2027-03-10', 8);
    expect(checkFreeze(ask({ start: '2027-03-08', end: '2027-03-20' }), [other])).toEqual({
      field: 'start_date',
      message: 'It overlaps a freeze from 3 March 2027 to 10 March 2027.',
    });
    const thisYear = past(2, '2026-12-03', '2026-12-10', 8, 'requested');
    expect(checkFreeze(ask({ start: '2026-12-01', end: '2026-12-07' }), [thisYear])?.message).toBe(
      'It overlaps a freeze from 3 to 10 December.',
    );
    // A declined or cancelled one blocks nothing; nor does the freeze being approved itself.
    expect(checkFreeze(ask(), [past(3, '2026-12-01', '2026-12-10', 10, 'declined')])).toBeNull();
    expect(
      checkFreeze(ask({ self: 4 }), [past(4, '2026-12-01', '2026-12-10', 10, 'requested')]),
    ).toBeNull();
  });

  it('refuses more freezes a year than the plan allows, naming since when', () => {
    const two = [past(1, '2025-12-01', '2025-12-07', 7), past(2, '2026-06-01', '2026-06-07', 7)];
    expect(checkFreeze(ask(), two)).toEqual({
      message: 'Monthly allows at most 2 freezes a year; Ada has had 2 since 1 Dec 2025.',
    });
    // A freeze that started more than 365 days before this one's first day no longer counts.
    const older = [past(1, '2025-11-30', '2025-12-07', 8), past(2, '2026-06-01', '2026-06-07', 7)];
    expect(checkFreeze(ask(), older)).toBeNull();
    // A cancelled freeze counts for nothing.
    expect(
      checkFreeze(ask(), [two[0]!, past(2, '2026-06-01', '2026-06-07', 0, 'cancelled')]),
    ).toBeNull();
  });

  it('refuses more frozen days a year than the plan allows, saying how many are left', () => {
    const used = [
      past(1, '2026-05-01', '2026-05-28', 28),
      past(2, '2026-08-01', '2026-08-10', 10, 'ended'),
    ];
    // 38 used, 22 left: 10 asked is fine, 23 is not.
    expect(checkFreeze(ask({ rules: { ...MONTHLY, maxPerYear: null } }), used)).toBeNull();
    expect(
      checkFreeze(ask({ end: '2026-12-23', rules: { ...MONTHLY, maxPerYear: null } }), used),
    ).toEqual({
      field: 'end_date',
      message: 'Monthly allows at most 60 frozen days a year; 22 are left.',
    });
  });
});
