import type { CheckInVerdict, DeskFoundBy, RosterMember } from '@kora/shared';

/** What the desk can do offline: each is sent later to its API call. */
export type QueuedKind = 'check_in' | 'payment' | 'day_pass';

/** An action the desk recorded, kept on the device until the server has it. */
export interface QueuedAction {
  /** The order it was recorded in (auto-increment). */
  seq?: number;
  kind: QueuedKind;
  /** The body sent to the API, without recorded_at (added at send). */
  body: Record<string, unknown>;
  /** Made when queued, never changed: a resend is answered with the first result. */
  idempotency_key: string;
  /** ISO: the desk's clock when the action happened. */
  recorded_at: string;
  user_id: number;
  business_id: number;
  state: 'waiting' | 'sending' | 'done' | 'attention';
  /** When done: the server's answer data (for the receipt number, the visit). */
  result?: unknown;
  /** When attention: the server's message and field errors, and when it happened. */
  problem?: { status: number; message: string; errors?: Record<string, string>; at: string };
  /** What the desk sees in lists: "Check-in: Ada Obi", "Cash ₦25,000: Ada Obi (Monthly)". */
  label: string;
}

/** What the desk's banner shows. */
export interface DeskStatus {
  /** The signed-in user's actions not yet on the server (waiting or being sent). */
  waiting: number;
  /** The signed-in user's actions the server refused: they need the desk to look. */
  attention: number;
  /** When this device last finished a sync with the server (ISO), or null. */
  lastSyncAt: string | null;
  /** This tab is syncing now. */
  syncing: boolean;
  /** Members kept on this device. */
  rosterCount: number;
  /** When the members kept on this device were last brought up to date (ISO), or null. */
  rosterSyncedAt: string | null;
  /** Actions of other users of this device, waiting for them to sign in again. */
  otherUserWaiting: number;
}

/**
 * A member the device's lookup found, as the server's lookup answers one. The device keeps no
 * phone: `mobile_number` is the phone typed to find them (E.164), else ''.
 */
export interface OfflineCandidate {
  member: RosterMember & { mobile_number: string };
  verdict: CheckInVerdict;
  found_by: DeskFoundBy;
  /** Their visit within the last 2 hours (ISO), from this device or the roster; else null. */
  checked_in_at: string | null;
}

/** A visit this device recorded today (a check-in, or a day pass with its check-in). */
export interface DeviceVisit {
  /** Unique in the list. */
  key: string;
  /** The member's ID (IRON-00042) when the device knows it. */
  member_code: string | null;
  name: string;
  picture_url: string | null;
  /** ISO: when the desk recorded it. */
  visited_at: string;
  /** Waiting to be sent, on the server, or refused by it (see Needs attention). */
  state: 'waiting' | 'synced' | 'attention';
  day_pass: boolean;
}

export const EMPTY_STATUS: DeskStatus = Object.freeze({
  waiting: 0,
  attention: 0,
  lastSyncAt: null,
  syncing: false,
  rosterCount: 0,
  rosterSyncedAt: null,
  otherUserWaiting: 0,
});
