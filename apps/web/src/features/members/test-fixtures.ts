import { plan } from '@/test/fixtures';

export { member } from '@/test/fixtures';

export const activePlans = [plan()];

export const STATES = ['Abia', 'Lagos', 'Oyo'];

/** What adding Tunde Bakare sends: the required fields, in Nigeria, on plan 7. */
export const tundeInput = {
  first_name: 'Tunde',
  last_name: 'Bakare',
  mobile_number: '08031234567',
  email_address: 'tunde@example.com',
  city: 'Ibadan',
  state: 'Oyo',
  country_code: 'NG',
  subscription_type_id: 7,
  // The offers question, unticked: the member was asked and said no.
  marketing_consent: 'no',
};
