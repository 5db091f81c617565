import {
  COMMS_CHANNELS,
  COMMS_GROUPS,
  formatNaira,
  type Activity,
  type CommunicationStatus,
} from '@kora/shared';
import { formatCount } from './dashboard-format';

/** A piece of an activity line: plain words, or a link to what it is about. */
export type ActivityPart = string | { text: string; to: string };

const STATUS_LABELS: Record<CommunicationStatus, string> = {
  SCHEDULED: 'Scheduled',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

const labelOf = <K extends string>(list: readonly { key: K; label: string }[], key: K) =>
  list.find((item) => item.key === key)?.label ?? key;

const by = (who: string | null) => (who ? ` by ${who}` : '');

const teamLine = (a: Extract<Activity, { kind: 'team' }>): string => {
  switch (a.event) {
    case 'invited':
      return `${a.name} was invited${a.role ? ` as ${a.role}` : ''}${by(a.by)}`;
    case 'joined':
      return `${a.name} joined the team`;
    case 'role_changed':
      if (!a.role) return `${a.name}'s role was changed${by(a.by)}`;
      return a.by ? `${a.by} made ${a.name} ${a.role}` : `${a.name} is now ${a.role}`;
    case 'removed':
      return `${a.name} was removed${by(a.by)}`;
    case 'invitation_revoked':
      return `Invitation to ${a.name} revoked${by(a.by)}`;
  }
};

/**
 * One line of recent activity: "Ada Nwosu paid ₦25,000 · Monthly · Transfer" (the member a link),
 * "SMS to All Members · Sent · 120 recipients" (the message a link), "Bola Ade joined the team".
 */
export const activityParts = (a: Activity): ActivityPart[] => {
  switch (a.kind) {
    case 'payment':
      return [
        { text: a.member.name, to: `/members/${a.member.id}` },
        ` paid ${formatNaira(a.amount)} · ${a.plan_name} · ${a.method}`,
      ];
    case 'member':
      return [{ text: a.member.name, to: `/members/${a.member.id}` }, ' joined'];
    case 'message': {
      const recipients = `${formatCount(a.recipients)} ${a.recipients === 1 ? 'recipient' : 'recipients'}`;
      return [
        {
          text: `${labelOf(COMMS_CHANNELS, a.channel)} to ${labelOf(COMMS_GROUPS, a.group)}`,
          to: `/communications/${a.id}`,
        },
        ` · ${STATUS_LABELS[a.status]} · ${recipients}`,
      ];
    }
    case 'team':
      return [teamLine(a)];
  }
};

/** The line as plain text (what a screen reader reads of it). */
export const activityText = (a: Activity) =>
  activityParts(a)
    .map((p) => (typeof p === 'string' ? p : p.text))
    .join('');
