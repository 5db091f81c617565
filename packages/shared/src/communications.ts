import { z } from 'zod';
import { LIMITS, addFieldIssue, choiceFilter, idParam, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';
import { textField } from './text';

/**
 * Who a bulk message goes to. Inactive (deactivated) members never receive one. Walk-ins (a day
 * pass added them; they have not joined) are prospects, never members.
 * - all_members: every active member;
 * - active_members: those with a subscription running today;
 * - expired_members: those whose latest subscription has ended (none running);
 * - all_prospects: those who never subscribed, and the walk-ins.
 */
export const COMMS_GROUPS = [
  { key: 'all_members', label: 'All Members' },
  { key: 'active_members', label: 'Active Members' },
  { key: 'expired_members', label: 'Expired Members' },
  { key: 'all_prospects', label: 'All Prospects' },
] as const;
export type CommunicationGroup = (typeof COMMS_GROUPS)[number]['key'];
export const COMMS_GROUP_KEYS = COMMS_GROUPS.map((g) => g.key) as [
  CommunicationGroup,
  ...CommunicationGroup[],
];

export const COMMS_CHANNELS = [
  { key: 'email', label: 'Email' },
  { key: 'sms', label: 'SMS' },
  { key: 'whatsapp', label: 'WhatsApp' },
] as const;
export type CommunicationChannel = (typeof COMMS_CHANNELS)[number]['key'];
export const COMMS_CHANNEL_KEYS = COMMS_CHANNELS.map((c) => c.key) as [
  CommunicationChannel,
  ...CommunicationChannel[],
];

/**
 * A message's life: SCHEDULED until its time, SENDING while its deliveries go out, then SENT
 * when every delivery is done or FAILED when any failed for good. CANCELLED: a scheduled
 * message stopped before its time.
 */
/**
 * What a message is: a Service notice (opening hours, a closure, a price change) reaches everyone
 * in the group; a Promotion (offers and news) only the members who agreed to offers: never those
 * who said no, nor those never asked when the business sends promotions only to members who said yes.
 */
export const COMMS_PURPOSES = [
  { key: 'service', label: 'Service notice', hint: 'Reaches everyone in the group' },
  { key: 'promotion', label: 'Promotion', hint: 'Only members who agreed to offers' },
] as const;
export type CommunicationPurpose = (typeof COMMS_PURPOSES)[number]['key'];
export const COMMS_PURPOSE_KEYS = ['service', 'promotion'] as const;
const purposeField = z
  .enum(COMMS_PURPOSE_KEYS, { error: 'Choose Service notice or Promotion' })
  .default('service');

export const COMMS_STATUSES = ['SCHEDULED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type CommunicationStatus = (typeof COMMS_STATUSES)[number];

/** The placeholders a message may hold, filled per recipient: `{{first_name}}`. */
export const MESSAGE_PLACEHOLDERS = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'full_name', label: 'Full name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'business_name', label: 'Business name' },
  { key: 'subscription_plan', label: 'Subscription plan' },
  { key: 'expiry_date', label: 'Expiry date' },
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number]['key'];

/** Every `{{name}}` in a text (spaces inside the braces allowed): the names, in order. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!);

/** A scheduled message is at least this many minutes ahead. */
export const SCHEDULE_MIN_MINUTES = 5;
/** And at most this many days ahead. */
const SCHEDULE_MAX_DAYS = 365;

/** Promotional SMS wait outside these Lagos hours (carriers block them at night). */
export const SMS_QUIET_HOURS = { from: 20, to: 8 } as const;

export const COMMS_MESSAGES = {
  groupRequired: 'Please select a recipient group',
  channelRequired: 'Please select a message channel',
  messageRequired: 'Message content is required',
  scheduleRequired: 'Schedule date is required for scheduled messages',
  scheduleTooSoon: `Schedule the message at least ${SCHEDULE_MIN_MINUTES} minutes from now`,
  scheduleTooFar: `Schedule the message at most ${SCHEDULE_MAX_DAYS} days ahead`,
  scheduleInvalid: 'Schedule date must be a valid date and time',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}. Use one of: ${MESSAGE_PLACEHOLDERS.map((p) => `{{${p.key}}}`).join(', ')}.`,
} as const;

/** The visible text of editor HTML, roughly (tags dropped, entities of spaces read as spaces). */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();

/**
 * A day that exists on the calendar, YYYY-MM-DD, as a regular expression (the OpenAPI document
 * carries it): 31 days in the long months, 30 in the short ones, 28 in February and a 29th in
 * leap years (every fourth year, but not the centuries other than every fourth one).
 */
const CALENDAR_DAY =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';

/**
 * A message's send time: `YYYY-MM-DDTHH:mm` (a datetime-local field: Lagos time, UTC+1 all
 * year), seconds optional, or the same with its offset or Z. The day must exist (no 30 February,
 * which a Date would read as 2 March).
 */
const SCHEDULE_DATE = new RegExp(
  `^${CALENDAR_DAY}T(?:[01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(?:\\.\\d{1,9})?)?(Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)?$`,
);

/** The instant a send time names; undefined when it is not one. */
const parseScheduleDate = (value: string): Date | undefined => {
  const m = SCHEDULE_DATE.exec(value);
  if (!m) return undefined;
  const at = new Date(m[2] ? value : `${value}${m[1] ? '' : ':00'}+01:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/**
 * A new message. `schedule_date` counts only when `is_scheduled`: a Lagos date and time at least
 * 5 minutes ahead. The message is the editor's HTML; every placeholder in it must be known.
 * `now` is when the check runs (the server's clock).
 */
export const createMessageSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      group: z.enum(COMMS_GROUP_KEYS, { error: COMMS_MESSAGES.groupRequired }),
      channel: z.enum(COMMS_CHANNEL_KEYS, { error: COMMS_MESSAGES.channelRequired }),
      /** service (default, for older clients) or promotion. */
      purpose: purposeField,
      // Stored text like any other: no NUL or control character (line breaks and tabs are
      // welcome in a message), no half emoji.
      message: textField({
        label: 'Message',
        max: LIMITS.html,
        min: 1,
        minMessage: COMMS_MESSAGES.messageRequired,
        multiLine: true,
      }).refine((v) => visibleText(v).length > 0, { error: COMMS_MESSAGES.messageRequired }),
      is_scheduled: z.boolean({ error: 'is_scheduled must be true or false' }).default(false),
      // Blank or null: none. A given one is a date and time even when the message is not
      // scheduled (it is then ignored).
      schedule_date: z
        .string({ error: COMMS_MESSAGES.scheduleInvalid })
        .max(40, { error: COMMS_MESSAGES.scheduleInvalid })
        .refine((v) => v === '' || parseScheduleDate(v) !== undefined, {
          error: COMMS_MESSAGES.scheduleInvalid,
        })
        .meta({ anyOf: [{ pattern: SCHEDULE_DATE.source }, { maxLength: 0 }] })
        .nullable()
        .optional(),
    })
    .superRefine((v, ctx) => {
      const unknown = [
        ...new Set(
          placeholdersIn(v.message).filter((n) => !MESSAGE_PLACEHOLDERS.some((p) => p.key === n)),
        ),
      ];
      if (unknown.length) addFieldIssue(ctx, 'message', COMMS_MESSAGES.unknownPlaceholder(unknown));
      if (!v.is_scheduled) return;
      if (!v.schedule_date) {
        addFieldIssue(ctx, 'schedule_date', COMMS_MESSAGES.scheduleRequired);
        return;
      }
      const at = parseScheduleDate(v.schedule_date);
      const message = !at
        ? COMMS_MESSAGES.scheduleInvalid
        : at.getTime() < now().getTime() + SCHEDULE_MIN_MINUTES * 60_000 - 30_000
          ? COMMS_MESSAGES.scheduleTooSoon
          : at.getTime() > now().getTime() + SCHEDULE_MAX_DAYS * 86_400_000
            ? COMMS_MESSAGES.scheduleTooFar
            : null;
      if (message) addFieldIssue(ctx, 'schedule_date', message);
    })
    .transform((v) => ({
      group: v.group,
      channel: v.channel,
      purpose: v.purpose,
      message: v.message,
      is_scheduled: v.is_scheduled,
      // Only a scheduled message keeps a date, as an instant.
      schedule_at: v.is_scheduled && v.schedule_date ? parseScheduleDate(v.schedule_date)! : null,
    }));
export type CreateMessageInput = z.input<ReturnType<typeof createMessageSchema>>;
export type CreateMessageData = z.output<ReturnType<typeof createMessageSchema>>;

/**
 * How an SMS is billed: GSM-7 text (the basic Latin alphabet; ^{}\[~]|€ count twice) takes 160
 * characters in one part and 153 per part beyond; any other character (a Yoruba tone mark, an
 * emoji) makes the whole message Unicode: 70, then 67 per part.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
export const smsParts = (
  text: string,
): { encoding: 'GSM-7' | 'UCS-2'; characters: number; parts: number } => {
  let units = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) units += 1;
    else if (GSM_EXTENDED.includes(ch)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return {
      encoding: 'GSM-7',
      characters: units,
      parts: units <= 160 ? 1 : Math.ceil(units / 153),
    };
  }
  // UCS-2 counts UTF-16 code units (an emoji is two).
  const length = text.length;
  return {
    encoding: 'UCS-2',
    characters: length,
    parts: length <= 70 ? 1 : Math.ceil(length / 67),
  };
};

const optionSchema = z.object({ id: z.number().int(), key: z.string(), label: z.string() });

/** A bulk message with its delivery counts. */
const communicationSchema = z.object({
  id: z.number().int(),
  group: z.enum(COMMS_GROUP_KEYS),
  channel: z.enum(COMMS_CHANNEL_KEYS),
  /** service: everyone in the group; promotion: only members who agreed to offers. */
  purpose: z.enum(COMMS_PURPOSE_KEYS),
  /** The sanitised HTML, placeholders unfilled. */
  message: z.string(),
  status: z.enum(COMMS_STATUSES),
  is_scheduled: z.boolean(),
  /** ISO instant, or null when sent at once. */
  schedule_date: z.string().nullable(),
  created_at: z.string(),
  /** Members it goes to (those with the channel's address). */
  recipients: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Members of the group without the channel's address: not sent, not failed. */
  skipped: z.number().int(),
  /** SMS only: the parts of the longest text sent (what each recipient costs at most). */
  sms_parts: z.number().int().nullable(),
});
export type Communication = z.infer<typeof communicationSchema>;

export const DELIVERY_STATUSES = ['pending', 'sent', 'stored', 'failed', 'cancelled'] as const;

/** One recipient's delivery. */
const deliverySchema = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string(),
  to: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  provider_id: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

const communicationsListQuery = pageQuery(100);
const deliveryListQuery = pageQuery(100).extend({
  /** '' or `all`: every delivery. */
  status: choiceFilter(['pending', 'done', 'failed'], 'Status must be pending, done or failed'),
});
const audienceQuery = z.object({
  group: z.enum(COMMS_GROUP_KEYS, { error: COMMS_MESSAGES.groupRequired }),
  channel: z.enum(COMMS_CHANNEL_KEYS, { error: COMMS_MESSAGES.channelRequired }),
  purpose: purposeField,
});

/** Bulk messages: everyone in the business may read and send them. */
export const communicationsContracts = {
  groups: contract({
    method: 'GET',
    path: '/v1/options/comms_group',
    operationId: 'listCommunicationGroups',
    summary: 'The recipient groups a message can go to',
    tag: 'comms',
    access: 'communications.read',
    answer: answerOf(z.array(optionSchema)),
  }),
  channels: contract({
    method: 'GET',
    path: '/v1/options/comms_channel',
    operationId: 'listCommunicationChannels',
    summary: 'The channels a message can go by',
    tag: 'comms',
    access: 'communications.read',
    answer: answerOf(z.array(optionSchema)),
  }),
  audience: contract({
    method: 'GET',
    path: '/v1/comms/audience',
    operationId: 'countCommunicationAudience',
    summary: 'How many members a group would reach by a channel, and how many lack its address',
    tag: 'comms',
    access: 'communications.read',
    query: audienceQuery,
    answer: answerOf(
      z.object({
        recipients: z.number().int(),
        skipped: z.number().int(),
        /** A promotion: members of the group left out because they did not agree to offers. */
        no_consent: z.number().int(),
      }),
    ),
  }),
  list: contract({
    method: 'GET',
    path: '/v1/comms',
    operationId: 'listCommunications',
    summary: 'Bulk messages, newest first',
    tag: 'comms',
    access: 'communications.read',
    query: communicationsListQuery,
    answer: pageOf(communicationSchema),
  }),
  get: contract({
    method: 'GET',
    path: '/v1/comms/:id',
    operationId: 'getCommunication',
    summary: 'A bulk message with its delivery counts',
    tag: 'comms',
    access: 'communications.read',
    params: idParam,
    answer: answerOf(communicationSchema),
  }),
  deliveries: contract({
    method: 'GET',
    path: '/v1/comms/:id/deliveries',
    operationId: 'listCommunicationDeliveries',
    summary: "A bulk message's per-recipient results",
    tag: 'comms',
    access: 'communications.read',
    params: idParam,
    query: deliveryListQuery,
    answer: pageOf(deliverySchema),
  }),
  create: contract({
    method: 'POST',
    path: '/v1/comms',
    operationId: 'createCommunication',
    summary: 'Send a bulk message now, or schedule it',
    description:
      'The HTML is sanitised and its placeholders filled per recipient. The same Idempotency-Key again answers the first message and sends nothing.',
    tag: 'comms',
    access: 'communications.send',
    body: createMessageSchema(),
    answer: answerOf(communicationSchema),
    status: 201,
    idempotent: true,
  }),
  cancel: contract({
    method: 'POST',
    path: '/v1/comms/:id/cancel',
    operationId: 'cancelCommunication',
    summary: 'Cancel a scheduled message before its time',
    tag: 'comms',
    access: 'communications.send',
    params: idParam,
    answer: answerOf(communicationSchema),
  }),
  retry: contract({
    method: 'POST',
    path: '/v1/comms/:id/retry',
    operationId: 'retryCommunication',
    summary: 'Send the failed deliveries of a message again',
    tag: 'comms',
    access: 'communications.send',
    params: idParam,
    answer: answerOf(communicationSchema),
  }),
};
