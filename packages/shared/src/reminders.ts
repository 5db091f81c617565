import { z } from 'zod';
import { idParam, pageQuery } from './common';
import { DELIVERY_STATUSES, MESSAGE_PLACEHOLDERS, placeholdersIn } from './communications';
import { answerOf, contract, pageOf } from './contract';
import { textField } from './text';

/*
 * Automatic renewal reminders: on the days the business chooses around the last day of a
 * member's subscription (by default 7, 3 and 1 days before it and 3 days after it ended), the
 * member gets a message by the first channel they have an address for (WhatsApp, then SMS,
 * then e-mail), between 8 am and 8 pm Lagos time, each reminder once per subscription and
 * expiry date. Members who renewed, are deactivated or opted out get none.
 */

/** Days relative to the last day of the subscription: -7 = 7 days before, 3 = 3 days after. */
const REMINDER_OFFSET_MIN = -30;
export const REMINDER_OFFSET_MAX = 30;
/** At most this many reminders per subscription. */
export const REMINDER_MAX_COUNT = 8;
/** A reminder's text, in characters. */
export const REMINDER_TEXT_MAX = 500;
/** Reminders go out only between these Lagos hours (8:00 to 19:59). */
export const REMINDER_HOURS = { from: 8, to: 20 } as const;
/** A renewal counts for the dashboard when paid within this many days of a reminder. */
export const REMINDER_RENEWAL_WINDOW_DAYS = 7;

/** The channels in the order tried: the first the member has an address for is used. */
export const REMINDER_CHANNEL_ORDER = ['whatsapp', 'sms', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNEL_ORDER)[number];

/** The placeholders of Communications, plus the days left and the member's payment link. */
export const REMINDER_PLACEHOLDERS = [
  ...MESSAGE_PLACEHOLDERS,
  { key: 'days_left', label: 'Days left' },
  { key: 'payment_link', label: 'Payment link' },
] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number]['key'];

export const REMINDER_MESSAGES = {
  offset: `Choose a day between ${-REMINDER_OFFSET_MIN} days before and ${REMINDER_OFFSET_MAX} days after the last day`,
  duplicate: 'Each day can only have one reminder',
  tooMany: `At most ${REMINDER_MAX_COUNT} reminders`,
  textRequired: 'Reminder text is required',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}. Use one of: ${REMINDER_PLACEHOLDERS.map((p) => `{{${p.key}}}`).join(', ')}.`,
} as const;

/** "7 days before", "1 day before", "On the last day", "3 days after". */
export const reminderLabel = (offsetDays: number): string => {
  if (offsetDays === 0) return 'On the last day';
  const n = Math.abs(offsetDays);
  return `${n} day${n === 1 ? '' : 's'} ${offsetDays < 0 ? 'before' : 'after'}`;
};

const beforeText = (days: string) =>
  `Hi {{first_name}}, your {{subscription_plan}} membership at {{business_name}} ends on {{expiry_date}} (${days}).\nRenew here: {{payment_link}}`;

/** What a business starts with. */
export const DEFAULT_REMINDERS: { offset_days: number; text: string }[] = [
  { offset_days: -7, text: beforeText('in {{days_left}} days') },
  { offset_days: -3, text: beforeText('in {{days_left}} days') },
  { offset_days: -1, text: beforeText('tomorrow') },
  {
    offset_days: 3,
    text: 'Hi {{first_name}}, your {{subscription_plan}} membership at {{business_name}} ended on {{expiry_date}}. We miss you!\nRenew here: {{payment_link}}',
  },
];

const reminderText = textField({
  label: 'Reminder text',
  max: REMINDER_TEXT_MAX,
  min: 1,
  minMessage: REMINDER_MESSAGES.textRequired,
  multiLine: true,
}).superRefine((v, ctx) => {
  const unknown = [
    ...new Set(placeholdersIn(v).filter((n) => !REMINDER_PLACEHOLDERS.some((p) => p.key === n))),
  ];
  if (unknown.length)
    ctx.addIssue({ code: 'custom', message: REMINDER_MESSAGES.unknownPlaceholder(unknown) });
});

const reminderSchema = z.object({
  offset_days: z
    .number({ error: REMINDER_MESSAGES.offset })
    .int({ error: REMINDER_MESSAGES.offset })
    .min(REMINDER_OFFSET_MIN, { error: REMINDER_MESSAGES.offset })
    .max(REMINDER_OFFSET_MAX, { error: REMINDER_MESSAGES.offset }),
  text: reminderText,
});

/** PUT /v1/business/reminders: on/off and the reminders (days unique). */
export const updateReminderSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  reminders: z
    .array(reminderSchema, { error: 'reminders must be a list' })
    .max(REMINDER_MAX_COUNT, { error: REMINDER_MESSAGES.tooMany })
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((r, i) => {
        if (seen.has(r.offset_days))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'offset_days'],
            message: REMINDER_MESSAGES.duplicate,
          });
        seen.add(r.offset_days);
      });
    })
    .transform((list) => [...list].sort((a, b) => a.offset_days - b.offset_days)),
});
export type UpdateReminderSettingsInput = z.input<typeof updateReminderSettingsSchema>;
export type UpdateReminderSettingsData = z.output<typeof updateReminderSettingsSchema>;

const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  reminders: z.array(z.object({ offset_days: z.number().int(), text: z.string() })),
  /** Whether {{payment_link}} can be filled (Paystack connected); otherwise its lines are left out. */
  payment_links: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** One reminder sent to a member, with its delivery's status. */
const reminderSendSchema = z.object({
  id: z.number().int(),
  offset_days: z.number().int(),
  /** "3 days before". */
  label: z.string(),
  /** The last day of the subscription it was about (YYYY-MM-DD). */
  expiry_date: z.string(),
  channel: z.enum(REMINDER_CHANNEL_ORDER),
  to: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  sent_at: z.string(),
});
export type ReminderSend = z.infer<typeof reminderSendSchema>;

const reminderSendListQuery = pageQuery(100);

/** The dashboard's stat: reminders sent this (Lagos) month, and members who renewed after one. */
const reminderSummarySchema = z.object({
  sent_this_month: z.number().int(),
  /** Members reminded this month who paid within 7 days of a reminder. */
  renewed_within_7_days: z.number().int(),
  /** Members reminded this month. */
  members_reminded: z.number().int(),
});
export type ReminderSummary = z.infer<typeof reminderSummarySchema>;

/** Reminder settings: everyone reads them, owners and admins change them. */
export const reminderContracts = {
  settings: contract({
    method: 'GET',
    path: '/v1/business/reminders',
    operationId: 'getReminderSettings',
    summary: "The business's renewal reminder settings",
    tag: 'reminders',
    access: 'business.read',
    answer: answerOf(reminderSettingsSchema),
  }),
  update: contract({
    method: 'PUT',
    path: '/v1/business/reminders',
    operationId: 'updateReminderSettings',
    summary: 'Turn renewal reminders on or off and set their days and texts',
    tag: 'reminders',
    access: 'business.manage',
    body: updateReminderSettingsSchema,
    answer: answerOf(reminderSettingsSchema),
  }),
  memberSends: contract({
    method: 'GET',
    path: '/v1/member/:id/reminders',
    operationId: 'listMemberReminders',
    summary: 'The renewal reminders sent to a member, newest first',
    tag: 'reminders',
    access: 'members.read',
    params: idParam,
    query: reminderSendListQuery,
    answer: pageOf(reminderSendSchema),
  }),
  summary: contract({
    method: 'GET',
    path: '/v1/reminders/summary',
    operationId: 'getReminderSummary',
    summary: 'Reminders sent this month and the members who renewed within 7 days of one',
    tag: 'reminders',
    access: 'dashboard.read',
    answer: answerOf(reminderSummarySchema),
  }),
};
