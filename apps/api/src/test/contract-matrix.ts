import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import FormData from 'form-data';
import sharp from 'sharp';
import type { z } from 'zod';
import { importContracts, pathOf, type Contract } from '@kora/shared';
import * as schema from '../db/schema';
import { importNextBatch } from '../modules/imports';
import { call, type TestApp } from './app';
import { CONTRACT_GROUPS } from './contracts';

/*
 * What the matrices generated from the contracts (tenancy-matrix.test.ts, role-matrix.test.ts)
 * share: every call of every `*Contracts` object of @kora/shared with the ids it names, the
 * bodies and forms they send, sending a call, a snapshot of the whole database, and the check
 * that every operation the API serves is a contract. A new contract is covered without editing
 * them, unless it names an id that cannot be placed here or needs a body: then the first test of
 * each matrix fails and lists it.
 */

// -------------------------------------------------------------------------------------------
// Where ids come from

export type Entity =
  | 'member'
  | 'plan'
  | 'payment'
  | 'subscription'
  | 'teamUser'
  | 'message'
  | 'paymentLink'
  | 'heldPayment'
  | 'memberImport'
  | 'kiosk'
  | 'freeze';
/** The ids of the records a call is built from. */
export type Records = Partial<Record<Entity, number>>;

/** The path segment before `:id` names the record (`/v1/member/:id` → a member). */
const SEGMENT_ENTITIES: Record<string, Entity> = {
  member: 'member',
  'subscription-type': 'plan',
  payment: 'payment',
  subscription: 'subscription',
  user: 'teamUser',
  comms: 'message',
  'payment-link': 'paymentLink',
  'held-payment': 'heldPayment',
  'member-import': 'memberImport',
  kiosks: 'kiosk',
};

/** Body, form and query fields (and `:xxx_id` params) that carry a record's id. */
const FIELD_ENTITIES: Record<string, Entity> = {
  member_id: 'member',
  subscription_type_id: 'plan',
  payment_id: 'payment',
  subscription_id: 'subscription',
  day_pass_plan_id: 'plan',
  // A list filtered by a team user: the audit trail's actor, the cash-ups of one person.
  user_id: 'teamUser',
  // A member's freeze (its path names the member first).
  freeze_id: 'freeze',
};

/**
 * Path parameters that name no record by id: the gym of a member's page (`/v1/portal/:business_code/…`),
 * filled with the caller's own business code (each matrix says which).
 */
export const BUSINESS_CODE_PARAM = 'business_code';

const isIdName = (name: string) => name === 'id' || /(_id|Id)$/.test(name);

/** Reads an id the case made: a missing one is a bug of the test, not of the API. */
export const idOf = (own: Records, entity: Entity): number => {
  const id = own[entity];
  if (id === undefined) throw new Error(`no ${entity} was made for this case`);
  return id;
};

// -------------------------------------------------------------------------------------------
// What is sent

/** A file a multipart form sends, in its `file` field. */
export interface FormFile {
  body: Buffer;
  filename: string;
  contentType: string;
}

/** The columns of every member import file, and the settings that map them. */
const IMPORT_HEADER = 'First Name,Last Name,Phone,Email';
const IMPORT_SETTINGS = {
  mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3 },
  duplicates: 'skip',
} as const;

let importFiles = 0;
/**
 * A member import's CSV file, a new one each time (the same file sent again while its import is
 * a draft answers that draft, 200 instead of 201): a row that creates a member and a row refused
 * for its phone number, both with the last name `lastName`, which the file is also named after.
 */
export const memberImportFile = (lastName = 'Obi'): FormFile => {
  const n = ++importFiles;
  const rows = [
    IMPORT_HEADER,
    `Ada,${lastName},0803${2_000_000 + n},ada.${lastName.toLowerCase()}.${n}@example.com`,
    `Bad,${lastName},12345,bad.${lastName.toLowerCase()}.${n}@example.com`,
  ];
  return {
    body: Buffer.from(rows.join('\r\n'), 'utf8'),
    filename: `${lastName} members.csv`,
    contentType: 'text/csv',
  };
};

/** The valid JSON bodies that both matrices send alike (each adds its own to its BODIES). */
export const COMMON_BODIES = {
  // Not the member's ID: the call answers 422 and erases nothing, so the matrices' shared
  // member stays as it is (privacy.test.ts erases members for real).
  eraseMember: () => ({ confirm: 'NOT-THE-MEMBER-ID' }),
  updateMyProfile: () => ({ first_name: 'Ngozi', phone_number: '08039876543' }),
  updateBusinessProfile: () => ({ city: 'Yaba', business_phone: '08031112222' }),
  // Each invitee is made as staff: the role really changes.
  changeTeamUserRole: () => ({ role: 'admin' }),
  createCommunication: () => ({
    group: 'all_members',
    channel: 'email',
    message: '<p>Hello {{first_name}}</p>',
  }),
  // Transfer accounts stay on: the calls after it create them.
  updatePaystack: () => ({ transfer_accounts: true }),
  // Every member is made with a mobile number and an e-mail address.
  sendTransferAccount: () => ({ channel: 'sms' }),
  sendMemberCard: () => ({ channel: 'sms' }),
  dismissHeldPayment: () => ({ note: 'Refunded to the member by bank transfer' }),
  updateReminderSettings: () => ({
    enabled: true,
    reminders: [{ offset_days: -3, text: 'Hi {{first_name}}, {{days_left}} days left.' }],
  }),
  // The columns of every import file (memberImportFile).
  previewMemberImport: () => structuredClone(IMPORT_SETTINGS),
  sendReceipt: () => ({ channel: 'sms' }),
  updateReceiptSettings: () => ({ auto_send: true }),
  recordCashUp: () => ({ counted: 0, note: 'Matrix count' }),
  // Correcting a payment the case names; ticking a day's desk transfers.
  voidPayment: () => ({ reason: 'Recorded by mistake' }),
  refundPayment: () => ({
    amount: 1000,
    method: 'Cash',
    reason: 'Overcharged',
    subscription: 'keep',
  }),
  confirmPaymentDay: () => ({ day: '2026-01-15' }),
  // The member's own page (a member token: every team session is refused before the body).
  updatePortalMe: () => ({ home_address: '4 Bode Thomas Street, Surulere' }),
  requestPortalPhoneChange: () => ({ mobile_number: '08071234567' }),
  confirmPortalPhoneChange: () => ({ mobile_number: '08071234567', code: '123456' }),
  // Typed entry stays off (the kiosk takes cards only, as by default); a PIN of 4 digits.
  setKioskEntry: () => ({ typed_entry: false }),
  setMemberKioskPin: () => ({ pin: '1234' }),
  setPortalKioskPin: () => ({ pin: '1234' }),
  requestPortalFreeze: () => ({
    start_date: '2030-01-10',
    end_date: '2030-01-16',
    reason: 'Travelling',
  }),
} satisfies Record<string, () => Record<string, unknown>>;

/** The query fields a call needs besides ids (its schema requires them), sent by every case. */
const QUERIES: Record<string, Record<string, string>> = {
  countCommunicationAudience: { group: 'all_members', channel: 'email' },
  getCashUpWeek: { start: '2026-11-23' },
};

let picture: Promise<Buffer> | undefined;
/** An 8×8 PNG, made once. */
const pictureOf = () =>
  (picture ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer());

/**
 * Calls whose body is a multipart form (no JSON schema in the contract): the file they send,
 * their text fields, built from the sender's own records, and which of them carry ids. The
 * OpenAPI document is checked (unknownOperations): a multipart call it documents as such and
 * missing here fails the first test.
 */
export const FORMS: Record<
  string,
  {
    file: () => Promise<FormFile>;
    fields: (own: Records) => Record<string, string>;
    ids: Record<string, Entity>;
  }
> = {
  uploadFile: {
    file: async () => ({
      body: await pictureOf(),
      filename: 'picture.png',
      contentType: 'image/png',
    }),
    fields: (own) => ({ file_type: 'member_picture', entity_id: String(idOf(own, 'member')) }),
    ids: { entity_id: 'member' },
  },
  uploadMemberImport: {
    file: async () => memberImportFile(),
    fields: () => ({}),
    ids: {},
  },
};

// -------------------------------------------------------------------------------------------
// What is answered

export interface Expected {
  status: number;
  code?: string;
  message?: string;
  reason: string;
}

export const NOT_FOUND: Expected = {
  status: 404,
  reason: "another business's record is not found, exactly like a missing one",
};

/**
 * A caller naming one of another business's ids where the answer is not the plain 404; keyed
 * `operationId slot`. When a call names several, the first id looked at decides.
 */
export const FOREIGN_EXPECTED: Record<string, Expected> = {
  'createMember body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is a field of the member form: a plan of another business is a field error',
  },
  'updateMember body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is a field of the member form: a plan of another business is a field error',
  },
  'recordPayment body.member_id': {
    status: 404,
    code: 'MEMBER_NOT_FOUND',
    reason: 'the member is looked up (and locked) in the caller\u2019s business only',
  },
  'recordPayment body.subscription_type_id': {
    status: 404,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is looked up in the caller\u2019s business only',
  },
  'createPaymentLink body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is a field of the link form: a plan of another business is a field error',
  },
  'assignHeldPayment body.member_id': {
    status: 404,
    code: 'MEMBER_NOT_FOUND',
    reason:
      'the member chosen for a payer Kora did not know is looked up in the caller\u2019s business only',
  },
  'updateBusinessProfile body.day_pass_plan_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason:
      'the day-pass plan is a field of the settings form: a plan of another business is a field error',
  },
  'startPortalPayment body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: "a member buys only their own gym's plans sold online: another gym's is a field error",
  },
  'assignHeldPayment body.subscription_type_id': {
    status: 400,
    code: 'PLAN_NOT_FOUND',
    reason: 'the plan is a field of the assign form: a plan of another business is a field error',
  },
};

// -------------------------------------------------------------------------------------------
// The contracts, and the id slots of each

export interface Slot {
  in: 'path' | 'body' | 'form' | 'query';
  name: string;
  entity: Entity;
}

export interface Entry {
  /** `group.name`, as in CONTRACT_GROUPS. */
  key: string;
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

/**
 * Every contract of CONTRACT_GROUPS, with the ids its path, body, query and form (FORMS) name;
 * `bodies` are the operationIds a valid JSON body is built for. `problems`: what is not a contract.
 */
export const readContracts = (
  bodies: Readonly<Record<string, unknown>>,
): { entries: Entry[]; problems: string[] } => {
  const problems: string[] = [];
  const entries: Entry[] = CONTRACT_GROUPS.flatMap(([group, calls]) =>
    Object.entries(calls).flatMap(([name, c]) => {
      const key = `${group}.${name}`;
      if (!isContract(c)) {
        problems.push(`${key} is not a contract`);
        return [];
      }
      return [{ key, contract: c, slots: [] as Slot[], problems: [] as string[] }];
    }),
  );

  for (const entry of entries) {
    const { contract: c } = entry;
    const segments = c.path.split('/');
    segments.forEach((segment, i) => {
      if (!segment.startsWith(':')) return;
      const name = segment.slice(1);
      if (name === BUSINESS_CODE_PARAM) return;
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
    if (c.body && c.access !== 'public' && !bodies[c.operationId])
      entry.problems.push(`no valid body for ${c.operationId}: add one to BODIES`);
  }
  return { entries, problems };
};

export const label = (e: Entry) =>
  `${e.contract.operationId} (${e.contract.method} ${e.contract.path})`;
export const slotName = (s: Slot) => `${s.in}.${s.name}`;

/** The bodies `bodies` builds, once with each of `argsList`, that their contracts refuse. */
export const invalidBodies = <A extends unknown[]>(
  entries: Entry[],
  bodies: Record<string, (...args: A) => Record<string, unknown>>,
  argsList: A[],
): string[] => {
  const invalid: string[] = [];
  for (const e of entries) {
    const build = bodies[e.contract.operationId];
    if (!e.contract.body || !build) continue;
    for (const args of argsList) {
      const parsed = e.contract.body.safeParse(build(...args));
      if (!parsed.success)
        invalid.push(`${label(e)}: BODIES builds an invalid body: ${parsed.error.message}`);
    }
  }
  return invalid;
};

/**
 * Every operation the API serves is a contract here, and every multipart one has its form
 * (FORMS), which places each of its id fields: what is not, one line each.
 */
export const unknownOperations = async (t: TestApp, entries: Entry[]): Promise<string[]> => {
  const unknown: string[] = [];
  const doc = (await call(t.app, 'GET', '/docs/json')).json() as {
    paths: Record<string, Record<string, { operationId?: string; requestBody?: any }>>;
  };
  const operations = new Set(entries.map((e) => e.contract.operationId));
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId || !operations.has(op.operationId)) {
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
  return unknown;
};

// -------------------------------------------------------------------------------------------
// Sending a call

export interface Request {
  params: Record<string, number | string>;
  query?: Record<string, number>;
  body?: Record<string, unknown>;
  form?: Record<string, string>;
}

/**
 * The request of a case that builds its bodies from the case's records and the caller (the role
 * and audit matrices): the path's ids from `own`, `businessCode` where the path names a gym's
 * page, the body `bodies` builds and the call's form.
 */
export const caseRequest = <C>(
  entry: Entry,
  own: Records,
  bodies: Record<string, (own: Records, caller: C) => Record<string, unknown>>,
  caller: C,
  businessCode: string,
): Request => {
  const { contract: c } = entry;
  const request: Request = { params: {} };
  if (c.path.includes(`:${BUSINESS_CODE_PARAM}`))
    request.params[BUSINESS_CODE_PARAM] = businessCode;
  for (const slot of entry.slots.filter((s) => s.in === 'path'))
    request.params[slot.name] = idOf(own, slot.entity);
  if (c.body) request.body = bodies[c.operationId]!(own, caller);
  const form = FORMS[c.operationId];
  if (form) request.form = form.fields(own);
  return request;
};

/** Sends a multipart form: `file` in its `file` field, then the text `fields`. */
const sendForm = (
  t: TestApp,
  method: Contract['method'],
  url: string,
  file: FormFile,
  fields: Record<string, string>,
  token: string | undefined,
): Promise<LightMyRequestResponse> => {
  const form = new FormData();
  form.append('file', file.body, { filename: file.filename, contentType: file.contentType });
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.app.inject({
    method,
    url,
    payload: form.getBuffer(),
    headers: { ...form.getHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

/**
 * Sends `request` to `entry`'s call, as JSON or as its multipart form (with its FORMS file), with
 * `token` if any.
 */
export const send = async (
  t: TestApp,
  entry: Entry,
  request: Request,
  token: string | undefined,
): Promise<LightMyRequestResponse> => {
  const { contract: c } = entry;
  const query = new URLSearchParams([
    ...Object.entries(QUERIES[c.operationId] ?? {}),
    ...Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ]).toString();
  const url = `${pathOf(c.path, request.params)}${query ? `?${query}` : ''}`;
  if (request.form) {
    const form = FORMS[c.operationId];
    if (!form) throw new Error(`no FORMS entry for ${c.operationId}: which file does it send?`);
    return sendForm(t, c.method, url, await form.file(), request.form, token);
  }
  return call(t.app, c.method, url, { token, body: request.body });
};

// -------------------------------------------------------------------------------------------
// Records no single call makes

/**
 * How far a member import has gone: a `draft` just uploaded, `previewed` (its mapping saved: it
 * can start), or `done` (started and imported by the background job: its refused rows can be
 * downloaded).
 */
export type ImportState = 'draft' | 'previewed' | 'done';

/**
 * A member import of the business `token` is in, uploaded (`file`: a new one by default) and
 * taken to `state` through the API; the background job, which does not run in tests, is run
 * here for `done` (it imports every running import, of any business, this one with them).
 */
export const addMemberImport = async (
  t: TestApp,
  token: string,
  state: ImportState = 'draft',
  file: FormFile = memberImportFile(),
): Promise<number> => {
  const api = importContracts;
  const uploaded = await sendForm(t, api.upload.method, api.upload.path, file, {}, token);
  if (uploaded.statusCode !== 201) throw new Error(`import upload failed: ${uploaded.body}`);
  const id = uploaded.json().data.id as number;
  if (state === 'draft') return id;
  const previewed = await call(t.app, api.preview.method, pathOf(api.preview.path, { id }), {
    token,
    body: IMPORT_SETTINGS,
  });
  if (previewed.statusCode !== 200) throw new Error(`import preview failed: ${previewed.body}`);
  if (state === 'previewed') return id;
  const started = await call(t.app, api.start.method, pathOf(api.start.path, { id }), { token });
  if (started.statusCode !== 200) throw new Error(`import start failed: ${started.body}`);
  while (await importNextBatch(t.db)) {
    // The next batch, of this import or another running one.
  }
  const done = await call(t.app, api.get.method, pathOf(api.get.path, { id }), { token });
  if (done.json().data?.status !== 'done') throw new Error(`import not done: ${done.body}`);
  return id;
};

// -------------------------------------------------------------------------------------------
// What must not change

const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable =>
  is(v, PgTable),
);

/** Per table: its row count and a digest of its rows (e.g. `12 rows 5f0c…`). */
export type Snapshot = Record<string, string>;

/**
 * Every row of every table (but the rate-limit counters), as one line per table: the number of
 * rows and the MD5 of their sorted JSON, computed by the database in one query (reading the rows
 * into the test was half the role matrix's time). Any changed, added or removed row changes its
 * table's line. `omit`: columns left out, by table and property name.
 *
 * PostgreSQL gives every transaction that writes a row a transaction id, in order: when no id
 * was given since the last snapshot of the same database (the snapshot's xmax, the next id to
 * give, has not moved), no row can have changed, and that snapshot is answered again without
 * reading every table. The role and tenancy matrices take two snapshots around each refused
 * call, and a refused call writes nothing.
 */
const lastSnapshots = new WeakMap<object, Map<string, { xmax: string; snapshot: Snapshot }>>();

export const snapshot = async (
  t: TestApp,
  omit: Readonly<Record<string, ReadonlySet<string>>> = {},
): Promise<Snapshot> => {
  const next = (await t.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  )) as unknown as { rows: { xmax: string }[] };
  const xmax = next.rows[0]!.xmax;
  const key = JSON.stringify(Object.entries(omit).map(([table, keys]) => [table, [...keys]]));
  let known = lastSnapshots.get(t.db);
  if (!known) lastSnapshots.set(t.db, (known = new Map()));
  const last = known.get(key);
  if (last?.xmax === xmax) return { ...last.snapshot };
  const parts = tables.flatMap((table) => {
    const name = getTableName(table);
    if (name === 'rate_limits') return [];
    const left = [...(omit[name] ?? [])].map((key) => {
      const column = getTableColumns(table)[key];
      if (!column) throw new Error(`snapshot: ${name} has no column ${key}`);
      return column.name;
    });
    const row = left.length
      ? sql`to_jsonb(r) - ${sql.raw(`array[${left.map((c) => `'${c}'`).join(', ')}]`)}::text[]`
      : sql`to_jsonb(r)`;
    // An export is a read, yet the trail records who exported what: those entries are the one
    // row a read may add (the callers check whose business they name).
    const where = name === 'audit_entries' ? sql`where r.action <> 'export.download'` : sql``;
    return [
      sql`select ${name}::text as name, count(*)::int as n,
            coalesce(md5(string_agg(h, ',' order by h)), '') as digest
          from (select md5((${row})::text) as h from ${table} r ${where}) s`,
    ];
  });
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; n: number; digest: string }[];
  };
  const taken: Snapshot = Object.fromEntries(
    result.rows
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => [r.name, `${r.n} rows ${r.digest}`]),
  );
  known.set(key, { xmax, snapshot: taken });
  return { ...taken };
};
