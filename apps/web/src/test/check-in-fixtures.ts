import type { CheckInCandidate, CheckInResult, CheckInVerdict, Kiosk, Visit } from '@kora/shared';
import { activeVerdict } from '@kora/shared/test-fixtures';
import { chiamakaAtDesk } from './fixtures';

/** The answers' shapes of check-in, filled in. Override what a test is about. */

/** Monthly, 23 days left, to the end of Chiamaka's subscription (19 Dec 2026). */
export const greenVerdict = (overrides: Partial<CheckInVerdict> = {}): CheckInVerdict => ({
  ...activeVerdict,
  end_date: '2026-12-19',
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
  member: { ...chiamakaAtDesk, is_active: true },
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

/** What opening the kiosk `name` on this device answers: the kiosk Ada Obi opened, its token. */
export const openedKiosk = (name: string): { kiosk: Kiosk; token: string } => ({
  kiosk: {
    id: 3,
    name,
    created_by: 'Ada Obi',
    created_at: '2026-11-27T08:00:00.000Z',
    last_used_at: null,
  },
  token: 'the-kiosk-token',
});
