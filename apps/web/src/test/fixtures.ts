import {
  addDays,
  lagosDay,
  type BusinessProfile,
  type Freeze,
  type Member,
  type Payment,
  type PaymentMember,
  type PaystackConnection,
  type Plan,
  type RecordedPayment,
  type Subscription,
  type UserProfile,
} from '@kora/shared';
import { untouchedPayment } from '@kora/shared/test-fixtures';

/** The answers' shapes, filled in, for the features' tests. Override what a test is about. */

/** Chiamaka Okafor as a payment or subscription names her. */
export const chiamaka: PaymentMember = {
  id: 5,
  picture_url: null,
  first_name: 'Chiamaka',
  last_name: 'Okafor',
  email_address: 'chiamaka@example.com',
};

/** Chiamaka as the desk finds her (the check-in lookup, the device's roster). */
export const chiamakaAtDesk = {
  id: 5,
  member_id: 'IRG-00005',
  first_name: 'Chiamaka',
  last_name: 'Okafor',
  mobile_number: '+2348031234567',
  picture_url: null,
};

/** Chiamaka with every detail filled in, subscribed to Monthly and Active. */
export const member = (overrides: Partial<Member> = {}): Member => ({
  id: 5,
  member_id: 'IRG-00005',
  first_name: 'Chiamaka',
  middle_name: 'Ada',
  last_name: 'Okafor',
  mobile_number: '+2348031234567',
  email_address: 'chiamaka@example.com',
  home_address: '14 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  country_code: 'NG',
  date_of_birth: '1994-03-09',
  gender: 'Female',
  emergency_contact_name: 'Ngozi Okafor',
  emergency_contact_number: '+2348055550000',
  emergency_contact_relationship: 'Sister',
  subscription_type_id: 7,
  subscription_type: { id: 7, name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' },
  subscription_status: 1,
  subscription_status_label: 'Active',
  is_active: true,
  reminders_opt_out: false,
  marketing_consent: 'not_asked',
  is_walk_in: false,
  picture_url: null,
  last_visit_at: null,
  frozen_until: null,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

/** A member without a subscription: no plan, "No Subscription". */
export const unsubscribed = {
  subscription_type_id: null,
  subscription_type: null,
  subscription_status: 0,
  subscription_status_label: 'No Subscription',
} satisfies Partial<Member>;

/** A member who gave no emergency contact. */
export const noEmergencyContact = {
  emergency_contact_name: null,
  emergency_contact_number: null,
  emergency_contact_relationship: null,
} satisfies Partial<Member>;

/** A member as the member picker lists them (only what its options show): Chiamaka by default. */
export const pickable = (overrides: Partial<Member> = {}) =>
  ({
    id: 5,
    member_id: 'IRG-00005',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    mobile_number: '+2348031234567',
    ...overrides,
  }) as Member;

/** Monthly, ₦25,000 for 1 month, individual and active. */
export const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 7,
  name: 'Monthly',
  amount: 25000,
  duration: 1,
  duration_type: 'month',
  is_grouped: 0,
  group_limit: 1,
  is_active: 1,
  available_online: false,
  freeze_allowed: false,
  freeze_min_days: null,
  freeze_max_days: null,
  freeze_max_days_per_year: null,
  freeze_max_per_year: null,
  freeze_fee: null,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

/** Chiamaka's Monthly subscription from payment 31: 20 Nov to 19 Dec 2026. */
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
  covered_by: null,
  covered_members: [],
  ...overrides,
});

/** Payment 31: Chiamaka's ₦25,000 cash for Monthly on 20 Nov 2026, recorded by Tunde Bello. */
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
  covered_members: [],
  receipt_number: 'IRON-000031',
  ...untouchedPayment,
  recorded_by_name: 'Tunde Bello',
  ...overrides,
});

/** Payment 31 as recording it answers: with the subscription it bought. */
export const recorded = (overrides: Partial<RecordedPayment> = {}): RecordedPayment => ({
  ...payment(),
  recorded_at: payment().created_at,
  subscription: subscription(),
  ...overrides,
});

/** Chiamaka's approved freeze of 10 days for travel, from 2 days ago to 7 days from today. */
export const freeze = (overrides: Partial<Freeze> = {}): Freeze => ({
  id: 9,
  member_id: 5,
  start_date: addDays(lagosDay(), -2),
  end_date: addDays(lagosDay(), 7),
  days: 10,
  reason: 'Travel',
  status: 'approved',
  requested_by: 'staff',
  created_at: '2026-11-20T09:00:00.000Z',
  decided_at: '2026-11-20T09:00:00.000Z',
  decided_by: 'Ada Obi',
  ...overrides,
});

/** Ada Obi, the verified owner of Iron Gym. */
export const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: 1,
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@irongym.ng',
  phone_number: '+2348031234567',
  email_verified: true,
  role: 'owner',
  profile_picture: null,
  business_id: 7,
  business_name: 'Iron Gym',
  business_code: 'IRG',
  business_logo_url: null,
  ...overrides,
});

/** Iron Gym in Lekki, with every contact detail and a logo. */
export const business = (overrides: Partial<BusinessProfile> = {}): BusinessProfile => ({
  id: 3,
  business_name: 'Iron Gym',
  address: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  website_url: 'https://irongym.ng',
  business_email: 'hello@irongym.ng',
  business_phone: '08031234567',
  logo_url: '/uploads/logo.png',
  business_code: 'IRG',
  country_code: 'NG',
  created_at: '2026-11-20T10:00:00Z',
  email_verified: true,
  day_pass_plan_id: null,
  promotions_need_consent: false,
  freeze_auto_approve: false,
  staff_see_revenue: false,
  staff_give_discounts: false,
  bank_name: null,
  bank_account_number: null,
  bank_account_name: null,
  members_page_url: 'https://kora.ng/m/IRG',
  ...overrides,
});

/** Where the web app reads the business's Paystack connection. */
export const CONNECTION = 'GET /v1/business/paystack';

/** Iron Gym's Paystack account: live, connected on 20 Nov 2026, no event yet. */
export const connected = (overrides: Partial<PaystackConnection> = {}): PaystackConnection => ({
  connected: true,
  mode: 'live',
  key_last4: '3f9a',
  connected_at: '2026-11-20T10:00:00.000Z',
  webhook_url: 'https://kora.ng/v1/webhooks/paystack/7',
  webhook_paste_needed: false,
  events_received: 0,
  last_event_at: null,
  transfer_accounts: false,
  held_payments: 0,
  ...overrides,
});

/** No Paystack account connected. */
export const notConnected = (): PaystackConnection => ({
  connected: false,
  mode: null,
  key_last4: null,
  connected_at: null,
  webhook_url: null,
  webhook_paste_needed: false,
  events_received: 0,
  last_event_at: null,
  transfer_accounts: false,
  held_payments: 0,
});

/** The team as GET /v1/user answers it: the owner, a staff member who joined, an invitee. */
export const team = [
  {
    id: 1,
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@irongym.ng',
    phone_number: null,
    role: 'owner',
    email_verified: true,
    profile_picture: null,
    created_at: '2026-01-01T09:00:00.000Z',
    invitation_expires_at: null,
  },
  {
    id: 12,
    first_name: 'Chidi',
    last_name: 'Okeke',
    email: 'chidi@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: true,
    profile_picture: null,
    created_at: '2026-02-01T09:00:00.000Z',
    invitation_expires_at: null,
  },
  {
    id: 13,
    first_name: '',
    last_name: '',
    email: 'new@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: false,
    profile_picture: null,
    created_at: '2026-11-20T09:00:00.000Z',
    invitation_expires_at: '2026-11-27T09:00:00.000Z',
  },
];
