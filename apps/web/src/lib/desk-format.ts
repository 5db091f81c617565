import { TIME_ZONE, lagosDay } from '@kora/shared';

/** The offline desk's words. */
export const OFFLINE_TEXTS = {
  savedWillSync: 'Saved — will sync',
  synced: 'Synced.',
  notAccepted: 'Not accepted by the server',
  cashOnly: 'Offline: Cash only. Other methods need a connection.',
  attentionTitle: 'Needs attention',
  nothingNeedsAttention: 'Nothing needs attention: every action recorded offline was accepted.',
  discardTitle: 'Discard this action?',
  signOutTitle: 'Actions still waiting',
} as const;

/** "1 action", "3 actions". */
const actionCount = (n: number): string => `${n} action${n === 1 ? '' : 's'}`;

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
});

/** When something happened on the desk: "07:41" today (Lagos), else "26 Nov 07:41". */
export const deskTime = (iso: string): string => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = timeFormat.format(at);
  return lagosDay(at) === lagosDay() ? time : `${dayFormat.format(at)} ${time}`;
};

/** The banner's words: what waits on this device, or null when nothing is to be said. */
export const bannerLines = (s: {
  online: boolean;
  waiting: number;
  attention: number;
  lastSyncAt: string | null;
  otherUserWaiting: number;
}): { status: string | null; attention: string | null; others: string | null } => {
  const lastSync = s.lastSyncAt ? ` · last sync ${deskTime(s.lastSyncAt)}` : '';
  const status = !s.online
    ? `Offline — ${actionCount(s.waiting)} waiting${lastSync}`
    : s.waiting > 0
      ? `Syncing ${actionCount(s.waiting)}…`
      : null;
  return {
    status,
    attention:
      s.attention > 0
        ? `${actionCount(s.attention)} ${s.attention === 1 ? 'needs' : 'need'} attention`
        : null,
    others:
      s.otherUserWaiting > 0
        ? `${actionCount(s.otherUserWaiting)} of another user ${s.otherUserWaiting === 1 ? 'waits' : 'wait'} for them to sign in on this device`
        : null,
  };
};

/** The sign-out warning. */
export const signOutWarning = (waiting: number): string =>
  waiting === 1
    ? '1 action is still waiting to sync. It will be sent when you sign in again on this device.'
    : `${actionCount(waiting)} are still waiting to sync. They will be sent when you sign in again on this device.`;

/** The dashboard's and lists' note. */
export const waitingNote = (waiting: number): string =>
  `Does not include ${actionCount(waiting)} waiting to sync`;
