import {
  PRODUCT_NAME,
  REMINDER_CHANNEL_ORDER,
  REMINDER_HOURS,
  addDays,
  formatDay,
  lagosDay,
  type ReminderChannel,
  type ReminderPlaceholder,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { absoluteLogoUrl, memberTextEmail } from '../../lib/mail-templates';
import { enqueueMessages } from '../../lib/outbox';
import { SYSTEM_ACTOR, recordAudit } from '../audit';
import { paymentLinksAvailable, renewalLinkUrl } from '../online';
import type { ModuleJob } from '../module';
import * as repo from './reminders.repository';

/*
 * The reminder job: on each pass (at most once a minute per instance), for every business with
 * reminders on and every reminder day of it, the subscriptions whose last day is that many
 * days away (or ago) get their message. Each is claimed by a row of reminder_sends (unique per
 * subscription, day and expiry date) written in the same transaction as its outbox message, so
 * several instances, or a pass run twice, send it once. A renewal moves the member's latest
 * expiry, so the old one's remaining reminders are never due and the new one's are.
 */

/** Subscriptions handled per business and reminder day in one pass (the next pass goes on). */
const REMINDER_BATCH = 100;
const RUN_EVERY_MS = 60_000;
const lastRun = new WeakMap<AppContext, number>();

const LAGOS_OFFSET_MS = 3_600_000; // UTC+1 all year (no daylight saving)

/** Whether reminders may go out at `now`: 8:00 to 19:59 Lagos time. */
const inReminderHours = (now: Date): boolean => {
  const hour = new Date(now.getTime() + LAGOS_OFFSET_MS).getUTCHours();
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to;
};

/** +2348031234567 → 08031234567 (other numbers as stored). */
const localPhone = (e164: string) => (e164.startsWith('+234') ? `0${e164.slice(4)}` : e164);

/** The first channel of WhatsApp, SMS, e-mail the member has an address for, and the address. */
export const reminderChannelOf = (m: {
  mobile_number: string;
  email_address: string | null;
}): { channel: ReminderChannel; to: string } | undefined => {
  for (const channel of REMINDER_CHANNEL_ORDER) {
    // A member without an e-mail is reached by phone only.
    const to = ((channel === 'email' ? m.email_address : m.mobile_number) ?? '').trim();
    if (to) return { channel, to };
  }
  return undefined;
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const LINK_LINE = /\{\{\s*payment_link\s*\}\}/;

/**
 * A reminder's text for one member: without a payment link, every line holding
 * {{payment_link}} is left out (no "Renew here: " without its link); then each known
 * placeholder is filled once (a value holding braces is not filled again).
 */
export const renderReminderText = (
  template: string,
  values: Record<ReminderPlaceholder, string>,
): string => {
  const lines = values.payment_link
    ? template.split('\n')
    : template.split('\n').filter((line) => !LINK_LINE.test(line));
  return lines
    .join('\n')
    .replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(values, name) ? values[name as ReminderPlaceholder] : whole,
    )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};

/** A reminder e-mail in the gym's frame (its name and logo, never Kora's). */
const emailOf = (text: string, gym: { name: string; logoUrl: string | null }) => {
  const subject = `Your membership at ${gym.name || PRODUCT_NAME}`;
  return { subject, html: memberTextEmail({ gym, subject, text }) };
};

/**
 * One pass at `now`: sends what is due and answers how many reminders it queued. Outside
 * 8 am – 8 pm Lagos it sends nothing (the day's reminders wait for 8:00).
 */
export const sendDueReminders = async (ctx: AppContext, now: Date = new Date()) => {
  if (!inReminderHours(now)) return 0;
  const today = lagosDay(now);
  let queued = 0;
  for (const business of await repo.enabledBusinesses(ctx.db)) {
    let links: boolean | undefined;
    for (const reminder of business.reminders) {
      // The reminder `offset_days` from the last day is due today for subscriptions ending on:
      const expiry = addDays(today, -reminder.offset_days);
      const due = await repo.dueCandidates(
        ctx.db,
        business.businessId,
        expiry,
        reminder.offset_days,
        REMINDER_BATCH,
      );
      for (const m of due) {
        const address = reminderChannelOf(m);
        if (!address) continue;
        links ??= await paymentLinksAvailable(ctx, business.businessId);
        const link =
          links && /\{\{\s*payment_link\s*\}\}/.test(reminder.text)
            ? await renewalLinkUrl(
                ctx,
                business.businessId,
                m.member_id,
                m.plan_id,
                m.subscription_id,
              )
            : null;
        const daysLeft = Math.max(0, -reminder.offset_days);
        const text = renderReminderText(reminder.text, {
          first_name: m.first_name,
          last_name: m.last_name,
          full_name: `${m.first_name} ${m.last_name}`.trim(),
          email: m.email_address ?? '',
          phone: localPhone(m.mobile_number),
          business_name: business.name,
          subscription_plan: m.plan_name ?? '',
          expiry_date: formatDay(m.expiry_date),
          days_left: String(daysLeft),
          payment_link: link ?? '',
        });
        const sent = await ctx.db.transaction(async (tx) => {
          const id = await repo.claimSend(tx, {
            businessId: business.businessId,
            memberId: m.member_id,
            subscriptionId: m.subscription_id,
            offsetDays: reminder.offset_days,
            expiryDate: m.expiry_date,
            channel: address.channel,
            to: address.to,
          });
          if (id === undefined) return false; // claimed meanwhile by another instance
          const email =
            address.channel === 'email'
              ? emailOf(text, {
                  name: business.name,
                  logoUrl: absoluteLogoUrl(business.logoUrl, ctx.config.appUrl),
                })
              : undefined;
          await enqueueMessages(tx, [
            {
              channel: address.channel,
              to: address.to,
              subject: email?.subject ?? null,
              text,
              html: email?.html ?? null,
              businessId: business.businessId,
              ref: repo.refOf(id),
              memberId: m.member_id,
              // An e-mail comes from the gym: its name as the sender, replies to its address.
              fromName: email ? business.name : null,
              replyTo: email ? business.email : null,
              quietHours: address.channel === 'sms',
            },
          ]);
          // Kora sent it on its own: the trail names the System, the channel and the
          // reminder, never the text (it may carry a payment link).
          await recordAudit(tx, SYSTEM_ACTOR, {
            businessId: business.businessId,
            action: 'message.send',
            recordKind: 'member',
            recordId: m.member_id,
            recordLabel: `${`${m.first_name} ${m.last_name}`.trim()} (${m.member_code})`,
            memberId: m.member_id,
            detail: {
              message: 'renewal reminder',
              channel: address.channel,
              count: 1,
              offset_days: reminder.offset_days,
              expiry_date: m.expiry_date,
            },
          });
          return true;
        });
        if (sent) queued += 1;
      }
    }
  }
  return queued;
};

/** The dispatcher's tick: a pass at most once a minute per instance. */
const reminderJob = async (ctx: AppContext) => {
  const now = Date.now();
  if (now - (lastRun.get(ctx) ?? 0) < RUN_EVERY_MS) return;
  lastRun.set(ctx, now);
  await sendDueReminders(ctx, new Date(now));
};

/** The module's work on each dispatcher tick. */
export const remindersJobs: ModuleJob[] = [(_db, ctx) => reminderJob(ctx)];
