import type { CheckInCandidate, CheckInResult, CheckInVerdict, Visit } from '@kora/shared';

/** The answers' shapes of check-in, filled in. Override what a test is about. */

export const greenVerdict = (overrides: Partial<CheckInVerdict> = {}): CheckInVerdict => ({
  status: 'active',
  tone: 'green',
  text: 'Active, 23 days left',
  days_left: 23,
  plan_name: 'Monthly',
  start_date: '2026-11-20',
  end_date: '2026-12-19',
  covered_by: null,
  ...overrides,
});

export const amberVerdict = (): CheckInVerdict =>
  greenVerdict({ status: 'ending', tone: 'amber', text: 'Ends in 2 days', days_left: 2 });

export const redVerdict = (): CheckInVerdict =>
  greenVerdict({
    status: 'expired',
    tone: 'red',
    text: 'Expired 5 days ago',
    days_left: null,
    start_date: '2026-10-23',
    end_date: '2026-11-22',
  });

/** Chiamaka Okafor found by her phone, with `verdict`. */
export const candidate = (overrides: Partial<CheckInCandidate> = {}): CheckInCandidate => ({
  member: {
    id: 5,
    member_id: 'IRG-00005',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    mobile_number: '+2348031234567',
    picture_url: null,
    is_active: true,
  },
  verdict: greenVerdict(),
  found_by: 'phone',
  checked_in_at: null,
  ...overrides,
});

/** Tunde Bello, another member with the same name search. */
export const tunde = (overrides: Partial<CheckInCandidate> = {}): CheckInCandidate =>
  candidate({
    member: {
      id: 9,
      member_id: 'IRG-00009',
      first_name: 'Tunde',
      last_name: 'Okafor',
      mobile_number: '+2348039998888',
      picture_url: null,
      is_active: true,
    },
    verdict: redVerdict(),
    found_by: 'name',
    ...overrides,
  });

/** Chiamaka's visit at 07:42 Lagos time (06:42 UTC), checked in by Ada Obi. */
export const visit = (overrides: Partial<Visit> = {}): Visit => ({
  id: 301,
  visited_at: '2026-11-27T06:42:00.000Z',
  member: {
    id: 5,
    member_id: 'IRG-00005',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    picture_url: null,
  },
  recorded_by: { id: 1, name: 'Ada Obi' },
  kiosk_name: null,
  found_by: 'phone',
  verdict_status: 'active',
  overridden: false,
  override_reason: null,
  ...overrides,
});

export const checkInResult = (overrides: Partial<CheckInResult> = {}): CheckInResult => ({
  visit: visit(),
  verdict: greenVerdict(),
  already_checked_in: false,
  ...overrides,
});
