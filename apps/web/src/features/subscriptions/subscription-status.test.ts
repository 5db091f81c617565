import { describe, expect, it } from 'vitest';
import { STATUS_COLORS, displayStatus, subscriptionDurationLabel } from './subscription-status';
import { subscription } from './test-fixtures';

const TODAY = '2026-11-20';

describe('subscription display status (spec 02 §4)', () => {
  it('labels a subscription Inactive, Expired, Expiring Soon or Active', () => {
    const on = (expiry_date: string, is_active = true) =>
      displayStatus(subscription({ expiry_date, is_active }), TODAY);
    expect(on('2027-01-31', false)).toBe('Inactive');
    expect(on('2026-11-10', false)).toBe('Inactive');
    expect(on('2026-11-19')).toBe('Expired');
    expect(on('2026-11-20')).toBe('Expiring Soon');
    expect(on('2026-11-27')).toBe('Expiring Soon');
    expect(on('2026-11-28')).toBe('Active');
    expect(on('2027-11-20')).toBe('Active');
  });

  it('shows Expiring Soon in the warning colour', () => {
    expect(STATUS_COLORS['Expiring Soon']).toBe('orange');
    expect(STATUS_COLORS.Active).toBe('green');
    expect(STATUS_COLORS.Expired).toBe('red');
  });

  it('the duration is the plan periods bought × the plan period', () => {
    expect(subscriptionDurationLabel(subscription())).toBe('1 month');
    expect(subscriptionDurationLabel(subscription({ plan_duration: 3, duration: 2 }))).toBe(
      '6 months',
    );
    expect(
      subscriptionDurationLabel(subscription({ plan_duration: 1, duration_type: 'week' })),
    ).toBe('1 week');
  });
});
