import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import * as schema from './db/schema';
import { call } from './test/app';
import {
  BUSINESS_CODE_PARAM,
  COMMON_BODIES,
  FORMS,
  FOREIGN_EXPECTED,
  NOT_FOUND,
  addMemberImport,
  invalidBodies,
  label,
  memberImportFile,
  readContracts,
  send,
  slotName,
  snapshot,
  unknownOperations,
  type Entity,
  type Entry,
  type Expected,
  type Request,
  type Slot,
  type Snapshot,
} from './test/contract-matrix';
import { useTestApp } from './test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { addOnlineRecords, connectPaystack, useLoopbackPaystack } from './test/online';
import { memberTokenFor } from './test/portal';
import { addMember, addPlan, createTenant, memberBody, type Tenant } from './test/tenants';
import { requestFreeze } from './modules/freezes';

/*
 * The tenancy matrix, generated from the contracts: every call of every `*Contracts` object of
 * @kora/shared that is not public is sent
 *   - with no token, a token signed with another secret, an `alg: none` token, a token whose
 *     claims were edited under the original signature, and an expired one: 401 every time;
 *   - by business B with business A's ids in its path, body, form or query: never a 2xx (404, or
 *     the field error stated in FOREIGN_EXPECTED); a list filtered by A's id answers nothing of A's;
 * and afterwards every row of the database (A's and B's) is exactly as it was, and A reads its
 * records back unchanged. A new contract is covered without editing this file, unless it names
 * an id test/contract-matrix cannot place or needs a body: then the first test fails and lists it.
 */

// -------------------------------------------------------------------------------------------
// What is sent (ids come from test/contract-matrix)

/** Each business has one record of every kind. */
type Records = Record<Entity, number>;

const PASSWORD = 'correct-horse-42';
let invited = 0;
const PLAN = {
  name: 'Monthly',
  amount: 25000,
  duration: 1,
  duration_type: 'month',
  // Its members may be frozen (the freeze calls name a member's freeze).
  freeze_allowed: true,
} as const;
/** Each business's held payments are for this many periods of its plan. */
const HELD_PERIODS = 2;
let transfers = 0;

/** The loopback Paystack account each business connects (A its first key, B its second). */
const keyOf = (own: Records) =>
  own === A.records ? LOOPBACK_PAYSTACK_KEYS[0] : LOOPBACK_PAYSTACK_KEYS[1];

/** A valid JSON body for each contract that takes one, built from the caller's own records. */
const BODIES: Record<string, (own: Records) => Record<string, unknown>> = {
  ...COMMON_BODIES,
  changePassword: () => ({
    old_password: PASSWORD,
    new_password: 'another-horse-43',
    confirm_password: 'another-horse-43',
  }),
  createBusiness: () => ({
    business_name: 'Gamma Gym',
    address: '1 Broad Street',
    city: 'Lagos Island',
    state: 'Lagos',
  }),
  createMember: (own) => memberBody({ first_name: 'Tobiloba', subscription_type_id: own.plan }),
  updateMember: (own) => ({ first_name: 'Tobiloba', subscription_type_id: own.plan }),
  createPlan: () => ({ name: 'Quarterly', amount: 60000, duration: 3, duration_type: 'month' }),
  updatePlan: () => ({ name: 'Renamed plan', is_active: 1 }),
  inviteTeamUser: () => ({ email: `invitee.${++invited}@example.com`, role: 'staff' }),
  recordPayment: (own) => ({
    member_id: own.member,
    subscription_type_id: own.plan,
    amount: PLAN.amount,
    method: 'Cash',
    duration: 1,
  }),
  // A reason, so the member is let in whatever their cover (a green verdict ignores it).
  checkIn: (own) => ({ member_id: own.member, override_reason: 'Matrix visit' }),
  connectPaystack: (own) => ({ secret_key: keyOf(own) }),
  createPaymentLink: (own) => ({ subscription_type_id: own.plan, duration: 1, channel: 'email' }),
  createKiosk: () => ({ name: 'Front door' }),
  openKiosk: () => ({ name: 'Front desk kiosk' }),
  createFreeze: () => ({ start_date: lagosDay(), end_date: addDays(lagosDay(), 6) }),
  endFreeze: () => ({}),
  approveFreeze: () => ({}),
  declineFreeze: () => ({ reason: 'Busy season' }),
  kioskCheckIn: () => ({ code: '08031234567' }),
  exitKiosk: () => ({ password: PASSWORD }),
  sellDayPass: () => ({
    first_name: 'Emeka',
    last_name: 'Obi',
    mobile_number: '08094441234',
    method: 'Cash',
    check_in: true,
  }),
  // The held payment's payer is unknown: the member in the body is the one it is assigned to.
  assignHeldPayment: (own) => ({
    member_id: own.member,
    subscription_type_id: own.plan,
    duration: HELD_PERIODS,
  }),
  startPortalPayment: (own) => ({ subscription_type_id: own.plan, duration: 1 }),
};

/** Controls (the caller's own ids) whose answer is not the contract's success status. */
const CONTROL_EXPECTED: Record<string, Expected> = {
  eraseMember: {
    status: 422,
    reason: 'the member is found; the confirmation is not their member ID, so nothing is erased',
  },
  deletePlan: {
    status: 409,
    reason: 'the plan is found, and kept because a payment bought it',
  },
  retryCommunication: {
    status: 409,
    reason: 'the message is found; it is scheduled, so none of its deliveries failed',
  },
};

/**
 * Controls whose record an earlier control may have used up, or that succeed on a record in
 * another state than the business's own, get a new one of the same kind, made for the caller's
 * business (`side`): its own ids, as above, but that one.
 */
const CONTROL_RECORDS: Record<string, (side: Side) => Promise<Partial<Records>>> = {
  // A held payment is resolved once: each control resolves a held payment of its own.
  assignHeldPayment: async (side) => ({ heldPayment: await unknownPayer(side.tenant.businessId) }),
  dismissHeldPayment: async (side) => ({ heldPayment: await unknownPayer(side.tenant.businessId) }),
  // The business's import is done (its refused rows can be downloaded): only a draft is
  // previewed (409 once started), and only a previewed draft really starts (one already started
  // answers as it is).
  previewMemberImport: async (side) => ({
    memberImport: await addMemberImport(t, side.tenant.token, 'draft'),
  }),
  startMemberImport: async (side) => ({
    memberImport: await addMemberImport(t, side.tenant.token, 'previewed'),
  }),
  // The cash-ups of one person: the owner counts their drawer, and the list names them.
  listCashUps: async (side) => {
    const res = await call(t.app, 'POST', '/v1/cash-up', {
      token: side.tenant.token,
      body: { counted: 0 },
    });
    if (res.statusCode !== 201) throw new Error(`cash-up failed: ${res.body}`);
    return { teamUser: side.tenant.userId };
  },
  // A voided payment is refunded no more: each void and refund corrects a payment of its own.
  voidPayment: async (side) => ({ payment: await freshPayment(side) }),
  refundPayment: async (side) => ({ payment: await freshPayment(side) }),
  // A freeze is decided once: each freeze call gets a member of its own, paid up, and the
  // freeze it names (a request to approve or decline, a freeze from today to end).
  createFreeze: async (side) => ({ member: await paidMember(side) }),
  approveFreeze: async (side) => freshRequest(side),
  declineFreeze: async (side) => freshRequest(side),
  endFreeze: async (side) => {
    const member = await paidMember(side);
    const res = await call(t.app, 'POST', `/v1/member/${member}/freeze`, {
      token: side.tenant.token,
      body: { start_date: lagosDay(), end_date: addDays(lagosDay(), 6) },
    });
    if (res.statusCode !== 201) throw new Error(`freeze failed: ${res.body}`);
    return { member, freeze: res.json().data.id };
  },
};

/** A new member of the side's business with a month of its plan paid (a freeze needs one). */
const paidMember = async (side: Side): Promise<number> => {
  const member = await addMember(t, side.tenant.token, { first_name: 'Funmi' });
  const paid = await call(t.app, 'POST', '/v1/payment', {
    token: side.tenant.token,
    body: {
      member_id: member.id,
      subscription_type_id: side.records.plan,
      amount: PLAN.amount,
      method: 'Cash',
      duration: 1,
    },
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return member.id;
};

/** A member's freeze request from tomorrow, waiting for approval, as the member's page asks it. */
const askedFreeze = async (businessId: number, member: number): Promise<number> =>
  (
    await requestFreeze({ db: t.db } as Parameters<typeof requestFreeze>[0], businessId, member, {
      start_date: addDays(lagosDay(), 1),
      end_date: addDays(lagosDay(), 7),
      reason: 'Travel',
    })
  ).id;

const freshRequest = async (side: Side): Promise<Partial<Records>> => {
  const member = await paidMember(side);
  return { member, freeze: await askedFreeze(side.tenant.businessId, member) };
};

/** A new desk payment of the side's member and plan (for a control that corrects it). */
const freshPayment = async (side: Side): Promise<number> => {
  const paid = await call(t.app, 'POST', '/v1/payment', {
    token: side.tenant.token,
    body: {
      member_id: side.records.member,
      subscription_type_id: side.records.plan,
      amount: PLAN.amount,
      method: 'Card',
      duration: 1,
    },
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().data.id;
};

// -------------------------------------------------------------------------------------------
// The contracts, and the id slots of each

const { entries, problems } = readContracts(BODIES);

const isPublic = (e: Entry) => e.contract.access === 'public';
const isQueryOnly = (slots: Slot[]) => slots.every((s) => s.in === 'query');
const protectedEntries = entries.filter((e) => !isPublic(e));
/** A member's own calls (a member token of the gym in the path) and the team's calls. */
const isMemberCall = (e: Entry) => e.contract.access === 'member';
const staffEntries = protectedEntries.filter((e) => !isMemberCall(e));
const memberEntries = protectedEntries.filter(isMemberCall);

// -------------------------------------------------------------------------------------------
// Two businesses, each with an owner, a plan, a member and a payment, connected to a Paystack
// account of its own with a payment link, the member's transfer account and held payments, and
// a member import done

interface Side {
  tenant: Tenant;
  records: Records;
  /** The member's token on their gym's page. */
  memberToken: string;
  /** Texts of this business that must never reach another. */
  markers: string[];
}

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
let A: Side;
let B: Side;

/**
 * A payment held for staff whose payer Kora does not know (a transfer no member's account
 * explains), for the plan × HELD_PERIODS: the one held payment whose assignment names its member
 * (a held payment of a known payer is assigned to that payer). No call makes one: it is written
 * as the module holds one.
 */
const unknownPayer = async (businessId: number): Promise<number> => {
  const [held] = await t.db
    .insert(schema.paystackCharges)
    .values({
      businessId,
      reference: `T${Date.now()}${++transfers}`,
      memberId: null,
      linkId: null,
      amountKobo: PLAN.amount * 100 * HELD_PERIODS,
      method: 'Transfer',
      state: 'held',
      reason: 'A transfer from a payer no member account explains.',
    })
    .returning({ id: schema.paystackCharges.id });
  return held!.id;
};

const setUpSide = async (name: string, person: string, secretKey: string): Promise<Side> => {
  const tenant = await createTenant(t, { name: `${name} Gym` });
  await connectPaystack(t, paystack, tenant.token, secretKey);
  // Sold online too: the member's own page may buy it.
  const plan = await addPlan(t, tenant.token, {
    ...PLAN,
    name: `${name} Secret Plan`,
    available_online: true,
  });
  const email = `${person.toLowerCase()}.${name.toLowerCase()}only@example.com`;
  const member = await addMember(t, tenant.token, {
    first_name: person,
    last_name: `${name}only`,
    email_address: email,
    subscription_type_id: plan.id,
  });
  const paid = await call(t.app, 'POST', '/v1/payment', {
    token: tenant.token,
    body: {
      member_id: member.id,
      subscription_type_id: plan.id,
      amount: PLAN.amount,
      method: 'Card',
      duration: 1,
    },
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  const payment = paid.json().data;
  const teamEmail = `${person.toLowerCase()}.${name.toLowerCase()}team@example.com`;
  const invite = await call(t.app, 'POST', '/v1/user/invite', {
    token: tenant.token,
    body: { email: teamEmail, role: 'staff', first_name: `${name}teammate` },
  });
  if (invite.statusCode !== 201) throw new Error(`invitation failed: ${invite.body}`);
  // Scheduled an hour ahead: nothing is sent while the matrix runs.
  const scheduled = await call(t.app, 'POST', '/v1/comms', {
    token: tenant.token,
    body: {
      group: 'all_members',
      channel: 'email',
      message: `<p>News for ${name}only members</p>`,
      is_scheduled: true,
      schedule_date: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  if (scheduled.statusCode !== 201) throw new Error(`message failed: ${scheduled.body}`);
  // The held payment: paid twice what its link asked, held for staff (its payer is the member).
  const { transfer, link, held } = await addOnlineRecords(t, paystack, tenant.token, {
    member: member.id,
    plan: plan.id,
    secretKey,
    periods: HELD_PERIODS,
    channel: 'email',
  });
  // A kiosk, switched on.
  const kiosk = await call(t.app, 'POST', '/v1/settings/kiosks', {
    token: tenant.token,
    body: { name: `${name}only kiosk` },
  });
  if (kiosk.statusCode !== 201) throw new Error(`kiosk failed: ${kiosk.body}`);
  // A freeze request of the member, waiting for approval.
  const freeze = await askedFreeze(tenant.businessId, member.id);
  // Done, so that its refused rows (named `${name}only`, as is the file) can be downloaded.
  const memberImport = await addMemberImport(
    t,
    tenant.token,
    'done',
    memberImportFile(`${name}only`),
  );
  return {
    tenant,
    memberToken: await memberTokenFor(t, tenant.businessId, member.id),
    records: {
      member: member.id,
      plan: plan.id,
      payment: payment.id,
      subscription: payment.subscription.id,
      teamUser: invite.json().data.id,
      message: scheduled.json().data.id,
      paymentLink: link.id,
      heldPayment: await unknownPayer(tenant.businessId),
      memberImport,
      kiosk: kiosk.json().data.kiosk.id,
      freeze,
    },
    markers: [
      `${name}only`,
      email,
      `${name} Secret Plan`,
      `${name} Gym`,
      tenant.email,
      teamEmail,
      `${name}teammate`,
      link.reference,
      held.reference,
      transfer.account_number,
    ],
  };
};

// -------------------------------------------------------------------------------------------
// Credentials

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

const CREDENTIALS: Record<string, () => Promise<string | undefined>> = {
  'no token': async () => undefined,
  'a token signed with another secret': async () =>
    new SignJWT(decodeJwt(A.tenant.token))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret')),
  'an alg:none token': async () => {
    const [, payload] = A.tenant.token.split('.');
    return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  },
  "a token with edited claims (B's user and business, A's signature)": async () => {
    const [header, , signature] = A.tenant.token.split('.');
    const claims = {
      ...decodeJwt(A.tenant.token),
      sub: String(B.tenant.userId),
      business_id: B.tenant.businessId,
      email: B.tenant.email,
    };
    return `${header}.${b64(claims)}.${signature}`;
  },
  'an expired token (the real secret)': async () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...decodeJwt(A.tenant.token), iat: now - 3600, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
  },
};

// -------------------------------------------------------------------------------------------
// Sending a call

interface TenancyRequest extends Request {
  query: Record<string, number>;
}

/** The request for `entry` built from `own` records, with `foreign` slots set to `other`'s ids. */
/** The business code of the side whose records `own` are (a member's page is named by it). */
const codeOf = (own: Records) => (own.member === A.records.member ? A.tenant.code : B.tenant.code);

const requestFor = (
  entry: Entry,
  own: Records,
  foreign: Slot[] = [],
  other?: Records,
  /** The member page's gym, when not the caller's own. */
  code?: string,
): TenancyRequest => {
  const { contract: c } = entry;
  const idFor = (slot: Slot) =>
    (foreign.some((f) => slotName(f) === slotName(slot)) ? other! : own)[slot.entity];
  const request: TenancyRequest = { params: {}, query: {} };
  for (const name of c.path.match(/:([A-Za-z_]+)/g)?.map((p) => p.slice(1)) ?? []) {
    if (name === BUSINESS_CODE_PARAM) {
      request.params[name] = code ?? codeOf(own);
      continue;
    }
    const slot = entry.slots.find((s) => s.in === 'path' && s.name === name);
    // An unknown id source (listed by the first test): any id, the credential is refused first.
    request.params[name] = slot ? idFor(slot) : 1;
  }
  if (c.body) request.body = { ...(BODIES[c.operationId]?.(own) ?? {}) };
  const form = FORMS[c.operationId];
  if (form) request.form = form.fields(own);
  for (const slot of foreign) {
    const id = other![slot.entity];
    if (slot.in === 'body') request.body![slot.name] = id;
    if (slot.in === 'form') request.form![slot.name] = String(id);
    if (slot.in === 'query') request.query[slot.name] = id;
  }
  return request;
};

/**
 * The rows a list answers: its JSON `data`, or the lines of an export file after its header
 * (a CSV: the exports answer CSV unless asked for .xlsx).
 */
const listed = (res: { headers: Record<string, unknown>; body: string; json: () => any }) =>
  String(res.headers['content-type']).startsWith('text/csv')
    ? res.body.split('\r\n').slice(1, -1)
    : (res.json().data as unknown[]);

/** The answer carries none of `side`'s texts. */
const expectNoLeak = (body: string, side: Side) => {
  for (const marker of side.markers) expect(body.toLowerCase()).not.toContain(marker.toLowerCase());
};

// -------------------------------------------------------------------------------------------
// What must not change

/** What A reads of its own records through the API. */
const viewOf = async (side: Side) => {
  const { token } = side.tenant;
  const { member, plan } = side.records;
  const urls = [
    `/v1/member/${member}`,
    `/v1/subscription-type/${plan}`,
    `/v1/payment?member_id=${member}`,
    `/v1/subscription?member_id=${member}`,
    '/v1/business/profile',
    '/v1/auth/me',
    '/v1/member',
    '/v1/subscription-type',
    '/v1/user',
    `/v1/comms/${side.records.message}`,
    '/v1/comms',
    '/v1/business/paystack',
    `/v1/member/${member}/payment-link`,
    `/v1/member/${member}/transfer-account`,
    '/v1/held-payment',
    `/v1/member-import/${side.records.memberImport}`,
  ];
  const view: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await call(t.app, 'GET', url, { token });
    view[url] = { status: res.statusCode, body: res.json() };
  }
  return view;
};

/** The side's token for a call: its member's for a member's own call, else its owner's. */
const tokenOf = (side: Side, entry: Entry) =>
  isMemberCall(entry) ? side.memberToken : side.tenant.token;

/** A member session notes when it was last used: the one column a refused call may touch. */
const SNAPSHOT_OMIT = { member_sessions: new Set(['lastSeenAt']) };

let before: Snapshot;
let viewBefore: Awaited<ReturnType<typeof viewOf>>;

beforeAll(async () => {
  A = await setUpSide('Alpha', 'Zainab', LOOPBACK_PAYSTACK_KEYS[0]);
  B = await setUpSide('Bravo', 'Babatunde', LOOPBACK_PAYSTACK_KEYS[1]);
  before = await snapshot(t, SNAPSHOT_OMIT);
  viewBefore = await viewOf(A);
});

// -------------------------------------------------------------------------------------------
// The matrix

describe('the tenancy matrix', () => {
  it('knows every contract and where each of its ids comes from', async () => {
    expect(entries.length).toBeGreaterThan(20);
    const unknown = [
      ...problems,
      // Public calls are not in the matrix: their ids and bodies need no source here.
      ...protectedEntries.flatMap((e) => e.problems.map((p) => `${label(e)}: ${p}`)),
    ];
    // The bodies sent are valid for their contracts (the server's own checks aside).
    unknown.push(...invalidBodies(entries, BODIES, [[A.records], [B.records]]));
    // Every exception names a protected contract that names ids, and the id it says; none is stale.
    const withIds = new Map(
      protectedEntries.filter((e) => e.slots.length > 0).map((e) => [e.contract.operationId, e]),
    );
    for (const [table, keyed] of Object.entries({ CONTROL_EXPECTED, CONTROL_RECORDS }))
      for (const operationId of Object.keys(keyed))
        if (!withIds.has(operationId))
          unknown.push(
            `${table}.${operationId}: no protected contract with ids has this operationId`,
          );
    for (const key of Object.keys(FOREIGN_EXPECTED)) {
      const [operationId, slot] = key.split(' ');
      if (!withIds.get(operationId!)?.slots.some((s) => slotName(s) === slot))
        unknown.push(`FOREIGN_EXPECTED['${key}']: no such id of a contract`);
    }
    // Every operation the API serves is a contract here, and every multipart one has its form.
    unknown.push(...(await unknownOperations(t, entries)));
    expect(unknown).toEqual([]);
  });

  describe("with A's member token (a member of A, signed in on A's page)", () => {
    it.each(staffEntries.map((e) => [label(e), e] as const))(
      '%s answers 401',
      async (_name, entry) => {
        const res = await send(t, entry, requestFor(entry, A.records), A.memberToken);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toMatch(/^(UNAUTHORIZED|TOKEN_INVALID)$/);
        expectNoLeak(res.body, A);
      },
    );
  });

  describe("A's member token on B's member page", () => {
    it.each(memberEntries.map((e) => [label(e), e] as const))(
      '%s answers 401, as without a token',
      async (_name, entry) => {
        const request = requestFor(entry, A.records, [], undefined, B.tenant.code);
        const res = await send(t, entry, request, A.memberToken);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.body).toBe((await send(t, entry, request, undefined)).body);
        expectNoLeak(res.body, B);
      },
    );
  });

  describe.each(Object.keys(CREDENTIALS))('with %s', (credential) => {
    it.each(protectedEntries.map((e) => [label(e), e] as const))(
      '%s answers 401',
      async (_name, entry) => {
        const token = await CREDENTIALS[credential]!();
        const res = await send(t, entry, requestFor(entry, A.records), token);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toMatch(/^(UNAUTHORIZED|TOKEN_INVALID)$/);
        expectNoLeak(res.body, A);
      },
    );
  });

  interface ForeignCase {
    title: string;
    entry: Entry;
    foreign: Slot[];
    expected: Expected | 'nothing of A';
  }

  // A member's calls are sent with the member token of B's member on B's page, the team's with
  // B's owner's token.
  const foreignCases: ForeignCase[] = protectedEntries.flatMap((entry) => {
    const cases: ForeignCase[] = [];
    const expectedFor = (slot: Slot): Expected =>
      FOREIGN_EXPECTED[`${entry.contract.operationId} ${slotName(slot)}`] ?? NOT_FOUND;
    for (const slot of entry.slots)
      cases.push({
        title: `${label(entry)} with A's ${slot.entity} in ${slotName(slot)}`,
        entry,
        foreign: [slot],
        expected: slot.in === 'query' ? 'nothing of A' : expectedFor(slot),
      });
    const named = entry.slots.filter((s) => s.in !== 'query');
    if (named.length > 1)
      cases.push({
        title: `${label(entry)} with A's ids in ${named.map(slotName).join(', ')}`,
        entry,
        foreign: named,
        // The first id looked at decides: path before body, body fields in schema order.
        expected: expectedFor(named[0]!),
      });
    return cases;
  });

  it('has a case for every id of every protected contract', () => {
    const covered = new Set(
      foreignCases.flatMap((c) => c.foreign.map((s) => `${c.entry.key} ${slotName(s)}`)),
    );
    const missing = protectedEntries.flatMap((e) =>
      e.slots.map((s) => `${e.key} ${slotName(s)}`).filter((k) => !covered.has(k)),
    );
    expect(missing).toEqual([]);
    expect(foreignCases.length).toBeGreaterThan(0);
  });

  describe("B's valid token on A's ids", () => {
    it.each(foreignCases.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
      const res = await send(
        t,
        c.entry,
        requestFor(c.entry, B.records, c.foreign, A.records),
        tokenOf(B, c.entry),
      );
      expectNoLeak(res.body, A);
      if (c.expected === 'nothing of A') {
        // A filter naming another business's record filters B's own rows: none match.
        expect(res.statusCode, res.body).toBe(200);
        expect(isQueryOnly(c.foreign)).toBe(true);
        expect(listed(res)).toEqual([]);
        return;
      }
      expect(res.statusCode, `${c.expected.reason}: ${res.body}`).toBe(c.expected.status);
      if (c.expected.code) expect(res.json().code).toBe(c.expected.code);
    });
  });

  it('left every row as it was, and A reads its records back unchanged', async () => {
    const after = await snapshot(t, SNAPSHOT_OMIT);
    for (const name of Object.keys(before)) expect(after[name], name).toEqual(before[name]);
    // The exports B ran are recorded in B's trail only.
    const exported = await t.db
      .select({ businessId: schema.auditEntries.businessId })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, 'export.download'));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.every((e) => e.businessId === B.tenant.businessId)).toBe(true);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(await viewOf(A)).toEqual(viewBefore);
    // And A's records are still A's: B's reads of its own find nothing of A.
    for (const url of ['/v1/payment', '/v1/held-payment', '/v1/business/paystack']) {
      const own = await call(t.app, 'GET', url, { token: B.tenant.token });
      expect(own.statusCode, url).toBe(200);
      expectNoLeak(own.body, A);
    }
  });

  // Controls, once nothing may change any more: the very requests above succeed with the
  // caller's own ids and a valid token, so each refusal above came from the foreign id or the
  // credential, never from a malformed request.
  describe('controls', () => {
    const withIds = [...new Set(foreignCases.map((c) => c.entry))];
    it.each(withIds.map((e) => [label(e), e] as const))(
      "%s succeeds for B with B's own ids",
      async (_name, entry) => {
        const fresh = await CONTROL_RECORDS[entry.contract.operationId]?.(B);
        const own = fresh ? { ...B.records, ...fresh } : B.records;
        const res = await send(t, entry, requestFor(entry, own), tokenOf(B, entry));
        const expected = CONTROL_EXPECTED[entry.contract.operationId];
        if (expected) {
          expect(res.statusCode, `${expected.reason}: ${res.body}`).toBe(expected.status);
          return;
        }
        expect(res.statusCode, res.body).toBe(entry.contract.status ?? 200);
        // A filter naming B's own record finds it.
        if (isQueryOnly(entry.slots)) expect(listed(res).length).toBeGreaterThan(0);
      },
    );

    it.each(
      protectedEntries
        // A kiosk's own calls take only a kiosk token (the kiosk's tests cover them).
        .filter((e) => e.contract.method === 'GET' && e.contract.access !== 'kiosk')
        .map((e) => [label(e), e] as const),
    )("%s answers 200 to A's valid token", async (_name, entry) => {
      const res = await send(t, entry, requestFor(entry, A.records), tokenOf(A, entry));
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
