import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import FormData from 'form-data';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACTIONS,
  NOT_ALLOWED,
  NO_BUSINESS_MESSAGE,
  ROLES,
  can,
  pathOf,
  type Action,
  type Contract,
  type Role,
} from '@kora/shared';
import * as schema from './db/schema';
import { call, signUp } from './test/app';
import { CONTRACT_GROUPS } from './test/contracts';
import { useTestApp } from './test/hooks';
import { addMember, addPlan, createTenant, memberBody } from './test/tenants';

/*
 * The role matrix, generated from the contracts: every call of every `*Contracts` object of
 * @kora/shared that is not public is sent by each kind of caller of one business (its owner, an
 * admin, a staff member), by a signed-in user without a business and by the owner of another
 * business, and answers what the contract's `access` says:
 *   - an action (see `can`): the owner and admins succeed; staff succeed when `can('staff', …)`,
 *     else 403 ROLE_FORBIDDEN; a user without a business hears 403 NO_BUSINESS; the owner of
 *     another business naming this business's records by id hears 404 (or the field error
 *     stated below), and succeeds on their own business when the call names no record;
 *   - 'user': everyone succeeds, but for the exceptions below, each with its reason.
 * Each call that changes a record gets its own, made just before by the business's owner, so
 * every success is real; each refusal leaves every row of the database as it was (the records
 * it named above all). A new contract is covered without editing this file, unless it names
 * an id this file cannot place or needs a body: then the first test fails and lists it.
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
// Where ids come from (as in the tenancy matrix)

type Entity = 'member' | 'plan' | 'payment' | 'subscription' | 'teamUser';
type Records = Partial<Record<Entity, number>>;

/** The path segment before `:id` names the record (`/v1/member/:id` → a member). */
const SEGMENT_ENTITIES: Record<string, Entity> = {
  member: 'member',
  'subscription-type': 'plan',
  payment: 'payment',
  subscription: 'subscription',
  user: 'teamUser',
};

/** Body, form and query fields (and `:xxx_id` params) that carry a record's id. */
const FIELD_ENTITIES: Record<string, Entity> = {
  member_id: 'member',
  subscription_type_id: 'plan',
  payment_id: 'payment',
  subscription_id: 'subscription',
};

/** The table of each record, to check what a call did to it. */
const ENTITY_TABLES = {
  member: schema.members,
  plan: schema.plans,
  payment: schema.payments,
  subscription: schema.subscriptions,
  teamUser: schema.users,
} satisfies Record<Entity, unknown>;

const isIdName = (name: string) => name === 'id' || /(_id|Id)$/.test(name);

let unique = 0;
const next = () => `${Date.now().toString(36)}${(++unique).toString(36)}`;

const NEW_PASSWORD = 'another-horse-43';

/** Reads an id the case made: a missing one is a bug of this file, not of the API. */
const idOf = (own: Records, entity: Entity): number => {
  const id = own[entity];
  if (id === undefined) throw new Error(`no ${entity} was made for this case`);
  return id;
};

/**
 * A valid JSON body for each contract that takes one, built from the case's own records and
 * the caller's session. Creates send no Idempotency-Key, and every e-mail is new.
 */
const BODIES: Record<string, (own: Records, caller: Session) => Record<string, unknown>> = {
  updateMyProfile: () => ({ first_name: 'Ngozi', phone_number: '08039876543' }),
  changePassword: (_own, caller) => {
    const password = `${NEW_PASSWORD}-${next()}`;
    return { old_password: caller.password, new_password: password, confirm_password: password };
  },
  createBusiness: () => ({
    business_name: 'Delta Gym',
    address: '1 Broad Street',
    city: 'Lagos Island',
    state: 'Lagos',
  }),
  updateBusinessProfile: () => ({ city: 'Yaba', business_phone: '08031112222' }),
  createMember: (own) =>
    memberBody({ first_name: 'Tobiloba', subscription_type_id: idOf(own, 'plan') }),
  updateMember: (own) => ({ first_name: `Renamed ${next()}`, subscription_type_id: own.plan }),
  createPlan: () => ({
    name: `Quarterly ${next()}`,
    amount: 60000,
    duration: 3,
    duration_type: 'month',
  }),
  updatePlan: () => ({ name: `Renamed plan ${next()}`, is_active: 1 }),
  inviteTeamUser: () => ({ email: `role.invitee.${next()}@example.com`, role: 'staff' }),
  // Each invitee is made as staff: the role really changes.
  changeTeamUserRole: () => ({ role: 'admin' }),
  recordPayment: (own) => ({
    member_id: own.member,
    subscription_type_id: own.plan,
    amount: 25000,
    method: 'Cash',
    duration: 1,
  }),
};

/**
 * Calls whose body is a multipart form (no JSON schema in the contract): their text fields,
 * built from the case's own records, and which of them carry ids. The OpenAPI document is
 * checked below: a multipart call missing here fails the first test.
 */
const FORMS: Record<
  string,
  { fields: (own: Records) => Record<string, string>; ids: Record<string, Entity> }
> = {
  uploadFile: {
    fields: (own) => ({ file_type: 'member_picture', entity_id: String(idOf(own, 'member')) }),
    ids: { entity_id: 'member' },
  },
};

// -------------------------------------------------------------------------------------------
// What each caller hears

interface Expected {
  status: number;
  code?: string;
  message?: string;
  reason: string;
}

const NOT_FOUND: Expected = {
  status: 404,
  reason: "another business's record is not found, exactly like a missing one",
};

/** The owner of another business naming one of this business's ids where the answer is not 404. */
const FOREIGN_EXPECTED: Record<string, Expected> = {
  'createMember body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is a field of the member form: a plan of another business is a field error',
  },
  'recordPayment body.member_id': {
    status: 404,
    code: 'MEMBER_NOT_FOUND',
    reason: 'the member is looked up (and locked) in the caller\u2019s business only',
  },
};

const HAS_A_BUSINESS: Expected = {
  status: 409,
  code: 'BUSINESS_EXISTS',
  reason: 'a user sets up one business: whoever is already in one is refused',
};

/** The documented answers that are not the access rule's; keyed `operationId`, then caller. */
const EXCEPTIONS: Record<string, Partial<Record<CallerName, Expected>>> = {
  createBusiness: {
    owner: HAS_A_BUSINESS,
    admin: HAS_A_BUSINESS,
    staff: HAS_A_BUSINESS,
    'the owner of another business': HAS_A_BUSINESS,
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

interface Slot {
  in: 'path' | 'body' | 'form' | 'query';
  name: string;
  entity: Entity;
}

interface Entry {
  contract: Contract;
  slots: Slot[];
  /** Why this contract's cases cannot be built (unknown id source, no body…). */
  problems: string[];
}

const isContract = (v: unknown): v is Contract =>
  !!v &&
  typeof v === 'object' &&
  ['method', 'path', 'operationId', 'access'].every((k) => k in (v as object));

/** The field names of an object schema, through pipes, optionals and defaults. */
const fieldsOf = (s: z.ZodType | undefined): string[] | null => {
  if (!s) return [];
  const def = (
    s as unknown as { _zod: { def: { type: string; in?: unknown; innerType?: unknown } } }
  )._zod.def;
  if (def.type === 'object') return Object.keys((s as unknown as z.ZodObject).shape);
  if (def.type === 'pipe') return fieldsOf(def.in as z.ZodType);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
    return fieldsOf(def.innerType as z.ZodType);
  return null;
};

const problems: string[] = [];

const entries: Entry[] = CONTRACT_GROUPS.flatMap(([group, calls]) =>
  Object.entries(calls).flatMap(([name, c]) => {
    if (!isContract(c)) {
      problems.push(`${group}.${name} is not a contract`);
      return [];
    }
    return [{ contract: c, slots: [] as Slot[], problems: [] as string[] }];
  }),
);

for (const entry of entries) {
  const { contract: c } = entry;
  const segments = c.path.split('/');
  segments.forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    const name = segment.slice(1);
    const entity = name === 'id' ? SEGMENT_ENTITIES[segments[i - 1] ?? ''] : FIELD_ENTITIES[name];
    if (entity) entry.slots.push({ in: 'path', name, entity });
    else entry.problems.push(`path parameter :${name} of ${c.path}: which record is it?`);
  });
  for (const [where, s] of [
    ['body', c.body],
    ['query', c.query],
  ] as const) {
    const fields = fieldsOf(s);
    if (fields === null) {
      entry.problems.push(`cannot read the fields of its ${where} schema`);
      continue;
    }
    for (const name of fields.filter(isIdName)) {
      const entity = FIELD_ENTITIES[name];
      if (entity) entry.slots.push({ in: where, name, entity });
      else entry.problems.push(`${where} field ${name}: which record does it name?`);
    }
  }
  const form = FORMS[c.operationId];
  if (form)
    for (const [name, entity] of Object.entries(form.ids))
      entry.slots.push({ in: 'form', name, entity });
  if (c.body && c.access !== 'public' && !BODIES[c.operationId])
    entry.problems.push(`no valid body for ${c.operationId}: add one to BODIES`);
  if (c.access !== 'public' && c.access !== 'user' && !ACTIONS.includes(c.access))
    entry.problems.push(`access ${String(c.access)} is no action of ACTIONS`);
}

const label = (e: Entry) => `${e.contract.operationId} (${e.contract.method} ${e.contract.path})`;
const slotName = (s: Slot) => `${s.in}.${s.name}`;
const protectedEntries = entries.filter((e) => e.contract.access !== 'public');
/** The ids a call names (query filters are not sent: a list answers the caller's own rows). */
const namedSlots = (e: Entry) => e.slots.filter((s) => s.in !== 'query');

/** What `caller` hears from `entry`, from its contract (and the exceptions above). */
const expectedFor = (entry: Entry, caller: Caller): Expected => {
  const { contract: c } = entry;
  const exception = EXCEPTIONS[c.operationId]?.[caller.name];
  if (exception) return exception;
  const success: Expected = { status: c.status ?? 200, reason: 'the caller may make this call' };
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

const t = useTestApp();
const sessions = {} as Record<CallerName, Session>;
let businessId: number;
let png: Buffer;

const sessionOf = async (kind: 'tenant' | 'user', role?: Role): Promise<Session> => {
  if (kind === 'user') {
    const user = await signUp(t);
    return { userId: user.userId, token: user.access, password: user.password };
  }
  const tenant = await createTenant(t, role === 'owner' ? {} : { role, businessId });
  return { userId: tenant.userId, token: tenant.token, password: tenant.password };
};

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const owner = await createTenant(t, { name: 'Alpha Gym' });
  businessId = owner.businessId;
  sessions.owner = { userId: owner.userId, token: owner.token, password: owner.password };
  for (const role of ROLES.filter((r) => r !== 'owner'))
    sessions[role] = await sessionOf('tenant', role);
  sessions[NO_BUSINESS_CALLER.name] = await sessionOf('user');
  sessions[OTHER_OWNER.name] = await sessionOf('tenant', 'owner');
});

/** A new caller of `caller`'s kind (FRESH_CALLER). */
const freshSession = (caller: Caller): Promise<Session> => {
  if (caller === NO_BUSINESS_CALLER) return sessionOf('user');
  if (caller === OTHER_OWNER) return sessionOf('tenant', 'owner');
  if (caller.role && caller.role !== 'owner') return sessionOf('tenant', caller.role);
  throw new Error(`a business has one owner: no fresh ${caller.name}`);
};

/** Records of the business, new for this case, made by its owner: the ones `entry` names. */
const freshRecords = async (entry: Entry): Promise<Records> => {
  const needed = new Set(namedSlots(entry).map((s) => s.entity));
  const { token } = sessions.owner;
  const own: Records = {};
  if (needed.has('payment') || needed.has('subscription')) needed.add('member').add('plan');
  if (needed.has('plan'))
    own.plan = (await addPlan(t, token, { name: `Plan ${next()}`, amount: 25000 })).id;
  if (needed.has('member'))
    own.member = (await addMember(t, token, { first_name: 'Zainab', last_name: 'Bello' })).id;
  if (needed.has('payment') || needed.has('subscription')) {
    const paid = await call(t.app, 'POST', '/v1/payment', {
      token,
      body: {
        member_id: own.member,
        subscription_type_id: own.plan,
        amount: 25000,
        method: 'Card',
        duration: 1,
      },
    });
    if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
    own.payment = paid.json().data.id;
    own.subscription = paid.json().data.subscription.id;
  }
  if (needed.has('teamUser')) {
    const invited = await call(t.app, 'POST', '/v1/user/invite', {
      token,
      body: { email: `role.teammate.${next()}@example.com`, role: 'staff' },
    });
    if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
    own.teamUser = invited.json().data.id;
  }
  return own;
};

// -------------------------------------------------------------------------------------------
// Sending a call

interface Request {
  params: Record<string, number>;
  body?: Record<string, unknown>;
  form?: Record<string, string>;
}

type Response = LightMyRequestResponse;

const requestFor = (entry: Entry, own: Records, caller: Session): Request => {
  const { contract: c } = entry;
  const request: Request = { params: {} };
  for (const slot of entry.slots.filter((s) => s.in === 'path'))
    request.params[slot.name] = idOf(own, slot.entity);
  if (c.body) request.body = BODIES[c.operationId]!(own, caller);
  const form = FORMS[c.operationId];
  if (form) request.form = form.fields(own);
  return request;
};

const send = async (entry: Entry, request: Request, token: string): Promise<Response> => {
  const { contract: c } = entry;
  const url = pathOf(c.path, request.params);
  if (request.form) {
    const form = new FormData();
    form.append('file', png, { filename: 'picture.png', contentType: 'image/png' });
    for (const [k, v] of Object.entries(request.form)) form.append(k, v);
    return t.app.inject({
      method: c.method,
      url,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), authorization: `Bearer ${token}` },
    });
  }
  return call(t.app, c.method, url, { token, body: request.body });
};

// -------------------------------------------------------------------------------------------
// What must not change

const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable =>
  is(v, PgTable),
);

/** What the dispatcher changes on an outbox row while it delivers it, in the background. */
const DELIVERY_COLUMNS = new Set(['status', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt']);

/**
 * Every row of every table (but the rate-limit counters), as sorted JSON lines per table. The
 * outbox keeps what was queued only: the dispatcher delivers earlier messages in the background.
 */
const snapshot = async () => {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const name = getTableName(table);
    if (name === 'rate_limits') continue;
    const rows = (await t.db.select().from(table as never)) as Record<string, unknown>[];
    result[name] = rows
      .map((r) =>
        JSON.stringify(
          name === 'outbox'
            ? Object.fromEntries(Object.entries(r).filter(([k]) => !DELIVERY_COLUMNS.has(k)))
            : r,
        ),
      )
      .sort();
  }
  return result;
};

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
    const records: Records = { member: 1, plan: 2, payment: 3, subscription: 4, teamUser: 5 };
    for (const e of entries) {
      const build = BODIES[e.contract.operationId];
      if (!e.contract.body || !build) continue;
      const parsed = e.contract.body.safeParse(build(records, sessions.owner));
      if (!parsed.success)
        unknown.push(`${label(e)}: BODIES builds an invalid body: ${parsed.error.message}`);
    }
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
    for (const key of Object.keys(FOREIGN_EXPECTED)) {
      const [operationId, slot] = key.split(' ');
      const entry = byOperation.get(operationId!);
      if (!entry?.slots.some((s) => slotName(s) === slot))
        unknown.push(`FOREIGN_EXPECTED['${key}']: no such id of a contract`);
    }
    // Every operation the API serves is a contract here, and every multipart one has its form.
    const doc = (await call(t.app, 'GET', '/docs/json')).json() as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: any }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.operationId || !byOperation.has(op.operationId)) {
          unknown.push(`${where} (${op.operationId ?? 'no operationId'}) is not in any *Contracts`);
          continue;
        }
        const multipart = op.requestBody?.content?.['multipart/form-data']?.schema;
        if (!multipart) continue;
        const form = FORMS[op.operationId];
        if (!form) unknown.push(`${where}: a multipart form this file has no fields for (FORMS)`);
        for (const name of Object.keys(multipart.properties ?? {}).filter(isIdName))
          if (!form?.ids[name]) unknown.push(`${where}: form field ${name}: which record?`);
      }
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
      const dbBefore = refused ? await snapshot() : undefined;
      const rowsBefore = await rowsOf(entry, own);

      const res = await send(entry, request, caller.token);

      expect(res.statusCode, `${expected.reason}: ${res.body}`).toBe(expected.status);
      if (expected.code) expect(res.json().code).toBe(expected.code);
      if (expected.message) expect(res.json().message).toBe(expected.message);
      const rowsAfter = await rowsOf(entry, own);
      if (refused) {
        // A refusal changes nothing: not the records it named, not any other row.
        expect(rowsAfter, 'the records named are unchanged').toEqual(rowsBefore);
        const dbAfter = await snapshot();
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
