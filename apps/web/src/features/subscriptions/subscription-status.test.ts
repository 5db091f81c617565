import { describe, expect, it } from 'vitest';
import { STATUS_COLORS, displayStatus, subscriptionDurationLabel } from './subscription-status';
import { subscription } from './test-fixtures';

const TODAY = '2026-11-20';

describe('subscription display status', () => {
  it('labels a subscription Inactive, Expired, Upcoming, Expiring Soon or Active', () => {
    const on = (expiry_date: string, is_active = true, start_date = '2026-11-01') =>
      displayStatus(subscription({ start_date, expiry_date, is_active }), TODAY);
    expect(on('2027-01-31', false)).toBe('Inactive');
    expect(on('2026-11-10', false)).toBe('Inactive');
    expect(on('2026-11-19')).toBe('Expired');
    expect(on('2026-11-20')).toBe('Expiring Soon');
    expect(on('2026-11-27')).toBe('Expiring Soon');
    expect(on('2026-11-28')).toBe('Active');
    expect(on('2027-11-20')).toBe('Active');
    // A renewal paid in advance: it starts after today.
    expect(on('2026-12-20', true, '2026-11-21')).toBe('Upcoming');
    expect(on('2026-12-19', true, '2026-11-20')).toBe('Active');
    expect(on('2026-12-20', false, '2026-11-21')).toBe('Inactive');
  });

  it('shows Expiring Soon in the warning colour; Upcoming in a colour of its own', () => {
    expect(STATUS_COLORS['Expiring Soon']).toBe('orange');
    expect(STATUS_COLORS.Upcoming).toBe('blue');
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(5);
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
