import { randomBytes } from 'node:crypto';
import {
  koboToNaira,
  nairaToKobo,
  ONLINE_MESSAGES,
  PAYMENT_LINK_LIFETIME_DAYS,
  type CreatePaymentLinkData,
  type DurationType,
  type LinkChannel,
  type LinkState,
  type PageMeta,
  type PageQuery,
  type PayPage,
  type PaymentLink,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { noAddress } from '../../lib/member-message';
import { enqueueMessages } from '../../lib/outbox';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { SYSTEM_ACTOR, recordAudit, type Actor } from '../audit';
import { getMemberForBusiness, memberInactive, memberLabel } from '../members';
import { checkCover, checkGroupMembers } from '../payments';
import { chosenPlan } from '../plans';
import { coveredMembersOf } from '../subscriptions';
import { clientFor, connectedClient, paystackFailure } from './online.account';
import { verifyAndAct } from './online.apply';
import { addressFor, gymOf, linkMessage, recipientOf } from './online.messages';
import * as repo from './online.repository';

/** A team user of a business acting. */
export interface Who {
  businessId: number;
  userId: number;
}

export const linkNotFound = () => notFound(ONLINE_MESSAGES.linkNotFound, 'PAYMENT_LINK_NOT_FOUND');

/** Our references: unguessable (they open a public page), and Paystack's allowed characters. */
const newReference = () => `kora-${randomBytes(12).toString('hex')}`;

/** The public page a link opens. */
const payUrlOf = (ctx: AppContext, reference: string) => `${ctx.config.appUrl}/pay/${reference}`;

/**
 * Paystack needs an e-mail for every transaction; a member without one gets an address of ours
 * that receives nothing (Paystack's own receipt then goes nowhere; Kora sends its receipt).
 */
const paystackEmailOf = (businessId: number, m: { id: number; email_address: string | null }) =>
  m.email_address || `member-${businessId}-${m.id}@members.kora.ng`;

const toPaymentLink = (ctx: AppContext, { link, planName }: repo.LinkWithPlan): PaymentLink => ({
  id: link.id,
  reference: link.reference,
  url: payUrlOf(ctx, link.reference),
  member_id: link.memberId,
  subscription_type: { id: link.subscriptionTypeId, name: planName },
  duration: link.duration,
  amount: koboToNaira(link.amountKobo),
  channel: link.channel as LinkChannel,
  sent_to: link.sentTo,
  state: link.state as LinkState,
  created_at: link.createdAt.toISOString(),
  expires_at: link.expiresAt.toISOString(),
  paid_at: link.paidAt?.toISOString() ?? null,
  payment_id: link.paymentId,
  group_member_ids: link.groupMemberIds ?? [],
});

/** The member (404 when not this business's), active, with an address on the channel. */
const payableMember = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  channel: LinkChannel,
) => {
  const member = await getMemberForBusiness(ctx, businessId, memberId);
  if (!member.is_active) throw memberInactive();
  const to = channel === 'copy' ? '' : addressFor(channel, recipientOf(member));
  if (channel !== 'copy' && !to) throw noAddress(channel, ONLINE_MESSAGES);
  return { member, to };
};

/**
 * Creates a link for plan × duration (the amount computed here, as for a cash payment), starts
 * its Paystack transaction and sends it by the chosen channel (queued with the link, in one
 * transaction). A retry with the same Idempotency-Key answers the first link and sends nothing.
 */
export const createLink = async (
  ctx: AppContext,
  who: { businessId: number; userId: number | null },
  memberId: number,
  input: CreatePaymentLinkData,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<PaymentLink> => {
  const { businessId } = who;
  if (idempotencyKey) {
    const first = await repo.findLinkByKey(ctx.db, businessId, idempotencyKey);
    if (first) return toPaymentLink(ctx, first);
  }
  const { member, to } = await payableMember(ctx, businessId, memberId, input.channel);
  const { client } = await connectedClient(ctx, businessId);
  const plan = await chosenPlan(ctx, businessId, input.subscription_type_id);
  checkCover(plan, input.duration);
  const group = input.group_member_ids ?? [];
  await checkGroupMembers(ctx, businessId, memberId, plan, group);
  const amountKobo = nairaToKobo(plan.amount) * input.duration;
  const reference = newReference();
  const url = payUrlOf(ctx, reference);
  let authorizationUrl: string;
  try {
    ({ authorizationUrl } = await client.initialize({
      email: paystackEmailOf(businessId, member),
      amountKobo,
      reference,
      callbackUrl: url,
      metadata: {
        business_id: businessId,
        member_id: memberId,
        plan_id: plan.id,
        periods: input.duration,
        source: 'kora',
      },
    }));
  } catch (err) {
    throw paystackFailure(err);
  }
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertLink(tx, {
      businessId,
      memberId,
      subscriptionTypeId: plan.id,
      duration: input.duration,
      amountKobo,
      reference,
      authorizationUrl,
      channel: input.channel,
      sentTo: to || null,
      idempotencyKey: idempotencyKey ?? null,
      createdBy: who.userId,
      groupMemberIds: group.length > 0 ? group : null,
      expiresAt: new Date(Date.now() + PAYMENT_LINK_LIFETIME_DAYS * 86_400_000),
    });
    if (!created) return undefined; // the same key, recorded meanwhile by a simultaneous request
    // The trail keeps what the link asks for and how it went out, never the link itself.
    await recordAudit(tx, actor, {
      businessId,
      action: 'payment_link.create',
      recordKind: 'payment_link',
      recordId: created.id,
      recordLabel: memberLabel(member),
      memberId,
      detail: {
        plan: plan.name,
        periods: input.duration,
        amount_kobo: amountKobo,
        channel: input.channel,
        ...(group.length > 0 ? { covered_member_ids: group } : {}),
      },
    });
    if (input.channel !== 'copy') {
      await enqueueMessages(tx, [
        linkMessage(input.channel, to, {
          businessId,
          memberId,
          gym: gymOf(await repo.businessSender(tx, businessId), ctx.config.appUrl),
          firstName: member.first_name,
          plan: plan.name,
          duration: input.duration,
          amountKobo,
          url,
          // Never subscribed: the link asks them to join, not to renew.
          joining: member.subscription_status === 0,
        }),
      ]);
    }
    return created.id;
  });
  const row = id
    ? await repo.findLink(ctx.db, businessId, id)
    : await repo.findLinkByKey(ctx.db, businessId, idempotencyKey!);
  return toPaymentLink(ctx, row!);
};

/**
 * A payment link for a member's renewal (plan × 1 period, nothing sent: the caller puts the
 * URL in its own message), made by Kora itself (no user). A group plan's renewal covers the
 * group the ending subscription (`subscriptionId`) covers. Null when it cannot be made: Paystack
 * not connected or unreachable, the plan or the member (or one of the group) no longer active.
 */
export const renewalLinkUrl = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  planId: number,
  subscriptionId?: number,
): Promise<string | null> => {
  try {
    const group = subscriptionId
      ? ((await coveredMembersOf(ctx.db, businessId, [subscriptionId])).get(subscriptionId) ?? [])
      : [];
    const link = await createLink(
      ctx,
      { businessId, userId: null },
      memberId,
      {
        subscription_type_id: planId,
        duration: 1,
        channel: 'copy',
        ...(group.length > 0 ? { group_member_ids: group.map((m) => m.id) } : {}),
      },
      undefined,
      SYSTEM_ACTOR,
    );
    return link.url;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
};

/** Whether the business can take payments online now (Paystack connected, its key usable). */
export const paymentLinksAvailable = async (ctx: AppContext, businessId: number) => {
  const account = await repo.findAccount(ctx.db, businessId);
  return Boolean(account && clientFor(ctx, account));
};

export const listLinks = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  query: PageQuery,
): Promise<{ data: PaymentLink[]; meta: PageMeta }> => {
  await getMemberForBusiness(ctx, businessId, memberId);
  const page = await repo.listLinks(ctx.db, businessId, memberId, pageWindow(query));
  return pageAnswer(query, page, (r) => toPaymentLink(ctx, r));
};

export const cancelLink = async (ctx: AppContext, businessId: number, id: number, actor: Actor) => {
  const found = await repo.findLink(ctx.db, businessId, id);
  if (!found) throw linkNotFound();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.cancelLink(tx, businessId, id)))
      throw badRequest(ONLINE_MESSAGES.linkNotCancellable, 'LINK_NOT_CANCELLABLE');
    const member = await getMemberForBusiness(ctx, businessId, found.link.memberId, tx);
    await recordAudit(tx, actor, {
      businessId,
      action: 'payment_link.cancel',
      recordKind: 'payment_link',
      recordId: id,
      recordLabel: memberLabel(member),
      memberId: member.id,
      detail: {
        plan: found.planName,
        periods: found.link.duration,
        amount_kobo: found.link.amountKobo,
      },
    });
  });
  return toPaymentLink(ctx, (await repo.findLink(ctx.db, businessId, id))!);
};

/**
 * The public page's data. When the payer comes back from Paystack's checkout (`returned`) and
 * the link still waits, Paystack is asked and a successful payment recorded first, so the page
 * shows the outcome; a failure to ask leaves the page saying it is being confirmed (the webhook
 * or the reconciliation job finishes the work).
 */
export const getPayPage = async (
  ctx: AppContext,
  reference: string,
  opts: { returned: boolean },
): Promise<PayPage | null> => {
  let row = await repo.findPayPage(ctx.db, reference);
  if (!row) return null;
  if (opts.returned && row.link.state === 'sent') {
    const account = await repo.findAccount(ctx.db, row.link.businessId);
    const client = account && clientFor(ctx, account);
    if (client) {
      await verifyAndAct(ctx, row.link.businessId, client, reference).catch(() => undefined);
      row = (await repo.findPayPage(ctx.db, reference))!;
    }
  }
  const { link } = row;
  const state = link.state as LinkState;
  const open = state === 'sent' && link.expiresAt > new Date() && row.connected;
  return {
    reference,
    business: { name: row.businessName, logo_url: row.logoUrl },
    first_name: row.firstName,
    plan_name: row.planName,
    duration: link.duration,
    duration_type: row.durationType as DurationType,
    plan_duration: row.planDuration,
    amount: koboToNaira(link.amountKobo),
    state: state === 'sent' && !open && link.expiresAt <= new Date() ? 'expired' : state,
    pay_url: open ? link.authorizationUrl : null,
    expiry_date: state === 'paid' ? (row.expiryDate ?? null) : null,
    first_payment: state === 'paid' && row.isFirst === true,
  };
};
