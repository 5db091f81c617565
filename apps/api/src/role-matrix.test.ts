import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  NOT_ALLOWED,
  NO_BUSINESS_MESSAGE,
  PAYMENT_MESSAGES,
  REVENUE_HIDDEN,
  ROLES,
  can,
  onlineContracts,
  type Action,
  type Role,
} from '@kora/shared';
import * as schema from './db/schema';
import { signUp } from './test/app';
import {
  COMMON_BODIES,
  FOREIGN_EXPECTED,
  NOT_FOUND,
  idOf,
  invalidBodies,
  label,
  readContracts,
  send,
  slotName,
  snapshot,
  unknownOperations,
  type Entity,
  type Entry,
  type Expected,
  type Records,
  type Request,
  caseRequest,
} from './test/contract-matrix';
import { useTestApp } from './test/hooks';
import { CASE_BODIES, IMPORT_STATES, caseRecords, next } from './test/matrix-records';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from './test/online';
import { addDayPassPlan, createTenant } from './test/tenants';

/*
 * The role matrix, generated from the contracts: every call of every `*Contracts` object of
 * @kora/shared that is not public is sent by each kind of caller of one business (its owner, an
 * admin, a staff member), by a signed-in user without a business and by the owner of another
 * business, and answers what the contract's `access` says:
 *   - an action (see `can`): the owner and admins succeed; staff succeed when `can('staff', …)`,
 *     else 403 ROLE_FORBIDDEN; a user without a business hears 403 NO_BUSINESS; the owner of
 *     another business naming this business's records by id hears 404 (or the field error
 *     stated in FOREIGN_EXPECTED), and succeeds on their own business when the call names no record;
 *   - 'user': everyone succeeds, but for the exceptions below, each with its reason.
 * Each call that changes a record gets its own, made just before by the business's owner, so
 * every success is real; each refusal leaves every row of the database as it was (the records
 * it named above all). A new contract is covered without editing this file, unless it names
 * an id test/contract-matrix cannot place or needs a body: then the first test fails and lists it.
 */

// -------------------------------------------------------------------------------------------
// The callers

type CallerName = Role | 'a user without a business' | 'the owner of another business';

interface Caller {
  name: CallerName;
  /** Their role, in whichever business they are in; null without a business. */
  role: Role | null;
  /** Whether they are in the business whose records the calls name. */
  inBusiness: boolean;
}

const NO_BUSINESS_CALLER: Caller = {
  name: 'a user without a business',
  role: null,
  inBusiness: false,
};
const OTHER_OWNER: Caller = {
  name: 'the owner of another business',
  role: 'owner',
  inBusiness: false,
};

/** Every role of the business, then the two outsiders. */
const CALLERS: Caller[] = [
  ...ROLES.map((role): Caller => ({ name: role, role, inBusiness: true })),
  NO_BUSINESS_CALLER,
  OTHER_OWNER,
];

/** A signed-in caller; `token` and `password` change when they change their password. */
interface Session {
  userId: number;
  token: string;
  password: string;
}

// -------------------------------------------------------------------------------------------
// What is sent (ids come from test/contract-matrix)

/** The table of each record, to check what a call did to it. */
const ENTITY_TABLES = {
  member: schema.members,
  plan: schema.plans,
  payment: schema.payments,
  subscription: schema.subscriptions,
  teamUser: schema.users,
  message: schema.communicationMessages,
  paymentLink: schema.paymentLinks,
  heldPayment: schema.paystackCharges,
  memberImport: schema.memberImports,
  kiosk: schema.kioskTokens,
  freeze: schema.freezes,
} satisfies Record<Entity, unknown>;

const NEW_PASSWORD = 'another-horse-43';

/** The business's loopback Paystack account, and the other business's. */
const [PAYSTACK_KEY, OTHER_PAYSTACK_KEY] = LOOPBACK_PAYSTACK_KEYS;
/** The caller's business's key: each business connects an account of its own. */
const paystackKeyOf = (caller: Session) =>
  caller === sessions[OTHER_OWNER.name] ? OTHER_PAYSTACK_KEY : PAYSTACK_KEY;

/**
 * A valid JSON body for each contract that takes one, built from the case's own records and
 * the caller's session. Creates send no Idempotency-Key, and every e-mail is new.
 */
const BODIES: Record<string, (own: Records, caller: Session) => Record<string, unknown>> = {
  ...COMMON_BODIES,
  ...CASE_BODIES,
  changePassword: (_own, caller) => {
    const password = `${NEW_PASSWORD}-${next()}`;
    return { old_password: caller.password, new_password: password, confirm_password: password };
  },
  updateMember: (own) => ({ first_name: `Renamed ${next()}`, subscription_type_id: own.plan }),
  updatePlan: () => ({ name: `Renamed plan ${next()}`, is_active: 1 }),
  inviteTeamUser: () => ({ email: `role.invitee.${next()}@example.com`, role: 'staff' }),
  // A reason, so the member is let in whatever their cover (a green verdict ignores it).
  checkIn: (own) => ({ member_id: idOf(own, 'member'), override_reason: 'Matrix visit' }),
  connectPaystack: (_own, caller) => ({ secret_key: paystackKeyOf(caller) }),
  // The day-pass plan is the case's own plan (one of 1 day: freshRecords).
  updateBusinessProfile: (own) => ({
    ...COMMON_BODIES.updateBusinessProfile(),
    day_pass_plan_id: idOf(own, 'plan'),
  }),
};

// -------------------------------------------------------------------------------------------
// What each caller hears

const HAS_A_BUSINESS: Expected = {
  status: 409,
  code: 'BUSINESS_EXISTS',
  reason: 'a user sets up one business: whoever is already in one is refused',
};

/** The documented answers that are not the access rule's; keyed `operationId`, then caller. */
const ERASE_NOT_CONFIRMED: Expected = {
  status: 422,
  code: 'CONFIRMATION_MISMATCH',
  reason:
    'owners and admins may erase; the body does not repeat the member ID, so nothing is erased ' +
    '(privacy.test.ts erases for real)',
};

const EXCEPTIONS: Record<string, Partial<Record<CallerName, Expected>>> = {
  eraseMember: { owner: ERASE_NOT_CONFIRMED, admin: ERASE_NOT_CONFIRMED },
  createBusiness: {
    owner: HAS_A_BUSINESS,
    admin: HAS_A_BUSINESS,
    staff: HAS_A_BUSINESS,
    'the owner of another business': HAS_A_BUSINESS,
  },
  voidPayment: {
    staff: {
      status: 403,
      code: 'VOID_NOT_ALLOWED',
      message: PAYMENT_MESSAGES.staffVoidOwnCash,
      reason:
        "staff may void only their own Cash payment within 30 minutes: the case's payment is " +
        "the owner's Card payment",
    },
  },
  exportPayments: {
    staff: {
      status: 403,
      code: 'REVENUE_HIDDEN',
      message: REVENUE_HIDDEN,
      reason:
        'a payments export holds the takings, which staff see only when the owner turns on ' +
        '"Staff see revenue" (off in the case\'s business)',
    },
  },
  uploadFile: {
    'a user without a business': {
      status: 403,
      code: 'NO_BUSINESS',
      message: NO_BUSINESS_MESSAGE,
      reason:
        "the form uploads a member's picture: back-office data, which needs a business " +
        '(a profile picture or a logo does not)',
    },
  },
};

/** Cases sent by a new caller of that kind, as the call would change the shared one for good. */
const FRESH_CALLER: Record<string, Partial<Record<CallerName, string>>> = {
  createBusiness: {
    'a user without a business': 'once it succeeds the user has a business: a new user sends it',
  },
};

/** What a success changes in the caller's own session. */
const AFTER_SUCCESS: Record<string, (caller: Session, sent: Request, res: Response) => void> = {
  // Every other session ends: the caller goes on with the pair it answers.
  changePassword: (caller, sent, res) => {
    caller.token = res.json().data.access_token;
    caller.password = String(sent.body!.new_password);
  },
};

// -------------------------------------------------------------------------------------------
// The contracts, and the id slots of each

const { entries, problems } = readContracts(BODIES);

for (const { contract: c, problems: its } of entries)
  if (
    c.access !== 'public' &&
    c.access !== 'user' &&
    c.access !== 'kiosk' &&
    c.access !== 'member' &&
    !ACTIONS.includes(c.access)
  )
    its.push(`access ${String(c.access)} is no action of ACTIONS`);

const protectedEntries = entries.filter((e) => e.contract.access !== 'public');
/** The ids a call names (query filters are not sent: a list answers the caller's own rows). */
const namedSlots = (e: Entry) => e.slots.filter((s) => s.in !== 'query');

/** What `caller` hears from `entry`, from its contract (and the exceptions above). */
const expectedFor = (entry: Entry, caller: Caller): Expected => {
  const { contract: c } = entry;
  const exception = EXCEPTIONS[c.operationId]?.[caller.name];
  if (exception) return exception;
  const success: Expected = { status: c.status ?? 200, reason: 'the caller may make this call' };
  if (c.access === 'kiosk')
    return {
      status: 401,
      code: 'UNAUTHORIZED',
      reason: "a kiosk's own calls take only a kiosk token: no one's session opens them",
    };
  if (c.access === 'member')
    return {
      status: 401,
      code: 'UNAUTHORIZED',
      reason: "a member's own calls take only a member token: no team session opens them",
    };
  if (c.access !== 'user') {
    const action = c.access as Action;
    if (!caller.role)
      return {
        status: 403,
        code: 'NO_BUSINESS',
        message: NO_BUSINESS_MESSAGE,
        reason: 'back-office calls need a business',
      };
    if (!can(caller.role, action))
      return {
        status: 403,
        code: 'ROLE_FORBIDDEN',
        message: NOT_ALLOWED,
        reason: `${caller.role} may not take ${action}`,
      };
  }
  const named = namedSlots(entry);
  if (!caller.inBusiness && caller.role && named.length > 0)
    // The first id looked at decides: path before body, body fields in schema order.
    return FOREIGN_EXPECTED[`${c.operationId} ${slotName(named[0]!)}`] ?? NOT_FOUND;
  return success;
};

interface Case {
  title: string;
  entry: Entry;
  caller: Caller;
  expected: Expected;
}

const expectedText = (e: Expected) => `${e.status}${e.code ? ` ${e.code}` : ''}`;

/** The contracts whose cases can be built (the others fail the first test). */
const matrix = protectedEntries
  .filter((e) => e.problems.length === 0)
  .map((entry) => {
    const cases = CALLERS.map((caller): Case => {
      const expected = expectedFor(entry, caller);
      return {
        title: `as ${caller.name} → ${expectedText(expected)}`,
        entry,
        caller,
        expected,
      };
    });
    return [label(entry), cases] as const;
  });

// -------------------------------------------------------------------------------------------
// The business, its people and the outsiders

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const sessions = {} as Record<CallerName, Session>;
let businessId: number;
/** The business's code: its members' page (`/v1/portal/:business_code/…`) is named by it. */
let businessCode: string;

const sessionOf = async (kind: 'tenant' | 'user', role?: Role): Promise<Session> => {
  if (kind === 'user') {
    const user = await signUp(t);
    return { userId: user.userId, token: user.access, password: user.password };
  }
  const tenant = await createTenant(t, role === 'owner' ? {} : { role, businessId });
  return { userId: tenant.userId, token: tenant.token, password: tenant.password };
};

beforeAll(async () => {
  const owner = await createTenant(t, { name: 'Alpha Gym' });
  businessId = owner.businessId;
  businessCode = owner.code;
  sessions.owner = { userId: owner.userId, token: owner.token, password: owner.password };
  for (const role of ROLES.filter((r) => r !== 'owner'))
    sessions[role] = await sessionOf('tenant', role);
  sessions[NO_BUSINESS_CALLER.name] = await sessionOf('user');
  sessions[OTHER_OWNER.name] = await sessionOf('tenant', 'owner');
  await connectBoth();
  // Both businesses sell day passes (each with a plan of 1 day of its own).
  for (const { token } of [sessions.owner, sessions[OTHER_OWNER.name]]) {
    await addDayPassPlan(t, token, { amount: 25000 });
  }
});

/**
 * Both businesses connected to their Paystack accounts, transfer accounts on, webhooks received:
 * before every online payment case, as a case before may have disconnected one (or turned
 * transfer accounts off), and the other owner's calls act on their own business.
 */
const connectBoth = async () => {
  await connectPaystack(t, paystack, sessions.owner.token, PAYSTACK_KEY);
  await connectPaystack(t, paystack, sessions[OTHER_OWNER.name].token, OTHER_PAYSTACK_KEY);
};
const ONLINE = new Set<unknown>(Object.values(onlineContracts));

/** A new caller of `caller`'s kind (FRESH_CALLER). */
const freshSession = (caller: Caller): Promise<Session> => {
  if (caller === NO_BUSINESS_CALLER) return sessionOf('user');
  if (caller === OTHER_OWNER) return sessionOf('tenant', 'owner');
  if (caller.role && caller.role !== 'owner') return sessionOf('tenant', caller.role);
  throw new Error(`a business has one owner: no fresh ${caller.name}`);
};

const records = caseRecords({
  t,
  paystack,
  owner: () => ({ token: sessions.owner.token, businessId }),
  secretKey: PAYSTACK_KEY,
  mailPrefix: 'role',
});

/** Records of the business, new for this case, made by its owner: the ones `entry` names. */
const freshRecords = async (entry: Entry): Promise<Records> => {
  const needed = new Set(namedSlots(entry).map((s) => s.entity));
  if (ONLINE.has(entry.contract)) await connectBoth();
  return records.freshRecords(entry, needed, () => 'Card');
};

// -------------------------------------------------------------------------------------------
// Sending a call

type Response = LightMyRequestResponse;

const requestFor = (entry: Entry, own: Records, caller: Session): Request =>
  caseRequest(entry, own, BODIES, caller, businessCode);

// -------------------------------------------------------------------------------------------
// What must not change

/** What the dispatcher changes on an outbox row while it delivers it, in the background. */
const DELIVERY_COLUMNS = new Set(['status', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt']);

/** What a bulk message's settled deliveries change on it, in the background. */
const MESSAGE_PROGRESS_COLUMNS = new Set(['status', 'delivered', 'failed', 'updatedAt']);

/**
 * Every row of every table (but the rate-limit counters), as a count and digest per table. The
 * outbox keeps what was queued only: the dispatcher delivers earlier messages in the background,
 * and a bulk message's progress follows its deliveries.
 */
const snapshotOfAll = () =>
  snapshot(t, { outbox: DELIVERY_COLUMNS, comms_messages: MESSAGE_PROGRESS_COLUMNS });

/** The row of a record (undefined once deleted). */
const rowOf = async (entity: Entity, id: number) => {
  const table = ENTITY_TABLES[entity];
  return (await t.db.select().from(table).where(eq(table.id, id)))[0];
};

/** The rows of the records a call names, keyed `entity id`. */
const rowsOf = async (entry: Entry, own: Records) => {
  const rows: Record<string, unknown> = {};
  for (const slot of namedSlots(entry)) {
    const id = idOf(own, slot.entity);
    rows[`${slot.entity} ${id}`] = await rowOf(slot.entity, id);
  }
  return rows;
};

// -------------------------------------------------------------------------------------------
// The matrix

describe('the role matrix', () => {
  it('knows every contract, where each of its ids comes from, and every exception', async () => {
    expect(protectedEntries.length).toBeGreaterThan(20);
    const unknown = [
      ...problems,
      // Public calls are not in the matrix: their ids and bodies need no source here.
      ...protectedEntries.flatMap((e) => e.problems.map((p) => `${label(e)}: ${p}`)),
    ];
    // The bodies sent are valid for their contracts (the server's own checks aside).
    const records: Records = {
      member: 1,
      plan: 2,
      payment: 3,
      subscription: 4,
      teamUser: 5,
      message: 6,
      paymentLink: 7,
      heldPayment: 8,
      memberImport: 9,
    };
    unknown.push(...invalidBodies(entries, BODIES, [[records, sessions.owner]]));
    // Every exception names a protected contract and a caller, and none is stale.
    const byOperation = new Map(entries.map((e) => [e.contract.operationId, e]));
    const callerNames = new Set<string>(CALLERS.map((c) => c.name));
    for (const [table, keyed] of Object.entries({ EXCEPTIONS, FRESH_CALLER, AFTER_SUCCESS })) {
      for (const [operationId, byCaller] of Object.entries(keyed)) {
        const entry = byOperation.get(operationId);
        if (!entry || entry.contract.access === 'public')
          unknown.push(`${table}.${operationId}: no protected contract has this operationId`);
        if (table === 'AFTER_SUCCESS') continue;
        for (const name of Object.keys(byCaller as object)) {
          if (!callerNames.has(name)) unknown.push(`${table}.${operationId}: no caller ${name}`);
          if (table === 'FRESH_CALLER' && name === 'owner')
            unknown.push(`FRESH_CALLER.${operationId}: a business has one owner, none is fresh`);
        }
      }
    }
    for (const operationId of Object.keys(IMPORT_STATES))
      if (!byOperation.get(operationId)?.slots.some((s) => s.entity === 'memberImport'))
        unknown.push(`IMPORT_STATES.${operationId}: no contract names a member import`);
    for (const key of Object.keys(FOREIGN_EXPECTED)) {
      const [operationId, slot] = key.split(' ');
      const entry = byOperation.get(operationId!);
      if (!entry?.slots.some((s) => slotName(s) === slot))
        unknown.push(`FOREIGN_EXPECTED['${key}']: no such id of a contract`);
    }
    // Every operation the API serves is a contract here, and every multipart one has its form.
    unknown.push(...(await unknownOperations(t, entries)));
    expect(unknown).toEqual([]);
    // Every caller meets every contract that can be built.
    expect(matrix.flatMap(([, cases]) => cases)).toHaveLength(
      protectedEntries.filter((e) => e.problems.length === 0).length * CALLERS.length,
    );
  });

  describe.each(matrix)('%s', (_label, cases) => {
    it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
      const { entry, expected } = c;
      const { contract: contractOf } = entry;
      const freshCaller = FRESH_CALLER[contractOf.operationId]?.[c.caller.name];
      const caller = freshCaller ? await freshSession(c.caller) : sessions[c.caller.name];
      const own = await freshRecords(entry);
      const request = requestFor(entry, own, caller);
      const refused = expected.status >= 400;
      const dbBefore = refused ? await snapshotOfAll() : undefined;
      const rowsBefore = await rowsOf(entry, own);

      const res = await send(t, entry, request, caller.token);

      expect(res.statusCode, `${expected.reason}: ${res.body}`).toBe(expected.status);
      if (expected.code) expect(res.json().code).toBe(expected.code);
      if (expected.message) expect(res.json().message).toBe(expected.message);
      const rowsAfter = await rowsOf(entry, own);
      if (refused) {
        // A refusal changes nothing: not the records it named, not any other row.
        expect(rowsAfter, 'the records named are unchanged').toEqual(rowsBefore);
        const dbAfter = await snapshotOfAll();
        for (const name of Object.keys(dbBefore!))
          expect(dbAfter[name], `table ${name}`).toEqual(dbBefore![name]);
        return;
      }
      AFTER_SUCCESS[contractOf.operationId]?.(caller, request, res);
      // A success did its work: an edit or a removal changed the record its path names.
      if (contractOf.method === 'PATCH' || contractOf.method === 'DELETE')
        for (const slot of entry.slots.filter((s) => s.in === 'path')) {
          const key = `${slot.entity} ${idOf(own, slot.entity)}`;
          expect(rowsAfter[key], `${key} changed`).not.toEqual(rowsBefore[key]);
        }
      if (contractOf.status === 201) expect(res.json().data).toBeTruthy();
    });
  });
});
