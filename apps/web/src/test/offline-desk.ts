import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { act } from '@testing-library/react';
import { addDays, lagosDay, type RosterMember } from '@kora/shared';
import { clearDeviceData, syncNow } from '@/features/offline';
import { chiamakaAtDesk } from './fixtures';
import { json, mockFetch, ok, type Routes } from './mock-fetch';

/*
 * The offline desk in the screens' tests: the real device store (IndexedDB in memory, by
 * fake-indexeddb), the network switched off and on as the browser reports it.
 */

export const ROSTER = 'GET /v1/check-in/roster';

/** The browser reports the network gone (navigator.onLine false, an `offline` event). */
export const goOffline = () =>
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });

/** The browser reports the network back. */
export const goOnline = () =>
  act(() => {
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  });

/** A call the network cannot carry: what fetch does offline. */
export const unreachable = (): Response => {
  throw new TypeError('Failed to fetch');
};

/** The roster's hash of a phone in E.164, as the server computes it (SHA-256, hex). */
const phoneHashOf = (e164: string): string => createHash('sha256').update(e164).digest('hex');

/** Chiamaka Okafor (IRG-00005) as the device keeps her: Monthly, 23 days left today. */
export const deskMember = (over: Partial<RosterMember> = {}): RosterMember => {
  const today = lagosDay();
  const { mobile_number, ...details } = chiamakaAtDesk;
  return {
    ...details,
    card_hash: null,
    phone_hash: phoneHashOf(mobile_number),
    is_active: true,
    subscriptions: [
      {
        start_date: addDays(today, -7),
        expiry_date: addDays(today, 23),
        plan_name: 'Monthly',
        covered_by: null,
      },
    ],
    last_visit_at: null,
    ...over,
  };
};

/** Tunde Bello (IRG-00009): his Monthly ended 5 days ago. */
export const expiredMember = (over: Partial<RosterMember> = {}): RosterMember => {
  const today = lagosDay();
  return deskMember({
    id: 9,
    member_id: 'IRG-00009',
    first_name: 'Tunde',
    last_name: 'Bello',
    phone_hash: phoneHashOf('+2348039998888'),
    subscriptions: [
      {
        start_date: addDays(today, -35),
        expiry_date: addDays(today, -5),
        plan_name: 'Monthly',
        covered_by: null,
      },
    ],
    ...over,
  });
};

/** The device downloads `members` (online, signed in), as it does at sign-in. */
export const downloadRoster = async (members: RosterMember[], more: Routes = {}) => {
  const api = mockFetch({
    [ROSTER]: () =>
      json(200, { message: 'ok', data: members, meta: { cursor: 'c1', more: false, removed: [] } }),
    ...more,
  });
  await act(() => syncNow());
  return api;
};

/**
 * After a test: what its user left waiting reaches a server that accepts it, then the device
 * forgets the business's data, so the next test starts with an empty device. Call while still
 * signed in.
 */
export const resetDesk = async () => {
  await goOnline();
  mockFetch({
    'POST /v1/check-in': () => ok({}, {}, 201),
    'POST /v1/payment': () => ok({}, {}, 201),
    'POST /v1/day-pass': () => ok({}, {}, 201),
    [ROSTER]: () =>
      json(200, { message: 'ok', data: [], meta: { cursor: 'c1', more: false, removed: [] } }),
  });
  await syncNow();
  await clearDeviceData();
};
