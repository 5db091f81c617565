import { z } from 'zod';
import { DOCUMENTED, pageQuery } from './common';
import { contract, pageOf } from './contract';
import { TIME_ZONE, formatDay, lagosDay } from './dates';
import { formatNaira, koboToNaira } from './naira';
import { COMMS_CHANNELS } from './communications';
import { chosenId, dateRangeCheck, dayRangeFilters } from './payments';

/*
 * The audit trail: every change of a business's data, who made it, when, to which record and
 * what changed. Entries are written in the same transaction as the change and never changed or
 * removed. Only owners and admins read them.
 */

/** Who acted: a team user, or one of the actors that are not a person of the team. */
export const AUDIT_ACTOR_KINDS = [
  'user',
  'member',
  'paystack',
  'import',
  'kiosk',
  'system',
] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * How the actors that are not a team user are named. A member acts on their own page (their
 * details, a freeze request, their answer to offers) or pays through a payment link; the
 * payment's entry says so ("Member via payment link", `auditActorName`).
 */
export const AUDIT_ACTOR_NAMES: Record<Exclude<AuditActorKind, 'user'>, string> = {
  member: 'Member',
  paystack: 'Paystack',
  import: 'Import',
  kiosk: 'Kiosk',
  system: 'System',
};

export const AUDIT_ACTIONS = [
  'member.create',
  /** A walk-in became a member (added as a member with their phone, or paid for a plan). */
  'member.join',
  'member.update',
  'member.deactivate',
  'member.activate',
  'member.picture',
  'member.card_replace',
  'plan.create',
  'plan.update',
  'plan.activate',
  'plan.deactivate',
  'plan.delete',
  'payment.record',
  'payment.void',
  'payment.refund',
  'payment.confirm',
  'receipt.send',
  'subscription.withdraw',
  'subscription.change',
  'check_in.override',
  'day_pass.sell',
  'team.invite',
  'team.role',
  'team.remove',
  'team.invite_cancel',
  'business.update',
  'business.settings',
  'paystack.connect',
  'paystack.disconnect',
  'payment_link.create',
  'payment_link.cancel',
  'import.apply',
  'export.download',
  'message.send',
  'reminders.settings',
  'kiosk.create',
  'kiosk.revoke',
  'cash_up.create',
  // The other changes the trail records (every call that changes data writes an entry).
  'business.create',
  'team.join',
  'message.schedule',
  'message.cancel',
  'message.retry',
  'transfer_account.create',
  'held_payment.dismiss',
  'import.upload',
  'import.start',
  'member.consent',
  'member.export',
  'member.erase',
  'member.erasure_request',
  'freeze.create',
  'freeze.request',
  'freeze.approve',
  'freeze.decline',
  'freeze.end',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_KINDS = [
  'member',
  'plan',
  'payment',
  'subscription',
  'visit',
  'user',
  'business',
  'paystack',
  'payment_link',
  'import',
  'export',
  'message',
  'cash_up',
  'kiosk',
  'receipt',
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

/** Longest record label and actor name kept (the columns' sizes). */
export const AUDIT_LABEL_MAX = 200;

/** One changed field: its value before and after. */
const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When (ISO). */
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    /** The team user, when a team user acted. */
    user_id: z.number().int().nullable(),
    /** The user's full name when the entry was written, or the actor's name ("Paystack"). */
    name: z.string(),
    /** owner, admin or staff when a team user acted. */
    role: z.string().nullable(),
  }),
  action: z.string(),
  record_kind: z.string(),
  record_id: z.number().int().nullable(),
  /** The record's business-facing name: "Ada Obi (IRON-00042)", a plan's name, IRON-000123. */
  record_label: z.string(),
  member_id: z.number().int().nullable(),
  payment_id: z.number().int().nullable(),
  /** `{ field: { from, to } }` for each changed field (never a secret). */
  changes: z.record(z.string(), auditChangeSchema),
  /** What else the action names: reason, amount_kobo, filters, channel, count… */
  detail: z.record(z.string(), z.unknown()),
  /** The entry in plain words (`auditText`). */
  text: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (label: string) =>
  z
    .preprocess(
      blankToUndefined,
      chosenId(`${label} must be a whole number of at least 1`).optional(),
    )
    .meta(DOCUMENTED.idOrBlank);

/** The trail's filters (the list and its export). Dates are Lagos days, both included. */
export const auditFilters = {
  /** The team user who acted. */
  user_id: optionalId('user_id'),
  record_kind: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(AUDIT_RECORD_KINDS, { error: 'Unknown kind of record' }).optional(),
    )
    .meta(DOCUMENTED.choices(AUDIT_RECORD_KINDS)),
  member_id: optionalId('member_id'),
  payment_id: optionalId('payment_id'),
  ...dayRangeFilters,
};

export const AUDIT_PAGE_MAX = 100;

export const auditListQuery = pageQuery(AUDIT_PAGE_MAX)
  .extend(auditFilters)
  .superRefine(dateRangeCheck);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditExportQuery = z
  .object({
    ...auditFilters,
    format: z
      .enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' })
      .optional()
      .default('csv'),
  })
  .superRefine(dateRangeCheck);
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

// -------------------------------------------------------------------------------------------
// The entry in plain words

/** What `auditText` reads: an entry without its text. */
export type AuditTextInput = Omit<AuditEntry, 'id' | 'at' | 'text'>;

/**
 * The actor as the sentence names them: "Chidi Eze (staff)", "Paystack", "Member", and for a
 * payment a member made online, "Member via payment link".
 */
export const auditActorName = (
  actor: AuditTextInput['actor'],
  action?: AuditTextInput['action'],
): string => {
  if (actor.kind === 'member' && action === 'payment.record') return 'Member via payment link';
  if (actor.kind !== 'user') return AUDIT_ACTOR_NAMES[actor.kind];
  const name = actor.name.trim() || 'A team member';
  return actor.role ? `${name} (${actor.role})` : name;
};

/** What each action did, as a verb phrase before the record's label. */
const VERBS: Record<AuditAction, string> = {
  'member.create': 'added member',
  'member.join': 'made a member of walk-in',
  'member.update': 'changed member',
  'member.deactivate': 'deactivated member',
  'member.activate': 'reactivated member',
  'member.picture': 'changed the picture of member',
  'member.card_replace': 'replaced the card of member',
  'plan.create': 'created plan',
  'plan.update': 'changed plan',
  'plan.activate': 'activated plan',
  'plan.deactivate': 'deactivated plan',
  'plan.delete': 'deleted plan',
  'payment.record': 'recorded payment',
  'payment.void': 'voided payment',
  'payment.refund': 'refunded',
  'payment.confirm': 'confirmed transfer',
  'receipt.send': 'sent receipt',
  'subscription.withdraw': 'withdrew subscription',
  'subscription.change': 'changed subscription',
  'check_in.override': 'let in anyway',
  'day_pass.sell': 'sold a day pass to',
  'team.invite': 'invited',
  'team.role': 'changed the role of',
  'team.remove': 'removed from the team',
  'team.invite_cancel': 'cancelled the invitation of',
  'business.update': 'changed the business profile',
  'business.settings': 'changed the settings',
  'paystack.connect': 'connected Paystack',
  'paystack.disconnect': 'disconnected Paystack',
  'payment_link.create': 'created payment link',
  'payment_link.cancel': 'cancelled payment link',
  'import.apply': 'imported members from',
  'export.download': 'exported',
  'message.send': 'sent message',
  'reminders.settings': 'changed the renewal reminders',
  'kiosk.create': 'opened kiosk',
  'kiosk.revoke': 'revoked kiosk',
  'cash_up.create': 'cashed up',
  'business.create': 'set up the business',
  'team.join': 'joined the team',
  'message.schedule': 'scheduled message',
  'message.cancel': 'cancelled the scheduled message',
  'message.retry': 'sent again the failed deliveries of message',
  'transfer_account.create': 'opened a transfer account for',
  'held_payment.dismiss': 'marked as handled',
  'import.upload': 'uploaded the member import',
  'import.start': 'started the member import',
  'member.consent': 'changed the offers consent of member',
  'member.export': 'exported the data of member',
  'member.erase': 'erased the personal data of member',
  'member.erasure_request': 'asked to be erased:',
  'freeze.create': 'froze the membership of',
  'freeze.request': 'asked to freeze the membership of',
  'freeze.approve': 'approved the freeze of',
  'freeze.decline': 'declined the freeze request of',
  'freeze.end': 'ended the freeze of',
};

const MAX_CHANGES_SHOWN = 5;
const MAX_VALUE_SHOWN = 60;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const naira = (kobo: unknown): string | undefined => {
  const n = num(kobo);
  return n === undefined ? undefined : formatNaira(koboToNaira(n));
};

/** A changed value in words: empty is "(none)", true/false "yes"/"no", long text cut. */
const valueText = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '(none)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > MAX_VALUE_SHOWN ? `${text.slice(0, MAX_VALUE_SHOWN - 1)}…` : text;
};

/** "first name Ada → Adaeze, phone (none) → 0803…" (the first few, then "and N more"). */
const changesText = (changes: AuditTextInput['changes']): string => {
  const fields = Object.keys(changes);
  const shown = fields.slice(0, MAX_CHANGES_SHOWN).map((field) => {
    const c = changes[field]!;
    return `${field.replace(/_/g, ' ')} ${valueText(c.from)} → ${valueText(c.to)}`;
  });
  const more = fields.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
};

/** The order filters are named in (the database keeps no order of its own); others follow. */
const FILTER_ORDER = [
  'search',
  'user_id',
  'record_kind',
  'member_id',
  'payment_id',
  'subscription_type_id',
  'method',
  'status',
  'start_date',
  'end_date',
];
const filterRank = (key: string) => {
  const i = FILTER_ORDER.indexOf(key);
  return i === -1 ? FILTER_ORDER.length : i;
};

/** Filters in words: "method Cash, start date 2026-11-01". */
const filtersText = (filters: unknown): string => {
  if (!filters || typeof filters !== 'object') return '';
  return Object.entries(filters as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => filterRank(a) - filterRank(b) || a.localeCompare(b))
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueText(v)}`)
    .join(', ');
};

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "recorded offline at 26 Nov 2026 18:30" (Lagos time): an action an offline desk sent later
 * keeps the time the desk took it in its details.
 */
const recordedOfflineText = (value: unknown): string | undefined => {
  const at = str(value) ? new Date(str(value)!) : undefined;
  if (!at || Number.isNaN(at.getTime())) return undefined;
  return `recorded offline at ${formatDay(lagosDay(at))} ${lagosClock.format(at)}`;
};

/** A channel as people write it: WhatsApp, SMS, Email. */
const channelName = (key: string): string =>
  COMMS_CHANNELS.find((c) => c.key === key)?.label ?? key;

/**
 * The entry in plain words, the same on the Activity page and in the CSV:
 * "Chidi Eze (staff) voided payment IRON-000123 of ₦25,000 for Ada Obi: wrong member".
 */
export const auditText = (entry: AuditTextInput): string => {
  const d = entry.detail;
  const actor = auditActorName(entry.actor, entry.action);
  const verb = VERBS[entry.action as AuditAction] ?? `${entry.action.replace(/[._]/g, ' ')}`;
  const label = entry.record_label.trim();
  const member = str(d.member_name);
  const amount = naira(d.amount_kobo);
  const reason = str(d.reason);
  const parts: string[] = [actor];
  switch (entry.action) {
    case 'payment.refund':
      parts.push(`refunded ${amount ?? 'money'}${str(d.method) ? ` (${str(d.method)})` : ''}`);
      parts.push(`on payment ${label}`);
      if (member) parts.push(`for ${member}`);
      break;
    case 'payment.confirm': {
      const count = num(d.count);
      if (count !== undefined && str(d.day))
        parts.push(
          `confirmed ${count} transfer${count === 1 ? '' : 's'} of ${formatDay(str(d.day))}`,
        );
      else {
        parts.push(`confirmed transfer ${label}`);
        if (amount) parts.push(`of ${amount}`);
        if (member) parts.push(`for ${member}`);
      }
      break;
    }
    case 'payment.record':
    case 'payment.void':
    case 'day_pass.sell':
      parts.push(`${verb} ${label}`.trim());
      if (amount) parts.push(`of ${amount}`);
      if (member && entry.action !== 'day_pass.sell') parts.push(`for ${member}`);
      // A freeze's fee is a payment too: the entry says what it paid for.
      if (entry.action === 'payment.record' && d.kind === 'freeze_fee') parts.push('(freeze fee)');
      break;
    case 'receipt.send':
      parts.push(`${verb} ${label}`.trim());
      if (str(d.channel)) parts.push(`by ${channelName(str(d.channel)!)}`);
      break;
    case 'export.download': {
      parts.push(`exported ${label || entry.record_kind}`);
      const filters = filtersText(d.filters);
      if (filters) parts.push(`(${filters})`);
      break;
    }
    case 'cash_up.create': {
      parts.push('cashed up');
      const counted = naira(d.counted_kobo);
      const difference = num(d.difference_kobo);
      if (counted) parts.push(`counting ${counted}`);
      if (difference !== undefined && difference !== 0)
        parts.push(
          `(${formatNaira(koboToNaira(Math.abs(difference)))} ${difference < 0 ? 'short' : 'over'})`,
        );
      break;
    }
    default:
      parts.push(`${verb} ${label}`.trim());
  }
  const offline = recordedOfflineText(d.recorded_at);
  if (offline) parts.push(`(${offline})`);
  let text = parts.join(' ');
  if (Object.keys(entry.changes).length > 0) text += `: ${changesText(entry.changes)}`;
  if (reason) text += `: ${reason}`;
  return text;
};

// -------------------------------------------------------------------------------------------
// The calls

const TAG = 'audit';

export const auditContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/audit',
    operationId: 'listAuditEntries',
    summary: "A page of the business's audit trail, newest first",
    tag: TAG,
    access: 'audit.read',
    query: auditListQuery,
    answer: pageOf(auditEntrySchema),
  }),
  export: contract({
    method: 'GET',
    path: '/v1/audit/export',
    operationId: 'exportAuditEntries',
    summary: "The business's audit trail as a CSV or Excel file",
    description:
      'The same filters as the list, every matching entry (no paging), newest first. The export ' +
      'itself is recorded in the trail with its filters.',
    tag: TAG,
    access: 'audit.read',
    query: auditExportQuery,
    answer: z.string().meta({ format: 'binary' }),
    produces: [
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  }),
};
