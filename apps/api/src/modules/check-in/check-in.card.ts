import { ONLINE_MESSAGES, cardPath, type CardChannel, type MemberCard } from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { absoluteLogoUrl, memberTextEmail } from '../../lib/mail-templates';
import { enqueueMessages, type OutgoingMessage } from '../../lib/outbox';
import { recordAudit, type Actor } from '../audit';
import { getMemberForBusiness, memberLabel, memberNotFound } from '../members';
import * as repo from './check-in.repository';

/*
 * A member's card: a code (the QR the desk scans) and the public page that shows it. Replacing
 * the card gives a new code; the old card stops working at once.
 */

/** The card's absolute address: `{APP_URL}/card/{code}`. */
const cardUrl = (ctx: AppContext, code: string) =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}${cardPath(code)}`;

export const getCard = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
): Promise<MemberCard> => {
  const card = await repo.memberCard(ctx.db, businessId, memberId);
  if (!card) throw memberNotFound();
  return { card_code: card.cardCode, card_url: cardUrl(ctx, card.cardCode) };
};

/**
 * Issues a new card code. The same Idempotency-Key again answers the card that call made (the
 * member's current card) and issues nothing new.
 */
export const replaceCard = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ card: MemberCard; replayed: boolean }> => {
  const { replayed } = await createOnce(
    ctx.db,
    { businessId, scope: 'card', key: idempotencyKey, body: { member_id: memberId } },
    async (tx) => {
      const done = await repo.replaceCard(tx, businessId, memberId);
      if (!done) throw memberNotFound();
      // The trail says a new card was issued, never its code.
      const member = await getMemberForBusiness(ctx, businessId, memberId, tx);
      await recordAudit(tx, actor, {
        businessId,
        action: 'member.card_replace',
        recordKind: 'member',
        recordId: memberId,
        recordLabel: memberLabel(member),
        memberId,
      });
      return done.id;
    },
  );
  return { card: await getCard(ctx, businessId, memberId), replayed };
};

/**
 * The card message: short plain text naming the gym with the card's link (an SMS is one or two
 * parts); by e-mail in the gym's frame, from the gym's name, replies to the gym. The link lives
 * only in the outbox row, never in a log line.
 */
const cardMessage = (
  channel: CardChannel,
  to: string,
  v: {
    businessId: number;
    memberId: number;
    firstName: string;
    url: string;
    gym: { name: string; email: string | null; logoUrl: string | null };
  },
): OutgoingMessage => {
  const text =
    `Hi ${v.firstName}, here is your ${v.gym.name} member card: ${v.url} ` +
    'Show its QR code at the front desk to check in.';
  const extra = { businessId: v.businessId, memberId: v.memberId, ref: 'check-in:card' };
  if (channel !== 'email') return { channel, to, subject: null, text, ...extra };
  const subject = `Your ${v.gym.name} member card`;
  return {
    channel,
    to,
    subject,
    text,
    html: memberTextEmail({ gym: v.gym, subject, text }),
    fromName: v.gym.name,
    replyTo: v.gym.email,
    ...extra,
  };
};

/** Sends the member the link to their card by WhatsApp, SMS or e-mail (through the outbox). */
export const sendCard = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  channel: CardChannel,
  actor: Actor,
): Promise<void> => {
  const card = await repo.memberCard(ctx.db, businessId, memberId);
  if (!card) throw memberNotFound();
  const to = (channel === 'email' ? (card.emailAddress ?? '') : card.mobileNumber).trim();
  if (!to) {
    const message = channel === 'email' ? ONLINE_MESSAGES.noEmail : ONLINE_MESSAGES.noPhone;
    throw badRequest(message, 'NO_ADDRESS', { channel: message });
  }
  const sender = await repo.businessSender(ctx.db, businessId);
  await ctx.db.transaction(async (tx) => {
    await enqueueMessages(tx, [
      cardMessage(channel, to, {
        businessId,
        memberId,
        firstName: card.firstName,
        url: cardUrl(ctx, card.cardCode),
        gym: {
          name: sender?.name ?? '',
          email: sender?.email?.trim() || null,
          logoUrl: absoluteLogoUrl(sender?.logoUrl, ctx.config.appUrl),
        },
      }),
    ]);
    // The trail keeps the channel, never the card's link.
    const member = await getMemberForBusiness(ctx, businessId, memberId, tx);
    await recordAudit(tx, actor, {
      businessId,
      action: 'message.send',
      recordKind: 'member',
      recordId: memberId,
      recordLabel: memberLabel(member),
      memberId,
      detail: { message: 'member card', channel, count: 1 },
    });
  });
};
