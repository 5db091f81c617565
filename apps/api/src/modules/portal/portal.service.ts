import {
  PORTAL_MESSAGES,
  checkInVerdict,
  codeSentMessage,
  coveringSubscription,
  koboToNaira,
  lagosDay,
  phoneCodeText,
  receiptPath,
  signInCodeText,
  type DurationType,
  type Freeze,
  type MarketingConsent,
  type PortalDetailsInput,
  type PortalFreezeRequestInput,
  type PortalMe,
  type PortalPayInput,
  type PortalPlans,
  type VerdictSubscription,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { sha256, signMemberToken, verifyMemberToken } from '../../lib/tokens';
import type { Actor } from '../audit';
import { freezeRulesOf, freezesOfMember, frozenUntil, requestFreeze } from '../freezes';
import { memberKioskEntry, setMemberPin } from '../kiosk';
import { getMemberForBusiness, updateMember } from '../members';
import { createLink, paymentLinksAvailable } from '../online';
import { memberExport as privacyExport, requestErasure, setMarketingConsent } from '../privacy';
import { coveredMembersOf } from '../subscriptions';
import * as repo from './portal.repository';
import {
  addressOf,
  limitCodes,
  sendCode,
  sessionExpiry,
  checkCode,
  codeRefused,
  useUp,
  type Address,
} from './portal.sign-in';

/*
 * The member's own page, the service both faces of it call: the JSON API under
 * /v1/portal/{business_code}/… and the server-rendered pages under /m/{business_code}. Every
 * call after sign-in takes a MemberSession, read from the member's token and its session row,
 * and works only on that member of that business.
 */

/** A gym's member page. */
export interface PortalBusiness {
  id: number;
  code: string;
  name: string;
  logo_url: string | null;
  paystack_connected: boolean;
}

/** A signed-in member on one device. */
export interface MemberSession {
  sessionId: string;
  businessId: number;
  businessCode: string;
  memberId: number;
}

/** The member acting on their own page, as the audit trail names them. */
const MEMBER_ACTOR: Actor = { kind: 'member' };

const LAST_VISITS = 20;
const LAST_PAYMENTS = 20;
const LAST_REMINDERS = 10;

const gymNotFound = () => notFound(PORTAL_MESSAGES.gymNotFound, 'BUSINESS_NOT_FOUND');

/** The gym of a member page's code (any case), or null. */
export const portalBusiness = async (
  ctx: AppContext,
  code: string,
): Promise<PortalBusiness | null> => {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,8}$/.test(upper)) return null;
  const row = await repo.businessByCode(ctx.db, upper);
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    logo_url: row.logoUrl,
    paystack_connected: await paymentLinksAvailable(ctx, row.id),
  };
};

/** The gym of a code, 404 "Gym not found" when there is none. */
export const businessOrNotFound = async (ctx: AppContext, code: string) => {
  const business = await portalBusiness(ctx, code);
  if (!business) throw gymNotFound();
  return business;
};

/**
 * Sends a sign-in code to the member of this gym at that phone or e-mail; answers the same,
 * and does the same work, whether or not there is one (see portal.sign-in.ts). 400 when what
 * was typed is neither a phone nor an e-mail, 429 past the limits.
 */
export const requestSignInCode = async (
  ctx: AppContext,
  business: PortalBusiness,
  identifier: string,
  ip: string,
): Promise<void> => {
  const to = addressOf(identifier);
  await limitCodes(ctx, business.id, ip, to);
  const member = await repo.memberByAddress(ctx.db, business.id, to);
  await sendCode(ctx, business, to, member?.id, {
    purpose: 'sign_in',
    text: (code) => signInCodeText(code, business.name),
  });
};

/** The answer to a code request, whoever asked. */
export const codeSentAnswer = (business: PortalBusiness) => codeSentMessage(business.name);

const sessionFor = (
  business: { id: number; code: string },
  row: { id: string; memberId: number },
): MemberSession => ({
  sessionId: row.id,
  businessId: business.id,
  businessCode: business.code,
  memberId: row.memberId,
});

/**
 * Signs a member in with the code just sent: a session row (30 days) and its token. 422 with one
 * answer when the code is wrong, used, expired or tried too often, or the address nobody's; 429
 * past the limits of codes checked per address and per IP.
 */
export const verifySignInCode = async (
  ctx: AppContext,
  business: PortalBusiness,
  identifier: string,
  code: string,
  userAgent: string | null | undefined,
  ip: string,
): Promise<{ token: string; expiresAt: Date; session: MemberSession }> => {
  const to = addressOf(identifier);
  const expiresAt = sessionExpiry();
  const used = await checkCode(ctx, business.id, to, code, 'sign_in', ip);
  const row = await ctx.db.transaction(async (tx) => {
    await useUp(tx, used);
    const member = await repo.memberWithCover(tx, business.id, used.memberId);
    // Deactivated (or erased) since the code was sent: the same answer as any refused code.
    if (!member?.isActive) throw codeRefused();
    return repo.insertSession(tx, {
      businessId: business.id,
      memberId: used.memberId,
      expiresAt,
      userAgent: userAgent ? userAgent.slice(0, 200) : null,
    });
  });
  const session = sessionFor(business, row);
  const token = await signMemberToken(ctx.config.jwtSecret, {
    memberId: row.memberId,
    businessId: business.id,
    sessionId: row.id,
    expiresAt,
  });
  return { token, expiresAt, session };
};

/**
 * The session of a member token on this gym's page, or null: a token of another gym, of a
 * session signed out or expired, or of a member deactivated or erased is no session.
 */
export const memberSessionOf = async (
  ctx: AppContext,
  businessCode: string,
  token: string,
): Promise<MemberSession | null> => {
  const code = businessCode.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,8}$/.test(code)) return null;
  const claims = await verifyMemberToken(ctx.config.jwtSecret, token);
  if (!claims) return null;
  const row = await repo.liveSession(
    ctx.db,
    claims.sessionId,
    claims.businessId,
    claims.memberId,
    code,
  );
  if (!row) return null;
  return {
    sessionId: claims.sessionId,
    businessId: claims.businessId,
    businessCode: row.business_code,
    memberId: claims.memberId,
  };
};

/** Signs the member out on this device: the session ends, its token stops working. */
export const signOut = async (ctx: AppContext, session: MemberSession): Promise<void> => {
  await repo.revokeSession(ctx.db, session.businessId, session.sessionId);
};

const parseCover = (text: string): (VerdictSubscription & { id: number })[] => {
  const cover = JSON.parse(text) as (VerdictSubscription & { id: number })[];
  return Array.isArray(cover) ? cover : [];
};

/** Everything the member's page shows. */
export const memberPage = async (ctx: AppContext, session: MemberSession): Promise<PortalMe> => {
  const { businessId, memberId } = session;
  const [business, member] = await Promise.all([
    portalBusiness(ctx, session.businessCode),
    repo.memberWithCover(ctx.db, businessId, memberId),
  ]);
  if (!business || !member) throw unauthorized();
  const today = lagosDay();
  const cover = parseCover(member.cover);
  const running = coveringSubscription(today, cover);
  const own = running && !running.covered_by ? running : null;
  const [frozen, freezes, covered, visits, payments, reminders, erasure] = await Promise.all([
    frozenUntil(ctx.db, businessId, memberId, today),
    freezesOfMember(ctx.db, businessId, memberId),
    own ? coveredMembersOf(ctx.db, businessId, [own.id]) : Promise.resolve(new Map()),
    repo.lastVisits(ctx.db, businessId, memberId, LAST_VISITS),
    repo.lastPayments(ctx.db, businessId, memberId, LAST_PAYMENTS),
    repo.lastReminders(ctx.db, businessId, memberId, LAST_REMINDERS),
    repo.erasurePending(ctx.db, businessId, memberId),
  ]);
  // The desk's verdict, in its words ("Frozen until 14 March" while a freeze runs).
  const verdict = checkInVerdict({
    is_active: member.isActive,
    today,
    subscriptions: cover,
    frozen_until: frozen,
  });
  const covers = own
    ? (covered.get(own.id) ?? []).map((m: { firstName: string; lastName: string }) =>
        `${m.firstName} ${m.lastName}`.trim(),
      )
    : [];
  return {
    business: {
      name: business.name,
      code: business.code,
      logo_url: business.logo_url,
      paystack_connected: business.paystack_connected,
    },
    member: {
      first_name: member.firstName,
      last_name: member.lastName,
      member_id: member.memberCode,
      mobile_number: member.mobileNumber,
      email_address: member.emailAddress,
      home_address: member.homeAddress,
      emergency_contact_name: member.emergencyContactName,
      emergency_contact_number: member.emergencyContactNumber,
      emergency_contact_relationship: member.emergencyContactRelationship,
      reminders_opt_out: member.remindersOptOut,
      marketing_consent: member.marketingConsent as MarketingConsent,
      // Only an erased member has no card, and an erased member cannot sign in.
      card_code: member.cardCode ?? '',
    },
    verdict: { tone: verdict.tone, title: verdict.text },
    current:
      verdict.plan_name && verdict.start_date && verdict.end_date
        ? {
            plan_name: verdict.plan_name,
            start_date: verdict.start_date,
            expiry_date: verdict.end_date,
            covered_by: verdict.covered_by,
            covers,
          }
        : null,
    freezes,
    visits: visits.map((v) => ({ visited_at: v.visitedAt.toISOString() })),
    payments: payments.map((p) => ({
      receipt_number: p.receiptNumber,
      amount: koboToNaira(p.amountKobo),
      paid_on: p.paidOn,
      plan_name: p.planName,
      method: p.method,
      receipt_url: `${ctx.config.appUrl}${receiptPath(p.receiptToken)}`,
      voided: p.voidedAt !== null,
      refunded: p.refundedKobo > 0,
    })),
    reminders: reminders.map((r) => ({ sent_at: r.sentAt.toISOString(), channel: r.channel })),
    erasure_requested: erasure,
  };
};

/** The plans the member may buy on their page (none is sold while Paystack is not connected). */
export const onlinePlans = async (
  ctx: AppContext,
  session: MemberSession,
): Promise<PortalPlans> => {
  const connected = await paymentLinksAvailable(ctx, session.businessId);
  const plans = await repo.onlinePlans(ctx.db, session.businessId);
  return {
    paystack_connected: connected,
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      amount: koboToNaira(p.amountKobo),
      duration: p.duration,
      duration_type: p.durationType as DurationType,
    })),
  };
};

/**
 * Starts paying for a plan available online: a payment link of the gym's Paystack made by the
 * member (no team user), the amount computed here. The same Idempotency-Key again answers the
 * same link, so a double tap starts one payment. 409 when the gym does not take payments online.
 */
export const startPayment = async (
  ctx: AppContext,
  session: MemberSession,
  input: PortalPayInput,
  idempotencyKey: string | undefined,
): Promise<{ reference: string; pay_url: string }> => {
  const { businessId, memberId } = session;
  if (!(await paymentLinksAvailable(ctx, businessId)))
    throw conflict(PORTAL_MESSAGES.notConnected, 'PAYSTACK_NOT_CONNECTED');
  const plan = await repo.onlinePlan(ctx.db, businessId, input.subscription_type_id);
  if (!plan)
    throw badRequest(PORTAL_MESSAGES.planNotFound, 'PLAN_NOT_FOUND', {
      subscription_type_id: PORTAL_MESSAGES.planNotFound,
    });
  const link = await createLink(
    ctx,
    { businessId, userId: null },
    memberId,
    { subscription_type_id: plan.id, duration: input.duration, channel: 'copy' },
    // The member's own keys never meet a key of the desk's or another member's; hashed, so a
    // key of the longest length allowed still fits the link's column.
    idempotencyKey ? `portal:${sha256(`${memberId}:${idempotencyKey}`).slice(0, 40)}` : undefined,
    MEMBER_ACTOR,
  );
  return { reference: link.reference, pay_url: link.url };
};

/**
 * The member corrects their own details; each change goes into the audit trail as the member's.
 */
export const updateDetails = async (
  ctx: AppContext,
  session: MemberSession,
  input: PortalDetailsInput,
): Promise<PortalMe> => {
  const { marketing_consent: consent, ...details } = input;
  const fields = Object.fromEntries(
    Object.entries(details).filter(([, v]) => v !== undefined),
  ) as typeof details;
  if (Object.keys(fields).length === 0 && consent === undefined)
    throw badRequest(PORTAL_MESSAGES.nothingToChange, 'VALIDATION_ERROR');
  if (Object.keys(fields).length > 0)
    await updateMember(ctx, session.businessId, session.memberId, fields, MEMBER_ACTOR);
  // Given or withdrawn by the member: privacy keeps the choice and its history.
  if (consent !== undefined)
    await ctx.db.transaction((tx) =>
      setMarketingConsent(
        tx,
        session.businessId,
        session.memberId,
        consent,
        'member',
        MEMBER_ACTOR,
      ),
    );
  return memberPage(ctx, session);
};

/** Sends a code to the member's new phone number (202 whatever happens to it). */
export const requestPhoneChange = async (
  ctx: AppContext,
  session: MemberSession,
  mobile: string,
  ip: string,
): Promise<void> => {
  const to = phoneOf(mobile);
  const member = await getMemberForBusiness(ctx, session.businessId, session.memberId);
  if (member.mobile_number === to.phone)
    throw badRequest(PORTAL_MESSAGES.phoneSame, 'VALIDATION_ERROR', {
      mobile_number: PORTAL_MESSAGES.phoneSame,
    });
  await limitCodes(ctx, session.businessId, ip, to);
  const business = await businessOrNotFound(ctx, session.businessCode);
  await sendCode(ctx, business, to, session.memberId, {
    purpose: 'phone_change',
    text: (code) => phoneCodeText(code, business.name),
  });
};

const phoneOf = (mobile: string): Address & { phone: string } => {
  const to = (() => {
    try {
      return addressOf(mobile);
    } catch {
      return null;
    }
  })();
  if (!to || !('phone' in to))
    throw badRequest(PORTAL_MESSAGES.phone, 'VALIDATION_ERROR', {
      mobile_number: PORTAL_MESSAGES.phone,
    });
  return to;
};

/**
 * Changes the member's phone number with the code sent to it (422 when wrong or expired), in
 * the audit trail as the member's change.
 */
export const confirmPhoneChange = async (
  ctx: AppContext,
  session: MemberSession,
  mobile: string,
  code: string,
): Promise<PortalMe> => {
  const to = phoneOf(mobile);
  // Counted per member in place of an IP: only a signed-in member checks these codes.
  const used = await checkCode(
    ctx,
    session.businessId,
    to,
    code,
    'phone_change',
    `member-${session.memberId}`,
    session.memberId,
  );
  await ctx.db.transaction((tx) => useUp(tx, used));
  await updateMember(
    ctx,
    session.businessId,
    session.memberId,
    { mobile_number: to.phone },
    MEMBER_ACTOR,
  );
  return memberPage(ctx, session);
};

/**
 * The member asks for a freeze: checked against their plan's rules (422 in words otherwise),
 * approved at once when the gym approves requests within the rules automatically, else waiting
 * for staff. The same Idempotency-Key again answers the first request.
 */
export const memberFreezeRequest = (
  ctx: AppContext,
  session: MemberSession,
  input: PortalFreezeRequestInput,
  idempotencyKey: string | undefined,
): Promise<Freeze> =>
  requestFreeze(
    ctx,
    session.businessId,
    session.memberId,
    { ...input, reason: input.reason ?? null },
    idempotencyKey,
  );

/** The freeze rules of the member's running plan (null: no plan running), for their page. */
export const memberFreezeRules = (ctx: AppContext, session: MemberSession) =>
  freezeRulesOf(ctx.db, session.businessId, session.memberId, lagosDay());

/** The member's own data as a ZIP (the same file staff download for them). */
export const memberExport = (
  ctx: AppContext,
  session: MemberSession,
): Promise<{ filename: string; zip: Uint8Array }> =>
  privacyExport(ctx, session.businessId, session.memberId, MEMBER_ACTOR);

/** The member asks the gym to erase their data (once while a request waits). */
export const memberErasureRequest = (
  ctx: AppContext,
  session: MemberSession,
): Promise<{ status: 'pending' }> => requestErasure(ctx, session.businessId, session.memberId);

/** Whether the gym's kiosk takes a typed phone or member ID with a PIN, and whether they have one. */
export const kioskPinState = (ctx: AppContext, session: MemberSession) =>
  memberKioskEntry(ctx, session.businessId, session.memberId);

/** The member sets the PIN that goes with a typed phone or member ID at the gym's kiosk. */
export const setKioskPin = (ctx: AppContext, session: MemberSession, pin: string) =>
  setMemberPin(ctx, session.businessId, session.memberId, pin, MEMBER_ACTOR);
