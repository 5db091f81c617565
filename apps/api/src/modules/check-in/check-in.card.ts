import {
  ONLINE_MESSAGES,
  PRIVACY_MESSAGES,
  cardPath,
  type CardChannel,
  type MemberCard,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { absoluteLogoUrl } from '../../lib/mail-templates';
import { memberMessage, noAddress } from '../../lib/member-message';
import { enqueueMessages } from '../../lib/outbox';
import { recordAudit, recordMessageSent, type Actor } from '../audit';
import { getMemberForBusiness, memberLabel, memberNotFound } from '../members';
import * as repo from './check-in.repository';

/*
 * A member's card: a code (the QR the desk scans) and the public page that shows it. Replacing
 * the card gives a new code; the old card stops working at once. An erased member has no card
 * (erasure removed it): showing, sending or replacing it answers 404, and no new one is issued.
 */

/** The card's absolute address: `{APP_URL}/card/{code}`. */
const cardUrl = (ctx: AppContext, code: string) =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}${cardPath(code)}`;

/** 404: the member was erased, and their card with them. */
const noCard = () => new AppError(404, 'CARD_NOT_FOUND', PRIVACY_MESSAGES.noCard);

/**
 * The member's card and addresses; 404 when the member is not this business's, or was erased
 * (no card).
 */
const cardOf = async (ctx: AppContext, businessId: number, memberId: number) => {
  const card = await repo.memberCard(ctx.db, businessId, memberId);
  if (!card) throw memberNotFound();
  const { cardCode } = card;
  if (cardCode === null) throw noCard();
  return { ...card, cardCode };
};

export const getCard = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
): Promise<MemberCard> => {
  const card = await cardOf(ctx, businessId, memberId);
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
      if (!done)
        throw (await repo.memberCard(tx, businessId, memberId)) ? noCard() : memberNotFound();
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
 * The card message: short plain text naming the gym with the card's link (memberMessage: by
 * e-mail in the gym's frame). The link lives only in the outbox row, never in a log line.
 */
const cardMessage = memberMessage<{ url: string }>(
  'check-in:card',
  (v) => `Your ${v.gym.name} member card`,
  (v) =>
    `Hi ${v.firstName}, here is your ${v.gym.name} member card: ${v.url} ` +
    'Show its QR code at the front desk to check in.',
);

/** Sends the member the link to their card by WhatsApp, SMS or e-mail (through the outbox). */
export const sendCard = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  channel: CardChannel,
  actor: Actor,
): Promise<void> => {
  const card = await cardOf(ctx, businessId, memberId);
  const to = (channel === 'email' ? (card.emailAddress ?? '') : card.mobileNumber).trim();
  if (!to) throw noAddress(channel, ONLINE_MESSAGES);
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
    await recordMessageSent(tx, actor, {
      businessId,
      memberId,
      recordLabel: memberLabel(member),
      message: 'member card',
      channel,
    });
  });
};
