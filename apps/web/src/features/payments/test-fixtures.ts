import type { Member, Payment, PaymentMember, Plan, RecordedPayment } from '@kora/shared';

export const chiamaka: PaymentMember = {
  id: 5,
  picture_url: null,
  first_name: 'Chiamaka',
  last_name: 'Okafor',
  email_address: 'chiamaka@example.com',
};

export const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 31,
  amount: 25000,
  created_at: '2026-11-20T09:30:00.000Z',
  paid_on: '2026-11-20',
  duration: 1,
  method: 'Cash',
  purpose: 'Subscription payment',
  member_id: 5,
  subscription_type_id: 7,
  member: chiamaka,
  subscription_type: { id: 7, name: 'Monthly', is_grouped: 0, duration_type: 'month' },
  ...overrides,
});

export const recorded = (overrides: Partial<RecordedPayment> = {}): RecordedPayment => ({
  ...payment(),
  subscription: {
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
  },
  ...overrides,
});

export const member = (overrides: Partial<Member> = {}): Member => ({
  id: 5,
  member_id: 'IRG-00005',
  first_name: 'Chiamaka',
  middle_name: null,
  last_name: 'Okafor',
  mobile_number: '+2348031234567',
  email_address: 'chiamaka@example.com',
  home_address: null,
  city: 'Ikeja',
  state: 'Lagos',
  country_code: 'NG',
  date_of_birth: null,
  gender: 'Female',
  emergency_contact_name: null,
  emergency_contact_number: null,
  emergency_contact_relationship: null,
  subscription_type_id: null,
  subscription_type: null,
  subscription_status: 0,
  subscription_status_label: 'No Subscription',
  is_active: true,
  picture_url: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

export const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 7,
  name: 'Monthly',
  amount: 25000,
  duration: 1,
  duration_type: 'month',
  is_grouped: 0,
  group_limit: 1,
  is_active: 1,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

/** Monthly ₦25,000 and Quarterly ₦33,333.33 (3 months): the float-drift case. */
export const plans = [
  plan(),
  plan({ id: 8, name: 'Quarterly', amount: 33333.33, duration: 3, duration_type: 'month' }),
];
