import {
  COMMS_CHANNELS,
  COMMS_GROUPS,
  formatDay,
  smsParts,
  type CommunicationChannel,
  type CommunicationGroup,
  type CommunicationPurpose,
  type CommunicationStatus,
  type Communication,
  type CreateMessageData,
  type Delivery,
  type PageMeta,
  type PageQuery,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { absoluteLogoUrl } from '../../lib/mail-templates';
import {
  quietHoursRelease,
  renderMessage,
  sanitizeMessageHtml,
  type PlaceholderValues,
} from '../../lib/message-content';
import { enqueueMessages, type OutgoingMessage } from '../../lib/outbox';
import { pageAnswer, pageWindow } from '../../lib/paging';
import {
  PROSPECTS,
  messageAudience,
  type AudienceRow,
  type SubscriptionStatusCode,
} from '../members';
import { recordAudit, type Actor } from '../audit';
import * as repo from './communications.repository';

const MESSAGE_NOT_FOUND = 'Message not found.';
const CANNOT_CANCEL_SENDING = 'This message is already being sent and can no longer be cancelled.';
const ALREADY_CANCELLED = 'This message was already cancelled.';
const NOTHING_TO_RETRY = 'No delivery of this message failed: there is nothing to resend.';

const messageNotFound = () => notFound(MESSAGE_NOT_FOUND, 'MESSAGE_NOT_FOUND');

/** The groups and channels as options: `{ id, key, label }`, id = position + 1. */
export const groupOptions = () => COMMS_GROUPS.map((g, i) => ({ id: i + 1, ...g }));
export const channelOptions = () => COMMS_CHANNELS.map((c, i) => ({ id: i + 1, ...c }));

/**
 * The subscription status (as the members list shows it) a group selects, or the prospects
 * (never subscribed, or walk-ins who only ever bought day passes); all: any.
 */
const GROUP_STATUS: Record<
  CommunicationGroup,
  SubscriptionStatusCode | typeof PROSPECTS | undefined
> = {
  all_members: undefined,
  active_members: 1,
  expired_members: 2,
  all_prospects: PROSPECTS,
};

/**
 * The address a channel sends to: the e-mail, or the phone as stored (E.164); '' for a member
 * without an e-mail, who is skipped (and counted) by an e-mail message.
 */
const addressOf = (channel: CommunicationChannel, m: AudienceRow): string =>
  ((channel === 'email' ? m.emailAddress : m.mobileNumber) ?? '').trim();

/** +2348031234567 → 08031234567 (other numbers as stored). */
const localPhone = (e164: string) => (e164.startsWith('+234') ? `0${e164.slice(4)}` : e164);

const placeholderValues = (m: AudienceRow, businessName: string): PlaceholderValues => ({
  first_name: m.firstName,
  last_name: m.lastName,
  full_name: `${m.firstName} ${m.lastName}`.trim(),
  email: m.emailAddress ?? '',
  phone: localPhone(m.mobileNumber),
  business_name: businessName,
  subscription_plan: m.planName ?? '',
  expiry_date: m.expiryDate ? formatDay(m.expiryDate) : '',
});

/**
 * Whether a member may get a message of this purpose: a Service notice reaches everyone; a
 * Promotion never reaches a member who said no to offers, nor one never asked when the business
 * sends promotions only to members who said yes.
 */
const mayReceive = (purpose: CommunicationPurpose, onlyYes: boolean, m: AudienceRow) =>
  purpose === 'service' ||
  m.marketingConsent === 'yes' ||
  (!onlyYes && m.marketingConsent === 'not_asked');

/**
 * Members of `group` the message may reach (its purpose and the business's consent setting)
 * with the channel's address; how many lack the address (`skipped`) and how many a promotion
 * leaves out for want of consent (`noConsent`).
 */
const audienceOf = async (
  exec: Executor,
  businessId: number,
  group: CommunicationGroup,
  channel: CommunicationChannel,
  purpose: CommunicationPurpose,
  onlyYes?: boolean,
) => {
  const rows = await messageAudience(exec, businessId, GROUP_STATUS[group]);
  const needsConsent =
    onlyYes ??
    (purpose === 'promotion' &&
      ((await repo.findSender(exec, businessId))?.promotionsNeedConsent ?? false));
  const allowed = rows.filter((m) => mayReceive(purpose, needsConsent, m));
  const reached = allowed.filter((m) => addressOf(channel, m) !== '');
  return {
    reached,
    skipped: allowed.length - reached.length,
    noConsent: rows.length - allowed.length,
  };
};

/**
 * Writes one outbox row per recipient of a message (its placeholders filled for each), in the
 * caller's transaction, and records recipients, skipped and SMS parts. A message with no
 * recipient is SENT at once; otherwise it stays SENDING until its deliveries settle. E-mails
 * carry the gym's name and logo (`appUrl`: the app's address, for an uploaded logo).
 */
export const fanOut = async (
  exec: Executor,
  message: repo.MessageRow,
  now: Date,
  appUrl: string,
) => {
  const channel = message.channel as CommunicationChannel;
  const sender = await repo.findSender(exec, message.businessId);
  const businessName = sender?.name ?? '';
  const logoUrl = channel === 'email' ? absoluteLogoUrl(sender?.logoUrl, appUrl) : null;
  const { reached, skipped } = await audienceOf(
    exec,
    message.businessId,
    message.group as CommunicationGroup,
    channel,
    message.purpose as CommunicationPurpose,
    sender?.promotionsNeedConsent ?? false,
  );
  const sms = channel === 'sms';
  const smsAt = sms ? quietHoursRelease(now) : undefined;
  let parts = 0;
  const rows: OutgoingMessage[] = reached.map((m) => {
    const rendered = renderMessage(
      channel,
      message.html,
      placeholderValues(m, businessName),
      logoUrl,
    );
    if (sms) parts = Math.max(parts, smsParts(rendered.text).parts);
    return {
      channel,
      to: addressOf(channel, m),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      businessId: message.businessId,
      ref: repo.refOf(message.id),
      memberId: m.id,
      replyTo: channel === 'email' ? (sender?.email ?? null) : null,
      fromName: channel === 'email' ? businessName : null,
      quietHours: sms,
      ...(smsAt ? { nextAttemptAt: smsAt } : {}),
    };
  });
  await enqueueMessages(exec, rows);
  await repo.markDispatched(exec, message.id, {
    recipients: rows.length,
    skipped,
    smsParts: sms && rows.length ? parts : null,
    status: rows.length ? 'SENDING' : 'SENT',
  });
  return { recipients: rows.length, skipped };
};

/** A bulk message as the trail names it: "All Members by SMS". */
const messageLabel = (row: repo.MessageRow) =>
  `${COMMS_GROUPS.find((g) => g.key === row.group)?.label ?? row.group} by ${
    COMMS_CHANNELS.find((c) => c.key === row.channel)?.label ?? row.channel
  }`;

/**
 * A bulk message's entry in the trail, in its transaction: its group, channel and how many it
 * went to, never its text (which may carry links).
 */
export const auditMessage = (
  exec: Executor,
  actor: Actor,
  row: repo.MessageRow,
  action: 'message.send' | 'message.schedule' | 'message.cancel' | 'message.retry',
  detail: Record<string, unknown> = {},
) =>
  recordAudit(exec, actor, {
    businessId: row.businessId,
    action,
    recordKind: 'message',
    recordId: row.id,
    recordLabel: messageLabel(row),
    detail: { group: row.group, channel: row.channel, purpose: row.purpose, ...detail },
  });

const toCommunication = (row: repo.MessageRow): Communication => ({
  id: row.id,
  group: row.group as CommunicationGroup,
  channel: row.channel as CommunicationChannel,
  purpose: row.purpose as CommunicationPurpose,
  message: row.html,
  status: row.status as CommunicationStatus,
  is_scheduled: row.isScheduled,
  schedule_date: row.scheduleAt ? row.scheduleAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  recipients: row.recipients,
  delivered: row.delivered,
  failed: row.failed,
  skipped: row.skipped,
  sms_parts: row.smsParts,
});

const toDelivery = (row: repo.DeliveryRow): Delivery => ({
  id: row.delivery.id,
  member_id: row.delivery.memberId,
  member_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
  to: row.delivery.to,
  status: row.delivery.status as Delivery['status'],
  attempts: row.delivery.attempts,
  error: row.delivery.lastError,
  provider_id: row.delivery.providerId,
  sent_at: row.delivery.sentAt ? row.delivery.sentAt.toISOString() : null,
});

const foundMessage = async (exec: Executor, businessId: number, id: number) => {
  const row = await repo.findMessage(exec, businessId, id);
  if (!row) throw messageNotFound();
  return row;
};

export const getMessage = async (
  ctx: AppContext,
  businessId: number,
  id: number,
): Promise<Communication> => toCommunication(await foundMessage(ctx.db, businessId, id));

export const listMessages = async (
  ctx: AppContext,
  businessId: number,
  query: PageQuery,
): Promise<{ data: Communication[]; meta: PageMeta }> =>
  pageAnswer(
    query,
    await repo.listMessages(ctx.db, businessId, pageWindow(query)),
    toCommunication,
  );

export const listDeliveries = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  query: PageQuery & { status?: repo.DeliveryFilter },
): Promise<{ data: Delivery[]; meta: PageMeta }> => {
  await foundMessage(ctx.db, businessId, id);
  return pageAnswer(
    query,
    await repo.listDeliveries(ctx.db, businessId, id, query.status, pageWindow(query)),
    toDelivery,
  );
};

/** How many members a group reaches by a channel, and how many lack its address. */
export const countAudience = async (
  ctx: AppContext,
  businessId: number,
  group: CommunicationGroup,
  channel: CommunicationChannel,
  purpose: CommunicationPurpose = 'service',
): Promise<{ recipients: number; skipped: number; no_consent: number }> => {
  const { reached, skipped, noConsent } = await audienceOf(
    ctx.db,
    businessId,
    group,
    channel,
    purpose,
  );
  return { recipients: reached.length, skipped, no_consent: noConsent };
};

/**
 * Stores a message (its HTML sanitised) and, unless scheduled, fans it out in the same
 * transaction; the same Idempotency-Key again answers the first message and sends nothing.
 */
export const createMessage = async (
  ctx: AppContext,
  caller: { businessId: number; userId: number },
  input: CreateMessageData,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ message: Communication; replayed: boolean }> => {
  const { businessId } = caller;
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId, scope: 'comms', key: idempotencyKey, body: input },
    async (tx) => {
      const row = await repo.insertMessage(tx, businessId, {
        group: input.group,
        channel: input.channel,
        purpose: input.purpose,
        html: sanitizeMessageHtml(input.message),
        status: input.is_scheduled ? 'SCHEDULED' : 'SENDING',
        isScheduled: input.is_scheduled,
        scheduleAt: input.schedule_at,
        createdBy: caller.userId,
      });
      if (input.is_scheduled)
        await auditMessage(tx, actor, row, 'message.schedule', {
          schedule_at: row.scheduleAt?.toISOString() ?? null,
        });
      else {
        const { recipients, skipped } = await fanOut(tx, row, new Date(), ctx.config.appUrl);
        await auditMessage(tx, actor, row, 'message.send', { count: recipients, skipped });
      }
      return row.id;
    },
  );
  const message = await getMessage(ctx, businessId, id);
  if (!replayed && message.status === 'SENDING') void ctx.dispatcher.wake();
  return { message, replayed };
};

/** SCHEDULED → CANCELLED; 409 once released (or already cancelled). */
export const cancelMessage = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  actor: Actor,
): Promise<Communication> => {
  const cancelled = await ctx.db.transaction(async (tx) => {
    const row = await repo.cancelScheduled(tx, businessId, id);
    if (row) await auditMessage(tx, actor, row, 'message.cancel');
    return row;
  });
  if (cancelled) return toCommunication(cancelled);
  const row = await foundMessage(ctx.db, businessId, id);
  throw row.status === 'CANCELLED'
    ? conflict(ALREADY_CANCELLED, 'MESSAGE_CANCELLED')
    : conflict(CANNOT_CANCEL_SENDING, 'MESSAGE_ALREADY_SENT');
};

/** Failed deliveries back to pending (attempts reset) and the message SENDING again; 409 if none. */
export const retryMessage = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  actor: Actor,
): Promise<Communication> => {
  await ctx.db.transaction(async (tx) => {
    const row = await foundMessage(tx, businessId, id);
    const now = new Date();
    const at = row.channel === 'sms' ? quietHoursRelease(now) : now;
    const requeued = await repo.requeueFailed(tx, businessId, id, at);
    if (!requeued) throw conflict(NOTHING_TO_RETRY, 'NOTHING_TO_RETRY');
    await repo.markSending(tx, id);
    await auditMessage(tx, actor, row, 'message.retry', { count: requeued });
  });
  void ctx.dispatcher.wake();
  return getMessage(ctx, businessId, id);
};
