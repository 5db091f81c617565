import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@kora/shared';
import {
  addDays,
  can,
  lagosDay,
  onlineContracts,
  pathOf,
  type Action,
  type Contract,
} from '@kora/shared';
import * as schema from './db/schema';
import { call, signUp } from './test/app';
import { auditEntriesAfter, lastAuditId } from './test/audit';
import {
  COMMON_BODIES,
  FOREIGN_EXPECTED,
  FORMS,
  idOf,
  invalidBodies,
  label,
  readContracts,
  send,
  slotName,
  type Entry,
  type Records,
  type Request,
  caseRequest,
} from './test/contract-matrix';
import { useTestApp } from './test/hooks';
import { CASE_BODIES, caseRecords, next } from './test/matrix-records';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from './test/online';
import { pay, paymentBody } from './test/payments';
import { memberTokenFor, portalCodeSentTo } from './test/portal';
import { addDayPassPlan, addMember, addPlan, createTenant, type Tenant } from './test/tenants';

/*
 * The audit matrix, generated from the contracts: every call that changes data (each POST, PUT,
 * PATCH and DELETE of every `*Contracts` object of @kora/shared that is not public) and every
 * export (a call answering a CSV file) is sent
 *   - once as it should be, by the business's owner (a kiosk's own calls by its kiosk): at least
 *     one new audit entry, every new entry of the caller's business, and one naming the caller
 *     (user id, name and role; the kiosk for a kiosk's calls);
 *   - refused: with invalid input (400), by staff when their role may not make it (403), and by
 *     the owner of another business naming this business's records (404): no entry anywhere.
 * A new mutating contract is covered without editing this file: it fails here until its handler
 * writes its entry (or it is listed in NOT_AUDITED with the reason).
 */

// -------------------------------------------------------------------------------------------
// What is not in the trail, and why

/** Mutating calls that write no entry, each with the reason a gym owner would accept. */
const NOT_AUDITED: Record<string, string> = {
  updateMyProfile: "a person's own name, phone and picture: their account, not the business's",
  changePassword: "a person's own password: the trail never holds one, nor that it changed",
  previewMemberImport:
    "saves a draft import's column mapping: nothing of the business changes until it starts " +
    '(import.start, then import.apply)',
  kioskCheckIn:
    'a visit at the kiosk: visits are the check-in list; only a desk override ("Let in anyway") ' +
    'is audited, and a kiosk cannot override',
  portalSignOut:
    "a member signing out of their page on one device: their session, not the gym's data",
  requestPortalPhoneChange:
    'sends a code to the new number only; the change, once confirmed with it, is audited ' +
    '(confirmPortalPhoneChange)',
};

/**
 * Calls staff may make on some records only, sent by staff on the case's records (the owner's),
 * which are not among them: refused (403), nothing written, like a call their role may not make.
 */
const STAFF_REFUSED_ON_OWNERS: Record<string, string> = {
  voidPayment:
    'staff void only their own Cash payment, within 30 minutes: the payment is the owner\u2019s',
};

// -------------------------------------------------------------------------------------------
// The bodies sent (valid; creates send no Idempotency-Key)

const [PAYSTACK_KEY, OTHER_PAYSTACK_KEY] = LOOPBACK_PAYSTACK_KEYS;
/** The Lagos day whose desk transfers confirmPaymentDay ticks (each case records one on it). */
const CONFIRM_DAY = '2026-01-15';

const BODIES: Record<string, (own: Records, caller: Tenant) => Record<string, unknown>> = {
  ...COMMON_BODIES,
  ...CASE_BODIES,
  // The case's own member, erased for real: the confirmation repeats their member ID.
  eraseMember: (own) => ({ confirm: records.memberCodes.get(own.member!) ?? 'unknown' }),
  changePassword: (_own, caller) => ({
    old_password: caller.password,
    new_password: 'another-horse-43',
    confirm_password: 'another-horse-43',
  }),
  updateMember: () => ({ first_name: `Renamed ${next()}` }),
  updatePlan: () => ({ name: `Renamed plan ${next()}`, is_active: 0 }),
  inviteTeamUser: () => ({ email: `audit.invitee.${next()}@example.com`, role: 'staff' }),
  // A member who never paid: red, let in anyway with a reason.
  checkIn: (own) => ({ member_id: idOf(own, 'member'), override_reason: 'Paying tomorrow' }),
  connectPaystack: (_own, caller) => ({
    secret_key: caller === other ? OTHER_PAYSTACK_KEY : PAYSTACK_KEY,
  }),
  // Transfer accounts are on before every online case: switching them off changes something.
  updatePaystack: () => ({ transfer_accounts: false }),
  updateBusinessProfile: (own) => ({
    ...COMMON_BODIES.updateBusinessProfile(),
    city: `Yaba ${next()}`,
    day_pass_plan_id: idOf(own, 'plan'),
  }),
  updateReminderSettings: () => ({
    enabled: true,
    reminders: [{ offset_days: -3, text: `Hi {{first_name}}, ${next()}: {{days_left}} days.` }],
  }),
  // Each void, refund and confirmation corrects a payment of its own (freshRecords).
  voidPayment: () => ({ reason: `Recorded by mistake ${next()}` }),
  refundPayment: () => ({
    amount: 1000,
    method: 'Cash',
    reason: `Overcharged ${next()}`,
    subscription: 'keep',
  }),
  confirmPaymentDay: () => ({ day: CONFIRM_DAY }),
  // From tomorrow (a member may not start a freeze today) for a week of their running plan.
  requestPortalFreeze: () => ({
    start_date: addDays(lagosDay(), 1),
    end_date: addDays(lagosDay(), 7),
    reason: 'Travelling',
  }),
  // The new number and the code sent to it (freshRecords asked for it).
  confirmPortalPhoneChange: (own) =>
    phoneCodes.get(own) ?? COMMON_BODIES.confirmPortalPhoneChange(),
};

// -------------------------------------------------------------------------------------------
// The contracts in the matrix

/** A call answering a CSV file: who downloaded what is in the trail. */
const isExport = (c: Contract) => (c.produces ?? []).some((m) => m.startsWith('text/csv'));
const isMutating = (c: Contract) => c.access !== 'public' && (c.method !== 'GET' || isExport(c));

const { entries, problems } = readContracts(BODIES);
const mutating = entries.filter((e) => isMutating(e.contract));
/** Every mutating contract @kora/shared declares, served in this branch or not. */
const declared = Object.entries(shared)
  .filter(([name, v]) => name.endsWith('Contracts') && !!v && typeof v === 'object')
  .flatMap(([, calls]) => Object.values(calls as Record<string, unknown>))
  .filter((c): c is Contract => !!c && typeof c === 'object' && 'operationId' in c)
  .filter(isMutating);
const audited = mutating.filter((e) => !NOT_AUDITED[e.contract.operationId]);
const namedSlots = (e: Entry) => e.slots.filter((s) => s.in !== 'query');

/** Calls that tick desk transfers: the payment of their case is one, not confirmed yet. */
const CONFIRMS = new Set(['confirmPayment', 'confirmPaymentDay']);

// -------------------------------------------------------------------------------------------
// The business, its people and the outsider

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);

/** A member's own call (access `member`): sent with a member token of the case's member. */
const isMemberCall = (c: Contract) => c.access === 'member';
/** The member token of each case's member, by the case's records. */
const memberTokens = new WeakMap<Records, string>();
/** The new number and its code of a case that confirms a phone change. */
const phoneCodes = new WeakMap<Records, { mobile_number: string; code: string }>();
let phones = 0;
let owner: Tenant;
let staff: Tenant;
let other: Tenant;
const ownerName = 'Ada Okafor';

beforeAll(async () => {
  owner = await createTenant(t, { name: 'Alpha Gym' });
  staff = await createTenant(t, { role: 'staff', businessId: owner.businessId });
  other = await createTenant(t, { name: 'Beta Gym' });
  for (const { token } of [owner, other]) {
    await addDayPassPlan(t, token, { amount: 25000 });
  }
});

const ONLINE = new Set<unknown>(Object.values(onlineContracts));
const connectBoth = async () => {
  await connectPaystack(t, paystack, owner.token, PAYSTACK_KEY);
  await connectPaystack(t, paystack, other.token, OTHER_PAYSTACK_KEY);
};

const records = caseRecords({
  t,
  paystack,
  owner: () => owner,
  secretKey: PAYSTACK_KEY,
  mailPrefix: 'audit',
});
const { newKiosk } = records;

/** Records of the owner's business, new for this case: the ones `entry` names. */
const freshRecords = async (entry: Entry): Promise<Records> => {
  const needed = new Set(namedSlots(entry).map((s) => s.entity));
  const { operationId } = entry.contract;
  // A day's transfers are ticked: one is recorded on that day.
  if (operationId === 'confirmPaymentDay') needed.add('payment');
  if (ONLINE.has(entry.contract)) await connectBoth();
  if (isMemberCall(entry.contract)) return memberCase(entry);
  // Recorded by the owner: staff may not void it. A desk transfer waits to be confirmed.
  const own = await records.freshRecords(entry, needed, (id) =>
    CONFIRMS.has(id) ? 'Transfer' : 'Cash',
  );
  if (operationId === 'confirmPaymentDay')
    await t.db
      .update(schema.payments)
      .set({ paidOn: CONFIRM_DAY })
      .where(eq(schema.payments.id, idOf(own, 'payment')));
  return own;
};

/**
 * A member's own call: a member of the owner's business on a plan sold online that allows
 * freezing, paid and running today, signed in on the gym's page (Paystack connected, for a
 * payment); a phone change's code asked for, for its confirmation.
 */
const memberCase = async (entry: Entry): Promise<Records> => {
  await connectBoth();
  const plan = await addPlan(t, owner.token, {
    name: `Online ${next()}`,
    amount: 25000,
    available_online: true,
    freeze_allowed: true,
  });
  const member = await addMember(t, owner.token, { first_name: 'Zainab', last_name: 'Bello' });
  await pay(t, owner, paymentBody(member.id, plan.id, 25000, { method: 'Cash' }));
  const own: Records = { member: member.id, plan: plan.id };
  const token = await memberTokenFor(t, owner.businessId, member.id);
  memberTokens.set(own, token);
  if (entry.contract.operationId === 'confirmPortalPhoneChange') {
    const mobile = `0807${String(3_000_000 + ++phones).padStart(7, '0')}`;
    const asked = await call(t.app, 'POST', `/v1/portal/${owner.code}/me/phone`, {
      token,
      body: { mobile_number: mobile },
    });
    if (asked.statusCode !== 202) throw new Error(`phone code failed: ${asked.body}`);
    const code = await portalCodeSentTo(t, `+234${mobile.slice(1)}`);
    if (!code) throw new Error(`no code was sent to ${mobile}`);
    phoneCodes.set(own, { mobile_number: mobile, code });
  }
  return own;
};

/** A member of the other business, signed in on its page (a member naming another gym's plan). */
let otherMemberToken: string | undefined;
const otherMember = async () => {
  if (!otherMemberToken) {
    const member = await addMember(t, other.token, { first_name: 'Bayo', last_name: 'Ade' });
    otherMemberToken = await memberTokenFor(t, other.businessId, member.id);
  }
  return otherMemberToken;
};

// -------------------------------------------------------------------------------------------
// The trail, read directly

const lastEntryId = () => lastAuditId(t);
const entriesAfter = (id: number) => auditEntriesAfter(t, id);

// -------------------------------------------------------------------------------------------
// Sending a call

type Response = LightMyRequestResponse;

// A member's page is named by its gym's code: the caller's.
const requestFor = (entry: Entry, own: Records, caller: Tenant): Request =>
  caseRequest(entry, own, BODIES, caller, caller === other ? other.code : owner.code);

/** Sends a kiosk's own call with its kiosk token. */
const sendAsKiosk = (entry: Entry, request: Request, kioskToken: string): Promise<Response> =>
  t.app.inject({
    method: entry.contract.method,
    url: pathOf(entry.contract.path, request.params),
    payload: request.body as never,
    headers: { authorization: `Kiosk ${kioskToken}` },
  });

/**
 * The same call with input its contract refuses (400), or undefined when it takes none to get
 * wrong: a JSON body that is not an object, an id that is not a number, an unknown file format,
 * a file that is not what the form takes.
 */
const invalidCall = async (
  entry: Entry,
  own: Records,
  send: (r: Request) => Promise<Response>,
): Promise<Response | undefined> => {
  const { contract: c } = entry;
  const valid = requestFor(entry, own, owner);
  if (c.body) return send({ ...valid, body: [] as never });
  if (FORMS[c.operationId])
    return t.app.inject({
      method: c.method,
      url: pathOf(c.path, valid.params),
      payload: 'not a form',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data' },
    });
  const path = entry.slots.find((s) => s.in === 'path');
  if (path)
    return t.app.inject({
      method: c.method,
      url: c.path.replace(`:${path.name}`, 'not-a-number').replace(/:[a-z_]+/gi, '1'),
      headers: { authorization: `Bearer ${owner.token}` },
    });
  if (isExport(c))
    return t.app.inject({
      method: c.method,
      url: `${c.path}?format=doc&start_date=yesterday`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
  return undefined;
};

// -------------------------------------------------------------------------------------------
// The matrix

describe('the audit matrix', () => {
  it('knows every mutating contract, and what each sends', async () => {
    const unknown = [...problems];
    for (const e of mutating) unknown.push(...e.problems.map((p) => `${label(e)}: ${p}`));
    const served = new Set(mutating.map((e) => e.contract.operationId));
    for (const operationId of Object.keys(NOT_AUDITED))
      if (!served.has(operationId))
        unknown.push(`NOT_AUDITED.${operationId}: no mutating contract has this operationId`);
    for (const operationId of Object.keys(STAFF_REFUSED_ON_OWNERS)) {
      const e = audited.find((a) => a.contract.operationId === operationId);
      if (!e) unknown.push(`STAFF_REFUSED_ON_OWNERS.${operationId}: no audited mutating contract`);
      else if (!can('staff', e.contract.access as Action))
        unknown.push(`STAFF_REFUSED_ON_OWNERS.${operationId}: staff may never make it: remove it`);
    }
    // Every mutating call declared is in the matrix.
    for (const c of declared)
      if (!served.has(c.operationId)) unknown.push(`${c.operationId}: declared but not served`);
    unknown.push(...invalidBodies(audited, BODIES, [[{ member: 1, plan: 2 }, owner]]));
    expect(unknown).toEqual([]);
    // The exports and every kind of change are here.
    expect(audited.length).toBeGreaterThan(40);
    expect(audited.filter((e) => isExport(e.contract)).length).toBeGreaterThanOrEqual(5);
  });

  describe.each(audited.map((e) => [label(e), e] as const))('%s', (_label, entry) => {
    const { contract: c } = entry;
    const kiosk = c.access === 'kiosk';

    it('a valid call writes its entries, in the business, naming who made it', async () => {
      const own = await freshRecords(entry);
      // A business is set up by a user who has none yet.
      const caller = c.operationId === 'createBusiness' ? await freshUser() : (owner as Tenant);
      const request = requestFor(entry, own, caller);
      const kioskToken = kiosk ? (await newKiosk()).token : undefined;
      const before = await lastEntryId();
      const res = kioskToken
        ? await sendAsKiosk(entry, request, kioskToken)
        : await send(t, entry, request, memberTokens.get(own) ?? caller.token);
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
      const businessId =
        c.operationId === 'createBusiness' ? (res.json().data.id as number) : owner.businessId;
      const written = await entriesAfter(before);
      expect(written.length, 'entries written').toBeGreaterThan(0);
      expect(written.filter((e) => e.business_id !== businessId)).toEqual([]);
      const named = kiosk
        ? written.filter((e) => e.actor_kind === 'kiosk')
        : isMemberCall(c)
          ? written.filter((e) => e.actor_kind === 'member')
          : written.filter(
              (e) =>
                e.actor_kind === 'user' &&
                e.actor_user_id === caller.userId &&
                e.actor_name === ownerName &&
                e.actor_role === 'owner',
            );
      expect(
        named.length,
        `an entry naming the caller: ${JSON.stringify(written)}`,
      ).toBeGreaterThan(0);
    });

    it('an invalid call is refused and writes nothing', async () => {
      const own = await freshRecords(entry);
      const kioskToken = kiosk ? (await newKiosk()).token : undefined;
      const before = await lastEntryId();
      const res = await invalidCall(entry, own, (r) =>
        kioskToken
          ? sendAsKiosk(entry, r, kioskToken)
          : send(t, entry, r, memberTokens.get(own) ?? owner.token),
      );
      if (!res) return; // nothing it takes can be wrong (its refusals are the cases below)
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(await entriesAfter(before)).toEqual([]);
    });

    const staffRefused =
      !!STAFF_REFUSED_ON_OWNERS[c.operationId] ||
      (c.access !== 'kiosk' &&
        c.access !== 'user' &&
        !isMemberCall(c) &&
        !can('staff', c.access as Action));
    it.runIf(staffRefused)('staff are refused (403) and nothing is written', async () => {
      const own = await freshRecords(entry);
      const before = await lastEntryId();
      const res = await send(t, entry, requestFor(entry, own, staff), staff.token);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(403);
      expect(await entriesAfter(before)).toEqual([]);
    });

    const named = namedSlots(entry);
    it.runIf(!kiosk && c.access !== 'user' && named.length > 0)(
      "another business naming this one's records is refused and nothing is written",
      async () => {
        const own = await freshRecords(entry);
        const token = isMemberCall(c) ? await otherMember() : other.token;
        const before = await lastEntryId();
        const res = await send(t, entry, requestFor(entry, own, other), token);
        const expected = FOREIGN_EXPECTED[`${c.operationId} ${slotName(named[0]!)}`]?.status ?? 404;
        expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
        expect(await entriesAfter(before)).toEqual([]);
      },
    );
  });
});

/** A signed-in user without a business (Ada Okafor, as every test user). */
const freshUser = async (): Promise<Tenant> => {
  const user = await signUp(t);
  return { ...user, token: user.access, businessId: 0, code: '', role: 'owner' };
};
