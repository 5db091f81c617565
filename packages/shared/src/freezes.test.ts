import { describe, expect, it } from 'vitest';
import { dayAndMonth, freezeInputSchema, freezeRulesText, frozenUntilText } from './freezes';

const rules = {
  freeze_allowed: true,
  freeze_min_days: 7,
  freeze_max_days: 30,
  freeze_max_days_per_year: 60,
  freeze_max_per_year: 2,
  freeze_fee: 2500,
};

describe('freezes in words', () => {
  it('says a day with its month, and the year only when it is not this one', () => {
    expect(dayAndMonth('2026-03-14', '2026-11-27')).toBe('14 March');
    expect(dayAndMonth('2027-01-02', '2026-11-27')).toBe('2 January 2027');
    expect(frozenUntilText('2026-12-04', '2026-11-27')).toBe('Frozen until 4 December');
  });

  it("reads a plan's rules", () => {
    expect(freezeRulesText(rules)).toBe(
      '7 to 30 days a freeze; at most 2 freezes and 60 days a year; fee ₦2,500',
    );
    expect(
      freezeRulesText({
        ...rules,
        freeze_min_days: null,
        freeze_max_days_per_year: null,
        freeze_max_per_year: 1,
        freeze_fee: null,
      }),
    ).toBe('at most 30 days a freeze; at most 1 freeze a year; no fee');
    expect(freezeRulesText({ ...rules, freeze_allowed: false })).toBe('Freezing not allowed');
  });

  it('checks the dates of a freeze in words', () => {
    const bad = freezeInputSchema.safeParse({ start_date: '2026-12-10', end_date: '2026-12-01' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('The last day cannot be before the first day');
    const long = freezeInputSchema.safeParse({ start_date: '2026-01-01', end_date: '2027-06-01' });
    expect(long.error?.issues[0]?.message).toBe('A freeze can be at most 366 days');
    expect(
      freezeInputSchema.safeParse({ start_date: '2026-12-01', end_date: '2026-12-07', reason: '' })
        .data,
    ).toEqual({ start_date: '2026-12-01', end_date: '2026-12-07', reason: null });
  });
});
