import { describe, expect, it } from 'vitest';
import { recordPaymentSchema } from './payments';
import { subscriptionDisplayStatus } from './subscriptions';

describe('subscriptionDisplayStatus', () => {
  const today = '2026-02-25';
  it.each([
    [{ is_active: false, start_date: '2026-01-01', expiry_date: '2026-12-31' }, 'Inactive'],
    [{ is_active: 0 as const, start_date: '2025-12-01', expiry_date: '2026-01-01' }, 'Inactive'],
    [{ is_active: true, start_date: '2026-01-25', expiry_date: '2026-02-24' }, 'Expired'],
    [{ is_active: true, start_date: '2026-01-26', expiry_date: '2026-02-25' }, 'Expiring Soon'],
    // Seven days ahead, across the month end.
    [
      { is_active: 1 as const, start_date: '2026-02-04', expiry_date: '2026-03-04' },
      'Expiring Soon',
    ],
    [{ is_active: true, start_date: '2026-02-05', expiry_date: '2026-03-05' }, 'Active'],
    [
      { is_active: true, start_date: '2026-02-05', expiry_date: '2026-03-05T00:00:00.000Z' },
      'Active',
    ],
    // A renewal paid in advance: it starts tomorrow, so it is not running today.
    [{ is_active: true, start_date: '2026-02-26', expiry_date: '2026-03-25' }, 'Upcoming'],
    [{ is_active: true, start_date: '2026-02-25', expiry_date: '2026-03-24' }, 'Active'],
  ])('%j → %s', (sub, status) => {
    expect(subscriptionDisplayStatus(sub, today)).toBe(status);
  });
});

describe('recordPaymentSchema', () => {
  it('fills the default purpose and accepts numbers sent as text', () => {
    const v = recordPaymentSchema.parse({
      member_id: '4',
      subscription_type_id: 2,
      amount: '99999.99',
      method: 'Card',
      duration: '3',
    });
    expect(v).toEqual({
      member_id: 4,
      subscription_type_id: 2,
      amount: 99999.99,
      method: 'Card',
      duration: 3,
      purpose: 'Subscription payment',
    });
    expect(recordPaymentSchema.parse({ ...v, purpose: ' Renewal ' }).purpose).toBe('Renewal');
  });
});
