import { describe, expect, it } from 'vitest';
import { durationLabel, groupLimitLabel, perUnitPrice, planTypeLabel } from './plan-labels';

describe('plan labels', () => {
  it('shows the price per single unit of the period, rounded', () => {
    expect(perUnitPrice({ amount: 25000, duration: 3, duration_type: 'month' })).toBe(
      '₦8,333/month',
    );
    expect(perUnitPrice({ amount: 25000, duration: 1, duration_type: 'month' })).toBe(
      '₦25,000/month',
    );
    expect(perUnitPrice({ amount: 150000, duration: 1, duration_type: 'year' })).toBe(
      '₦150,000/year',
    );
    expect(perUnitPrice({ amount: 10000, duration: 6, duration_type: 'week' })).toBe('₦1,667/week');
    expect(perUnitPrice({ amount: 10000, duration: 0, duration_type: 'week' })).toBe('');
  });

  it('pluralises the duration, N/A when missing', () => {
    expect(durationLabel(1, 'month')).toBe('1 month');
    expect(durationLabel(3, 'month')).toBe('3 months');
    expect(durationLabel(2, 'day')).toBe('2 days');
    expect(durationLabel(null, 'month')).toBe('N/A');
    expect(durationLabel(3, null)).toBe('N/A');
  });

  it('names the plan type and group size', () => {
    expect(planTypeLabel(1)).toBe('Group Plan');
    expect(planTypeLabel(0)).toBe('Individual');
    expect(groupLimitLabel(4)).toBe('Up to 4 members');
  });
});
