import {
  CARD_CODE_LENGTH,
  TIME_ZONE,
  formatDay,
  type CheckInTone,
  type CheckInVerdict,
  type FoundBy,
  type Visit,
} from '@kora/shared';

/** The desk's words. */
export const CHECK_IN_TEXTS = {
  searchLabel: 'Phone, member ID, card or name',
  searchPlaceholder: 'Type or scan, then Enter',
  readyToScan: 'Ready to scan',
  scanPaused: 'Scanning paused while you type in another box: click the search box to scan',
  noMember: 'No member found',
  lookupFailed: 'The search did not go through. Check your connection and try again.',
  checkInFailed: 'The check-in did not go through. Try again.',
  checkedIn: 'Checked in',
  overrideLabel: 'Why are you letting them in?',
  overrideRequired: 'Say why you are letting them in',
  visitsFailed: "Today's visits could not be loaded.",
  noVisits: 'No visits yet today',
  deviceVisitsNote: 'Visits recorded on this device; the others when back online',
  noDeviceVisits: 'No visits recorded on this device today',
  deviceVisitWaiting: 'waiting to sync',
  deviceVisitSynced: 'synced',
  kioskOff: 'This kiosk was switched off',
  kioskNotSet: 'This device is not set up as a kiosk',
  kioskReady: 'Scan your card or type your phone number or member ID',
  /** The kiosk of a gym that takes cards only. */
  kioskCardsOnly: 'Scan your card to check in',
  settingsLink: 'Open Settings',
} as const;

/** Mantine's colour of each tone: amber reads as orange on a bright screen. */
export const TONE_COLOR: Record<CheckInTone, string> = {
  green: 'green',
  amber: 'orange',
  red: 'red',
};

const timeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "07:42": the time of an instant in Lagos, 24-hour. */
export const lagosTime = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : timeFormatter.format(at);
};

export const FOUND_BY_LABELS: Record<FoundBy, string> = {
  phone: 'Phone',
  member_id: 'Member ID',
  card: 'Card',
  name: 'Name',
  kiosk: 'Kiosk',
  day_pass: 'Day pass',
};

/** Who let the visitor in: "Ada Obi", or the kiosk by its name ("Kiosk 27 Nov"). */
export const recordedBy = (visit: Visit): string =>
  visit.recorded_by?.name ?? visit.kiosk_name ?? 'the kiosk';

/** "Monthly · 20 Nov 2026 to 19 Dec 2026", or null without a plan. */
export const verdictPlanLine = (v: CheckInVerdict): string | null => {
  if (!v.plan_name) return null;
  const dates =
    v.start_date && v.end_date ? ` · ${formatDay(v.start_date)} to ${formatDay(v.end_date)}` : '';
  return `${v.plan_name}${dates}`;
};

/** "Covered by Ada Obi's group plan", or null for the member's own cover. */
export const coveredByLine = (v: CheckInVerdict): string | null =>
  v.covered_by ? `Covered by ${v.covered_by}'s group plan` : null;

/**
 * What a QR or a scanner read: the card code itself, or a card page's address ending in it
 * (`…/card/{code}`); anything else as read, trimmed.
 */
export const codeFromScan = (text: string): string => {
  const trimmed = text.trim();
  const inPath = new RegExp(`/card/([a-z2-7]{${CARD_CODE_LENGTH}})(?:[/?#]|$)`, 'i').exec(trimmed);
  return inPath ? inPath[1]!.toLowerCase() : trimmed;
};

/** Whether the typed text looks like a phone number (the day pass takes it). */
export const looksLikePhone = (text: string): boolean => /^\+?\d[\d\s-]{9,16}$/.test(text.trim());
