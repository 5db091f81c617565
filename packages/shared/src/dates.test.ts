import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addPeriod,
  formatDay,
  isoWeekday,
  lagosDay,
  lagosMidnight,
  periodEnd,
  weekStart,
} from './dates';

describe('calendar days', () => {
  it('takes "today" in Lagos, one hour ahead of UTC', () => {
    expect(lagosDay(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(lagosDay(new Date('2026-03-31T22:59:00Z'))).toBe('2026-03-31');
  });

  it('changes day at Lagos midnight to the millisecond, asked forwards or backwards', () => {
    const at = (iso: string) => lagosDay(new Date(iso));
    expect(at('2026-12-01T22:59:59.999Z')).toBe('2026-12-01');
    expect(at('2026-12-01T23:00:00.000Z')).toBe('2026-12-02');
    expect(at('2026-12-01T22:59:59.999Z')).toBe('2026-12-01');
    expect(at('2026-12-02T22:59:59.999Z')).toBe('2026-12-02');
    expect(at('2026-12-02T23:00:00.000Z')).toBe('2026-12-03');
    expect(at('2025-02-28T23:00:00.000Z')).toBe('2025-03-01');
    expect(at('2026-12-01T12:00:00.000Z')).toBe('2026-12-01');
    expect(() => lagosDay(new Date('nonsense'))).toThrow(RangeError);
  });

  it('clamps month ends', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addPeriod('2028-02-29', 'year', 1)).toBe('2029-02-28');
  });

  it('adds days and weeks across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addPeriod('2026-02-25', 'week', 1)).toBe('2026-03-04');
  });

  it('ends a period on its last included day, month ends included', () => {
    expect(periodEnd('2026-01-15', 'month', 1)).toBe('2026-02-14');
    expect(periodEnd('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(periodEnd('2026-03-01', 'month', 1)).toBe('2026-03-31');
    expect(periodEnd('2028-01-30', 'month', 1)).toBe('2028-02-29');
    expect(periodEnd('2028-02-29', 'year', 1)).toBe('2029-02-28');
    expect(periodEnd('2026-03-01', 'day', 1)).toBe('2026-03-01');
    expect(periodEnd('2026-03-01', 'week', 2)).toBe('2026-03-14');
  });

  it('formats a day for Nigerian readers', () => {
    expect(formatDay('2026-11-20')).toBe('20 Nov 2026');
    expect(formatDay(null)).toBe('N/A');
  });

  it('starts a Lagos day at 23:00 UTC the day before, and weeks on Monday', () => {
    expect(lagosMidnight('2026-03-18')).toBe('2026-03-17T23:00:00.000Z');
    expect(isoWeekday('2026-03-16')).toBe(1);
    expect(isoWeekday('2026-03-22')).toBe(7);
    expect(weekStart('2026-03-22')).toBe('2026-03-16');
    expect(weekStart('2026-03-16')).toBe('2026-03-16');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});
