import { addDays, lagosDay } from '@kora/shared';
import * as schema from '../db/schema';
import { requestFreeze } from '../modules/freezes';
import { call, type TestApp } from './app';
import {
  addMemberImport,
  idOf,
  type Entity,
  type Entry,
  type ImportState,
  type Records,
} from './contract-matrix';
import type { LoopbackPaystack } from './loopback-paystack';
import { addHeldPayment, addPaymentLink, addTransferAccount } from './online';
import { addMember, addPlan, memberBody } from './tenants';

/*
 * The records a matrix case names (test/contract-matrix reads which from the contract's path,
 * body and form), made new for each case by the business's owner, so that a case that voids,
 * erases or ends one never takes another case's away. The role matrix and the audit matrix
 * build them alike.
 */

/** The freeze calls: their member needs a plan that allows freezing, paid for. */
const FREEZE_CALLS = new Set(['createFreeze', 'endFreeze', 'approveFreeze', 'declineFreeze']);

/**
 * How far the member import a call names has gone (a draft just uploaded unless said), so that
 * the call succeeds for whoever may make it.
 */
export const IMPORT_STATES: Record<string, ImportState> = {
  // Only a previewed draft starts (one already started answers as it is: nothing would start).
  startMemberImport: 'previewed',
  // The refused rows are answered once the import is done (409 before).
  downloadRefusedImportRows: 'done',
};

/** Each held payment is for this many periods of the plan it was paid for. */
const HELD_PERIODS = 2;

let unique = 0;
/** A new suffix on each call, so that names and e-mail addresses the cases make up stay new. */
export const next = () => `${Date.now().toString(36)}${(++unique).toString(36)}`;

/**
 * The valid JSON bodies the role matrix and the audit matrix send alike, built from the case's
 * records (freshRecords) and the caller (each adds its own to its BODIES). Creates send no
 * Idempotency-Key.
 */
export const CASE_BODIES = {
  createBusiness: () => ({
    business_name: 'Delta Gym',
    address: '1 Broad Street',
    city: 'Lagos Island',
    state: 'Lagos',
  }),
  createMember: (own: Records) =>
    memberBody({ first_name: 'Tobiloba', subscription_type_id: idOf(own, 'plan') }),
  createPlan: () => ({
    name: `Quarterly ${next()}`,
    amount: 60000,
    duration: 3,
    duration_type: 'month',
  }),
  recordPayment: (own: Records) => ({
    member_id: own.member,
    subscription_type_id: own.plan,
    amount: 25000,
    method: 'Cash',
    duration: 1,
  }),
  createPaymentLink: (own: Records) => ({
    subscription_type_id: idOf(own, 'plan'),
    duration: 1,
    channel: 'email',
  }),
  assignHeldPayment: (own: Records) => ({
    member_id: idOf(own, 'member'),
    subscription_type_id: idOf(own, 'plan'),
    duration: HELD_PERIODS,
  }),
  // The member's own page (sent with the case's member token).
  startPortalPayment: (own: Records) => ({ subscription_type_id: idOf(own, 'plan'), duration: 1 }),
  createKiosk: () => ({ name: `Door ${next()}` }),
  openKiosk: () => ({ name: `Desk ${next()}` }),
  kioskCheckIn: () => ({ code: '08031234567' }),
  exitKiosk: (_own: Records, caller: { password: string }) => ({ password: caller.password }),
  // Each sale is a new walk-in.
  sellDayPass: () => ({
    first_name: 'Emeka',
    last_name: 'Obi',
    mobile_number: `0809${String(4_100_000 + ++unique).padStart(7, '0')}`,
    method: 'Cash',
    check_in: true,
  }),
  // The case's member has a running subscription of a plan that allows freezing (freshRecords).
  createFreeze: () => ({ start_date: lagosDay(), end_date: addDays(lagosDay(), 6) }),
  endFreeze: () => ({}),
  approveFreeze: () => ({}),
  declineFreeze: () => ({ reason: 'Busy season' }),
};

export interface CaseBusiness {
  t: TestApp;
  paystack: LoopbackPaystack;
  /** The business's owner, once the file's beforeAll has made them. */
  owner: () => { token: string; businessId: number };
  /** The secret key of the business's loopback Paystack account. */
  secretKey: string;
  /** The first word of the e-mail addresses the cases make up (`role`, `audit`). */
  mailPrefix: string;
}

/** What a case's payment is recorded with (a desk transfer waits to be confirmed). */
export type PaymentMethodOf = (operationId: string) => string;

export const caseRecords = (business: CaseBusiness) => {
  const { t, paystack, secretKey, mailPrefix } = business;
  /** The member ID (IRON-00042) of each member a case made. */
  const memberCodes = new Map<number, string>();

  /**
   * The freeze a call names: a member's request waiting for approval (approve, decline), else a
   * freeze the owner made from today (ending it cancels it).
   */
  const freezeFor = async (operationId: string, memberId: number): Promise<number> => {
    const today = lagosDay();
    const owner = business.owner();
    if (operationId === 'approveFreeze' || operationId === 'declineFreeze') {
      const ctx = { db: t.db } as Parameters<typeof requestFreeze>[0];
      const asked = await requestFreeze(ctx, owner.businessId, memberId, {
        start_date: addDays(today, 1),
        end_date: addDays(today, 7),
        reason: 'Travel',
      });
      return asked.id;
    }
    const res = await call(t.app, 'POST', `/v1/member/${memberId}/freeze`, {
      token: owner.token,
      body: { start_date: today, end_date: addDays(today, 6) },
    });
    if (res.statusCode !== 201) throw new Error(`freeze failed: ${res.body}`);
    return res.json().data.id;
  };

  /** A kiosk of the business, switched on, with its token. */
  const newKiosk = async () => {
    const res = await call(t.app, 'POST', '/v1/settings/kiosks', {
      token: business.owner().token,
      body: { name: `Door ${next()}` },
    });
    if (res.statusCode !== 201) throw new Error(`kiosk failed: ${res.body}`);
    const data = res.json().data as { kiosk: { id: number }; token: string };
    return { id: data.kiosk.id, token: data.token };
  };

  /** A message scheduled an hour ahead (nothing goes out while the matrix runs). */
  const scheduledMessage = async (): Promise<number> => {
    const res = await call(t.app, 'POST', '/v1/comms', {
      token: business.owner().token,
      body: {
        group: 'all_members',
        channel: 'email',
        message: '<p>Later</p>',
        is_scheduled: true,
        schedule_date: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    if (res.statusCode !== 201) throw new Error(`message failed: ${res.body}`);
    return res.json().data.id;
  };

  /** A sent message whose one delivery failed for good (what a retry resends). */
  const failedMessage = async (): Promise<number> => {
    const { businessId } = business.owner();
    const [message] = await t.db
      .insert(schema.communicationMessages)
      .values({
        businessId,
        group: 'all_members',
        channel: 'email',
        html: '<p>Sent</p>',
        status: 'FAILED',
        recipients: 1,
        failed: 1,
        dispatchedAt: new Date(),
      })
      .returning({ id: schema.communicationMessages.id });
    await t.db.insert(schema.outbox).values({
      businessId,
      channel: 'email',
      to: `${mailPrefix}.failed.${next()}@example.com`,
      subject: 'Message from Alpha Gym',
      text: 'Sent',
      status: 'failed',
      attempts: 6,
      lastError: 'mailbox full',
      ref: `comms:${message!.id}`,
    });
    return message!.id;
  };

  /**
   * Records of the business, new for this case, made by its owner: the ones in `needed` (the
   * entities `entry` names) and those they need. A freeze call's member pays for a plan that
   * allows freezing; a payment is recorded with `methodOf(operationId)`.
   */
  const freshRecords = async (
    entry: Entry,
    needed: Set<Entity>,
    methodOf: PaymentMethodOf,
  ): Promise<Records> => {
    const { operationId } = entry.contract;
    const { token } = business.owner();
    const own: Records = {};
    const freezing = FREEZE_CALLS.has(operationId);
    if (freezing) needed.add('subscription');
    if (
      ['payment', 'subscription', 'paymentLink', 'heldPayment'].some((e) => needed.has(e as Entity))
    )
      needed.add('member').add('plan');
    if (needed.has('plan'))
      own.plan = (
        await addPlan(t, token, {
          name: `Plan ${next()}`,
          amount: 25000,
          ...(freezing ? { freeze_allowed: true } : {}),
          // The business settings name a day-pass plan: a plan of 1 day.
          ...(operationId === 'updateBusinessProfile' ? { duration: 1, duration_type: 'day' } : {}),
        })
      ).id;
    if (needed.has('member')) {
      const added = await addMember(t, token, { first_name: 'Zainab', last_name: 'Bello' });
      own.member = added.id;
      memberCodes.set(added.id, added.member_id);
    }
    if (needed.has('payment') || needed.has('subscription')) {
      const paid = await call(t.app, 'POST', '/v1/payment', {
        token,
        body: {
          member_id: own.member,
          subscription_type_id: own.plan,
          amount: 25000,
          method: methodOf(operationId),
          duration: 1,
        },
      });
      if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
      own.payment = paid.json().data.id;
      own.subscription = paid.json().data.subscription.id;
    }
    if (needed.has('freeze')) own.freeze = await freezeFor(operationId, own.member!);
    if (needed.has('teamUser')) {
      const invited = await call(t.app, 'POST', '/v1/user/invite', {
        token,
        body: { email: `${mailPrefix}.teammate.${next()}@example.com`, role: 'staff' },
      });
      if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
      own.teamUser = invited.json().data.id;
    }
    if (needed.has('paymentLink'))
      own.paymentLink = (
        await addPaymentLink(t, token, { member: own.member!, plan: own.plan!, channel: 'sms' })
      ).id;
    if (needed.has('memberImport'))
      own.memberImport = await addMemberImport(t, token, IMPORT_STATES[operationId] ?? 'draft');
    if (needed.has('heldPayment'))
      own.heldPayment = (
        await addHeldPayment(t, paystack, token, {
          member: own.member!,
          plan: own.plan!,
          secretKey,
          periods: HELD_PERIODS,
        })
      ).id;
    // The details are sent of the account the member has.
    if (operationId === 'sendTransferAccount')
      await addTransferAccount(t, token, idOf(own, 'member'));
    if (needed.has('kiosk')) own.kiosk = (await newKiosk()).id;
    if (needed.has('message'))
      own.message =
        operationId === 'retryCommunication' ? await failedMessage() : await scheduledMessage();
    return own;
  };

  return { freshRecords, newKiosk, memberCodes };
};
