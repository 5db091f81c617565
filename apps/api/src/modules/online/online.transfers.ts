import {
  formatNaira,
  koboToNaira,
  nairaToKobo,
  ONLINE_MESSAGES,
  type AssignHeldPaymentData,
  type HeldPayment,
  type HeldState,
  type PageMeta,
  type PaymentMethod,
  type SendChannel,
  type TransferAccount,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { noAddress } from '../../lib/member-message';
import { enqueueMessages } from '../../lib/outbox';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { recordAudit, recordMessageSent, type Actor } from '../audit';
import { getMemberForBusiness, memberInactive, memberLabel } from '../members';
import { checkCover } from '../payments';
import { chosenPlan } from '../plans';
import { connectedClient, paystackFailure } from './online.account';
import { applyCharge } from './online.apply';
import { addressFor, gymOf, recipientOf, transferAccountMessage } from './online.messages';
import * as repo from './online.repository';
import type { Who } from './online.service';

/**
 * Dedicated transfer accounts (a Paystack customer with its own virtual account number per
 * member: a transfer into it renews the member) and the payments held for staff.
 */

const toTransferAccount = (row: repo.TransferAccountRow): TransferAccount => ({
  account_number: row.accountNumber,
  account_name: row.accountName,
  bank_name: row.bankName,
  created_at: row.createdAt.toISOString(),
});

export const getTransferAccount = async (ctx: AppContext, businessId: number, memberId: number) => {
  await getMemberForBusiness(ctx, businessId, memberId);
  const row = await repo.findTransferAccount(ctx.db, businessId, memberId);
  return row ? toTransferAccount(row) : null;
};

/**
 * Gives the member a dedicated account (once: a repeat answers the first). Paystack's test keys
 * use its test bank; live keys Wema Bank, Paystack's default partner.
 */
export const createTransferAccount = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  actor: Actor,
): Promise<TransferAccount> => {
  const member = await getMemberForBusiness(ctx, businessId, memberId);
  const existing = await repo.findTransferAccount(ctx.db, businessId, memberId);
  if (existing) return toTransferAccount(existing);
  const { account, client } = await connectedClient(ctx, businessId);
  if (!account.transferAccounts) throw badRequest(ONLINE_MESSAGES.transfersOff, 'TRANSFERS_OFF');
  if (!member.is_active) throw memberInactive();
  try {
    const { customerCode } = await client.createCustomer({
      email: member.email_address || `member-${businessId}-${member.id}@members.kora.ng`,
      firstName: member.first_name,
      lastName: member.last_name,
      phone: member.mobile_number || undefined,
    });
    const nuban = await client.createDedicatedAccount(
      customerCode,
      account.mode === 'live' ? 'wema-bank' : 'test-bank',
    );
    const row = await ctx.db.transaction(async (tx) => {
      const saved = await repo.insertTransferAccount(tx, {
        businessId,
        memberId,
        customerCode,
        accountNumber: nuban.accountNumber.slice(0, 20),
        accountName: nuban.accountName.slice(0, 200),
        bankName: nuban.bankName.slice(0, 100),
      });
      // Two requests at once keep one account: only the one that made it writes the entry.
      if (saved.customerCode === customerCode)
        await recordAudit(tx, actor, {
          businessId,
          action: 'transfer_account.create',
          recordKind: 'member',
          recordId: memberId,
          recordLabel: memberLabel(member),
          memberId,
          detail: { bank: saved.bankName },
        });
      return saved;
    });
    return toTransferAccount(row);
  } catch (err) {
    throw paystackFailure(err);
  }
};

export const sendTransferAccount = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  channel: SendChannel,
  actor: Actor,
) => {
  const member = await getMemberForBusiness(ctx, businessId, memberId);
  const account = await repo.findTransferAccount(ctx.db, businessId, memberId);
  if (!account) throw badRequest(ONLINE_MESSAGES.noTransferAccount, 'NO_TRANSFER_ACCOUNT');
  const to = addressFor(channel, recipientOf(member));
  if (!to) throw noAddress(channel, ONLINE_MESSAGES);
  await ctx.db.transaction(async (tx) => {
    await enqueueMessages(tx, [
      transferAccountMessage(channel, to, {
        businessId,
        memberId,
        gym: gymOf(await repo.businessSender(tx, businessId), ctx.config.appUrl),
        firstName: member.first_name,
        bankName: account.bankName,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
      }),
    ]);
    await repo.setSentBy(tx, account.id, channel);
    await recordMessageSent(tx, actor, {
      businessId,
      memberId,
      recordLabel: memberLabel(member),
      message: 'transfer account',
      channel,
    });
  });
};

// ---- Held payments --------------------------------------------------------------------------

const heldAmountMismatch = (receivedKobo: number) =>
  `This payment was ${formatNaira(koboToNaira(receivedKobo))}: choose a plan and duration that cost exactly that.`;

const heldNotFound = () => notFound(ONLINE_MESSAGES.heldNotFound, 'HELD_PAYMENT_NOT_FOUND');

const toHeld = ({
  charge,
  memberFirstName,
  memberLastName,
}: repo.ChargeWithMember): HeldPayment => ({
  id: charge.id,
  reference: charge.reference,
  amount: koboToNaira(charge.amountKobo),
  method: charge.method as PaymentMethod,
  reason: charge.reason,
  member:
    charge.memberId && memberFirstName !== null
      ? { id: charge.memberId, first_name: memberFirstName, last_name: memberLastName ?? '' }
      : null,
  state: charge.state as HeldState,
  note: charge.note,
  payment_id: charge.paymentId,
  received_at: charge.receivedAt.toISOString(),
});

export const listHeld = async (
  ctx: AppContext,
  businessId: number,
  query: { page: number; per_page: number; state: HeldState },
): Promise<{ data: HeldPayment[]; meta: PageMeta }> =>
  pageAnswer(
    query,
    await repo.listCharges(ctx.db, businessId, query.state, pageWindow(query)),
    toHeld,
  );

/** The held payment, or 404 (another business's, or applied by itself), or 400 once resolved. */
const heldCharge = async (exec: Executor, businessId: number, id: number, lock = false) => {
  const found = await repo.findCharge(exec, businessId, id, lock);
  if (!found || found.charge.state === 'applied') throw heldNotFound();
  if (found.charge.state !== 'held')
    throw badRequest(ONLINE_MESSAGES.heldResolved, 'HELD_RESOLVED');
  return found.charge;
};

/**
 * Records a held payment for plan × duration, which must cost exactly what was received, for its
 * payer (or the member staff choose when the payer is unknown). The held row is locked for the
 * whole transaction that records the payment and resolves it, so an assign and a dismiss (or two
 * assigns) never both act; the payment's key is the Paystack reference's.
 */
export const assignHeld = async (
  ctx: AppContext,
  who: Who,
  id: number,
  input: AssignHeldPaymentData,
): Promise<HeldPayment> => {
  const { businessId } = who;
  const charge = await heldCharge(ctx.db, businessId, id);
  if (charge.memberId && input.member_id !== undefined && input.member_id !== charge.memberId)
    throw badRequest(ONLINE_MESSAGES.otherPayer, 'OTHER_PAYER', {
      member_id: ONLINE_MESSAGES.otherPayer,
    });
  const memberId = charge.memberId ?? input.member_id;
  if (!memberId)
    throw badRequest(ONLINE_MESSAGES.memberRequired, 'MEMBER_REQUIRED', {
      member_id: ONLINE_MESSAGES.memberRequired,
    });
  const member = await getMemberForBusiness(ctx, businessId, memberId);
  if (!member.is_active) throw memberInactive('member_id');
  const plan = await chosenPlan(ctx, businessId, input.subscription_type_id);
  checkCover(plan, input.duration);
  if (nairaToKobo(plan.amount) * input.duration !== charge.amountKobo) {
    const message = heldAmountMismatch(charge.amountKobo);
    throw badRequest(message, 'AMOUNT_MISMATCH', { duration: message });
  }
  // A held payment of a group plan's link covers the members the link named, when staff assign
  // it to that same plan: the group is part of what was bought, not only the payer.
  const link = charge.linkId
    ? (await repo.findLink(ctx.db, businessId, charge.linkId))?.link
    : undefined;
  const groupMemberIds =
    link && link.subscriptionTypeId === plan.id ? (link.groupMemberIds ?? []) : [];
  await ctx.db.transaction(async (tx) => {
    await heldCharge(tx, businessId, id, true);
    const outcome = await applyCharge(
      ctx,
      {
        businessId,
        memberId,
        planId: plan.id,
        planName: plan.name,
        duration: input.duration,
        reference: charge.reference,
        amountKobo: charge.amountKobo,
        method: charge.method as PaymentMethod,
        linkId: charge.linkId,
        channel: undefined,
        recordedBy: who.userId,
        groupMemberIds,
      },
      tx,
    );
    if (outcome === 'held') throw badRequest(ONLINE_MESSAGES.heldResolved, 'HELD_RESOLVED');
    const paymentId = await repo.paymentIdOfKey(tx, businessId, charge.reference);
    await repo.resolveCharge(tx, charge.id, {
      state: 'assigned',
      note: null,
      paymentId,
      resolvedBy: who.userId,
      memberId,
    });
    if (charge.linkId && paymentId) await repo.markHeldLinkPaid(tx, charge.linkId, paymentId);
  });
  return toHeld((await repo.findCharge(ctx.db, businessId, id))!);
};

export const dismissHeld = async (
  ctx: AppContext,
  who: Who,
  id: number,
  note: string,
  actor: Actor,
) => {
  await ctx.db.transaction(async (tx) => {
    const charge = await heldCharge(tx, who.businessId, id, true);
    await recordAudit(tx, actor, {
      businessId: who.businessId,
      action: 'held_payment.dismiss',
      recordKind: 'payment',
      recordLabel: `Paystack payment of ${formatNaira(koboToNaira(charge.amountKobo))}`,
      memberId: charge.memberId,
      detail: { amount_kobo: charge.amountKobo, method: charge.method, reason: note },
    });
    await repo.resolveCharge(tx, charge.id, {
      state: 'dismissed',
      note,
      paymentId: null,
      resolvedBy: who.userId,
      memberId: charge.memberId,
    });
  });
  return toHeld((await repo.findCharge(ctx.db, who.businessId, id))!);
};
