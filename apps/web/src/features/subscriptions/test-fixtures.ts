import type { PaymentMember, Subscription } from '@kora/shared';

export const chiamaka: PaymentMember = {
  id: 5,
  picture_url: null,
  first_name: 'Chiamaka',
  last_name: 'Okafor',
  email_address: 'chiamaka@example.com',
};

export const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 41,
  member_id: 5,
  subscription_type_id: 7,
  payment_id: 31,
  member: chiamaka,
  subscription_type: { id: 7, name: 'Monthly', is_grouped: 0 },
  subscription_amount: 25000,
  duration: 1,
  plan_duration: 1,
  duration_type: 'month',
  start_date: '2026-11-20',
  expiry_date: '2026-12-19',
  is_active: true,
  created_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});
