import type { Member, Plan } from '@kora/shared';

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
  picture_url: null,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

export const activePlans: Plan[] = [
  {
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
  },
];

export const STATES = ['Abia', 'Lagos', 'Oyo'];
