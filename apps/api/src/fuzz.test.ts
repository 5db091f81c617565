import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, isDomainName, visibleLength, type Contract } from '@kora/shared';
import { addMemberImport } from './test/contract-matrix';
import { CONTRACT_GROUPS } from './test/contracts';
import { useTestApp } from './test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { addOnlineRecords, connectPaystack, useLoopbackPaystack } from './test/online';
import { memberTokenFor } from './test/portal';
import { addMember, addPlan, createTenant, type Tenant } from './test/tenants';

/*
 * Fuzzing every route from the shared contracts: valid requests and mutated ones (wrong types,
 * missing and extra fields, huge strings, control characters, lone surrogates, NUL, deep nesting,
 * `__proto__` keys, invalid JSON and content types). For every answer: never a 5xx, and every
 * 4xx says in words what is wrong. Afterwards nothing invalid is stored and the server is
 * healthy. A fixed seed and FUZZ_RUNS requests (6,000 by default; `npm run fuzz` runs more).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Every call of the API, from the shared package's `*Contracts` objects. */
const CONTRACTS = CONTRACT_GROUPS.flatMap(([, group]) => Object.values(group) as Contract[]);

const HUGE = 'x'.repeat(100_000);
const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const protoKey = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}');

/** Values a script or an attacker may send in place of any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53,
    '',
    ' ',
    '\u0000',
    'Chi\u0000nedu',
    'Ab\u0007\u001bcd',
    'Ada\ud800',
    '\udc00Obi',
    '\u200b\u200b\u200b',
    '\u3164\u3164',
    'Chi\nnedu',
    'Iron\r\nGym',
    HUGE,
    '12',
    '0x10',
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    'Adébáyọ̀'.normalize('NFD'),
    [],
    [1, 2, 3],
    {},
    protoKey,
    deep(200),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid body for each call that takes one (other records' ids filled in at run time). */
const validBodies = (ids: Ids): Record<string, Record<string, unknown>> => ({
  register: {
    first_name: 'Ngozi',
    last_name: 'Eze',
    email: `fuzz.${Math.random().toString(36).slice(2)}@example.com`,
    phone_number: '08031234567',
    password: 'correct-horse-42',
  },
  requestVerificationCode: { email: 'nobody@example.com' },
  eraseMember: { confirm: 'NOT-THE-MEMBER-ID' },
  verifyEmail: { email: 'nobody@example.com', code: '1234567', password: 'correct-horse-42' },
  login: { email: 'nobody@example.com', password: 'wrong-password', remember_me: false },
  refreshSession: { token: 'not-a-refresh-token' },
  logout: { token: 'not-a-refresh-token' },
  requestPasswordReset: { email: 'nobody@example.com' },
  confirmPasswordReset: {
    token: 'not.a.token',
    password: 'correct-horse-42',
    confirm_password: 'correct-horse-42',
    type: 'reset',
  },
  checkLink: { token: 'not.a.token' },
  // The member's own page: sign-in by code, then the member's calls (with a member token).
  requestPortalSignInCode: { identifier: '08031234567' },
  verifyPortalSignInCode: { identifier: 'nobody@example.com', code: '123456' },
  updatePortalMe: {
    email_address: 'ada.fuzz@example.com',
    home_address: '4 Bode Thomas Street\nSurulere',
    emergency_contact_name: 'Kemi Obi',
    emergency_contact_number: '08031234568',
    emergency_contact_relationship: 'Sister',
    reminders_opt_out: false,
    marketing_consent: 'no',
  },
  requestPortalPhoneChange: { mobile_number: '08071234567' },
  confirmPortalPhoneChange: { mobile_number: '08071234567', code: '123456' },
  startPortalPayment: { subscription_type_id: ids.plan, duration: 1 },
  requestPortalFreeze: { start_date: '2030-01-10', end_date: '2030-01-16', reason: 'Travelling' },
  setKioskEntry: { typed_entry: true },
  setMemberKioskPin: { pin: '1234' },
  setPortalKioskPin: { pin: '123456' },
  inviteTeamUser: {
    email: `fuzz.${Math.random().toString(36).slice(2)}@example.com`,
    role: 'staff',
  },
  changeTeamUserRole: { role: 'admin' },
  updateMyProfile: { first_name: 'Ngozi', last_name: 'Eze', phone_number: '08031234567' },
  changePassword: {
    old_password: 'not-the-password',
    new_password: 'correct-horse-43',
    confirm_password: 'correct-horse-43',
  },
  createBusiness: {
    business_name: 'Iron Gym',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  },
  updateBusinessProfile: { business_name: 'Iron Paradise Gym', website_url: 'irongym.ng' },
  createMember: {
    first_name: 'Chiamaka',
    last_name: 'Eze',
    mobile_number: '08039876543',
    email_address: 'chiamaka.fuzz@example.com',
    city: 'Ikeja',
    state: 'Lagos',
  },
  updateMember: { first_name: 'Chiamaka', middle_name: 'Ada', home_address: '3 Awolowo Road' },
  recordPayment: {
    member_id: ids.member,
    subscription_type_id: ids.plan,
    amount: 5000,
    method: 'Cash',
    duration: 1,
    group_member_ids: [],
  },
  createPlan: { name: 'Fuzz Plan', amount: 5000, duration: 1, duration_type: 'month' },
  voidPayment: { reason: 'Recorded by mistake' },
  refundPayment: { amount: 1000, method: 'Cash', reason: 'Overcharged', subscription: 'keep' },
  confirmPaymentDay: { day: '2026-01-15' },
  updatePlan: { name: 'Gold Plan' },
  createCommunication: {
    group: 'all_members',
    channel: 'email',
    message: '<p>Hello {{first_name}}</p>',
  },
  createContactRequest: {
    business_name: 'Iron Paradise Gym',
    business_email: `fuzz.${Math.random().toString(36).slice(2)}@example.com`,
    member_stats: '50-100',
    features: ['Streamlined membership management', 'Gym growth strategy'],
    how_you_found_us: 'Instagram',
    contact_number: '08031234567',
    additional_information: 'Two branches.\nCall after 5 pm.',
  },
  connectPaystack: { secret_key: LOOPBACK_PAYSTACK_KEYS[0] },
  updatePaystack: { transfer_accounts: true },
  createPaymentLink: {
    subscription_type_id: ids.plan,
    duration: 1,
    channel: 'sms',
    group_member_ids: [],
  },
  sendTransferAccount: { channel: 'email' },
  checkIn: { member_id: ids.member, found_by: 'name', override_reason: 'Paying tomorrow' },
  sendMemberCard: { channel: 'sms' },
  // The held payment was paid twice the plan's price.
  assignHeldPayment: { member_id: ids.member, subscription_type_id: ids.plan, duration: 2 },
  dismissHeldPayment: { note: 'Refunded to the member by bank transfer on 3 May' },
  updateReminderSettings: {
    enabled: true,
    reminders: [{ offset_days: -7, text: 'Hi {{first_name}}, renew: {{payment_link}}' }],
  },
  createKiosk: { name: 'Front door' },
  openKiosk: { name: 'Front desk kiosk' },
  kioskCheckIn: { code: '08031234567' },
  // Never the password of anyone who may close the kiosk: the kiosk stays on while fuzzed.
  exitKiosk: { password: 'not-the-password' },
  sellDayPass: {
    first_name: 'Emeka',
    last_name: 'Obi',
    mobile_number: '08094441234',
    method: 'Cash',
    check_in: true,
  },
  // The columns of the import's file (First Name, Last Name, Phone, Email).
  previewMemberImport: {
    mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3 },
    duplicates: 'skip',
  },
  sendReceipt: { channel: 'whatsapp' },
  updateReceiptSettings: { auto_send: true },
  recordCashUp: { counted: 25000.5, note: 'Two notes torn.\nCounted twice.' },
  createFreeze: { start_date: '2027-01-10', end_date: '2027-01-20', reason: 'Travel\nBack soon' },
  endFreeze: { on: '2027-01-12' },
  approveFreeze: { fee_method: 'Cash' },
  declineFreeze: { reason: 'Busy season' },
});

interface Ids {
  member: number;
  plan: number;
  payment: number;
  paymentLink: number;
  heldPayment: number;
  /** A member import, a draft when the fuzzing starts. */
  memberImport: number;
  /** The payment link's reference (the public payment page's). */
  reference: string;
  /** The business's code (its members' page: /v1/portal/{business_code}/…). */
  businessCode: string;
}

interface Fuzzed {
  contract: Contract;
  kind: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  token: boolean;
}

const shapeKeys = (schema: unknown): string[] => {
  const s = schema as {
    shape?: object;
    _zod?: { def?: { in?: { shape?: object }; schema?: { shape?: object } } };
  };
  return Object.keys(s?.shape ?? s?._zod?.def?.in?.shape ?? s?._zod?.def?.schema?.shape ?? {});
};

const queryOf = (entries: [string, unknown][]): string => {
  const q = new URLSearchParams();
  for (const [k, v] of entries) {
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** One request for a contract: valid, or mutated in one of many ways. */
const requestArb = (contract: Contract, ids: Ids): fc.Arbitrary<Fuzzed> => {
  const idArb = fc.oneof(
    fc.constantFrom(
      String(ids.member),
      String(ids.plan),
      String(ids.payment),
      String(ids.paymentLink),
      String(ids.heldPayment),
      String(ids.memberImport),
    ),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      'abc',
      '%00',
      '1e999',
      '99999999999999999999',
      '2147483648',
      '%20',
      'null',
    ),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  );
  const keys = shapeKeys(contract.body);
  const queryKeys = shapeKeys(contract.query);
  const base = (): Record<string, unknown> => ({
    ...(validBodies(ids)[contract.operationId] ?? {}),
  });

  const bodyArb: fc.Arbitrary<{ kind: string; payload?: string | Buffer; contentType?: string }> =
    contract.method === 'GET' || contract.method === 'DELETE'
      ? fc.constant({ kind: 'no body' })
      : fc.oneof(
          fc.constant({
            kind: 'valid',
            payload: JSON.stringify(base()),
            contentType: 'application/json',
          }),
          fc
            .tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue)
            .map(([key, value]) => {
              const body = base();
              body[key] = value;
              return {
                kind: `field ${key}`,
                payload: JSON.stringify(body),
                contentType: 'application/json',
              };
            }),
          fc
            .array(fc.tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue), {
              minLength: 2,
              maxLength: 5,
            })
            .map((pairs) => {
              const body = base();
              for (const [k, v] of pairs) body[k] = v;
              return {
                kind: 'fields',
                payload: JSON.stringify(body),
                contentType: 'application/json',
              };
            }),
          fc.constantFrom(...(keys.length ? keys : ['x'])).map((key) => {
            const body = base();
            delete body[key];
            return {
              kind: `missing ${key}`,
              payload: JSON.stringify(body),
              contentType: 'application/json',
            };
          }),
          fc
            .tuple(
              fc.constantFrom('__proto__', 'constructor', 'id', 'business_id', 'role', 'extra'),
              hostileValue,
            )
            .map(([key, value]) => ({
              kind: `extra ${key}`,
              payload: JSON.stringify(base()).replace(
                /^\{/,
                `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},`,
              ),
              contentType: 'application/json',
            })),
          hostileValue.map((v) => ({
            kind: 'root value',
            payload: JSON.stringify(v) ?? 'null',
            contentType: 'application/json',
          })),
          fc.constantFrom(
            {
              kind: 'invalid JSON',
              payload: '{"first_name": "Ada",',
              contentType: 'application/json',
            },
            { kind: 'invalid JSON', payload: "{'a': 1}", contentType: 'application/json' },
            { kind: 'empty JSON', payload: '', contentType: 'application/json' },
            {
              kind: 'deep JSON',
              payload: '['.repeat(100_000) + ']'.repeat(100_000),
              contentType: 'application/json',
            },
            { kind: 'text', payload: 'first_name=Ada', contentType: 'text/plain' },
            {
              kind: 'form',
              payload: 'first_name=Ada&last_name=Obi',
              contentType: 'application/x-www-form-urlencoded',
            },
            {
              kind: 'multipart',
              payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
              contentType: 'multipart/form-data; boundary=x',
            },
            {
              kind: 'bad charset',
              payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
              contentType: 'application/json; charset=utf-8',
            },
            { kind: 'xml', payload: '<a>1</a>', contentType: 'application/xml' },
          ),
        );

  const queryArb: fc.Arbitrary<string> = queryKeys.length
    ? fc.oneof(
        fc.constant(''),
        fc
          .array(fc.tuple(fc.constantFrom(...queryKeys, 'extra', '__proto__'), hostileValue), {
            maxLength: 4,
          })
          .map(queryOf),
        fc.constantFrom(
          '?page=1&page=2',
          '?search=a%00b',
          '?per_page=1e9',
          '?search=' + 'a'.repeat(5000),
          '?start_date=2026-02-30',
        ),
      )
    : fc.constant('');

  // A member's page is named by its business's code.
  const codeArb = fc.oneof(
    fc.constant(ids.businessCode),
    fc.constantFrom('NOSUCH', ids.businessCode.toLowerCase(), 'A'.repeat(101), '%00', '..%2F..'),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  );

  // The public payment page is named by its link's reference.
  const referenceArb = fc.oneof(
    fc.constant(ids.reference),
    fc.constantFrom('kora-0', 'KORA-' + 'f'.repeat(24), 'a'.repeat(101), '%00', '..%2F..'),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  );

  return fc
    .record({
      id: idArb,
      reference: referenceArb,
      code: codeArb,
      body: bodyArb,
      query: queryArb,
      token: fc.boolean(),
    })
    .map(({ id, reference, code, body, query, token }) => ({
      contract,
      kind: body.kind,
      url:
        contract.path
          .replace(':id', id)
          .replace(':reference', reference)
          .replace(':business_code', code) + query,
      payload: body.payload,
      contentType: body.contentType,
      // Calls that need a sign-in mostly get one; public calls mostly none.
      token: contract.access === 'public' ? !token : true,
    }));
};

/** Control characters of every kind, each sent inside every text field of every valid body. */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u2028'];

/**
 * Besides the random sample, every text field of every valid body with each control character
 * in its middle (the rest of the body valid): a NUL in a bulk message's HTML is refused like a
 * NUL in a name.
 */
const controlCharacterRequests = (ids: Ids): Fuzzed[] =>
  CONTRACTS.flatMap((contract) => {
    const valid = validBodies(ids)[contract.operationId];
    if (!valid) return [];
    return Object.entries(valid).flatMap(([key, value]) =>
      typeof value !== 'string'
        ? []
        : CONTROLS.map((control) => {
            const middle = Math.floor(value.length / 2);
            const body = {
              ...valid,
              [key]: value.slice(0, middle) + control + value.slice(middle),
            };
            return {
              contract,
              kind: `control character in ${key}`,
              url: contract.path
                .replace(':id', String(ids.member))
                .replace(':reference', ids.reference)
                .replace(':business_code', ids.businessCode),
              payload: JSON.stringify(body),
              contentType: 'application/json',
              token: contract.access !== 'public',
            };
          }),
    );
  });

/** Validator wording a gym owner must never read. */
const MACHINE_WORDING =
  /Invalid input|expected .* received|Unrecognized key|Too (big|small)|Invalid option|must match pattern|Required$/;

describe('fuzzing every route from its contract', () => {
  const { paystack, config } = useLoopbackPaystack();
  const t = useTestApp(config);
  let owner: Tenant;
  let ids: Ids;
  /** The kiosk's calls are fuzzed with a kiosk's token (a session's is refused before input). */
  let kioskToken: string;
  /**
   * A member's own calls are fuzzed with a member token (a team session's is refused before
   * input); signing out ends a session of its own, so the other calls stay signed in.
   */
  let memberToken: string;
  let signOutToken: string;

  beforeAll(async () => {
    owner = await createTenant(t);
    // Sold online too: the member's own page may buy it.
    const plan = await addPlan(t, owner.token, { available_online: true });
    const member = await addMember(t, owner.token);
    memberToken = await memberTokenFor(t, owner.businessId, member.id);
    signOutToken = await memberTokenFor(t, owner.businessId, member.id);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/v1/payment',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        member_id: member.id,
        subscription_type_id: plan.id,
        amount: plan.amount,
        method: 'Cash',
        duration: 1,
      },
    });
    // Online payments: connected to the loopback Paystack, the member with a transfer account,
    // a link waiting for payment and a payment held for staff (paid twice the plan's price);
    // a member import waiting for its mapping.
    await connectPaystack(t, paystack, owner.token, LOOPBACK_PAYSTACK_KEYS[0]);
    const { link, held } = await addOnlineRecords(t, paystack, owner.token, {
      member: member.id,
      plan: plan.id,
      secretKey: LOOPBACK_PAYSTACK_KEYS[0],
      periods: 2,
    });
    ids = {
      member: member.id,
      plan: plan.id,
      payment: paid.json().data.id,
      paymentLink: link.id,
      heldPayment: held.id,
      // Uploaded as a CSV file (the fuzzed uploads are no multipart form the route reads).
      memberImport: await addMemberImport(t, owner.token),
      reference: link.reference,
      businessCode: owner.code,
    };
    const dayPass = await addPlan(t, owner.token, { duration: 1, duration_type: 'day' });
    await t.app.inject({
      method: 'PATCH',
      url: '/v1/business/profile',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { day_pass_plan_id: dayPass.id },
    });
    const kiosk = await t.app.inject({
      method: 'POST',
      url: '/v1/kiosk/open',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    kioskToken = kiosk.json().data.token;
  }, 60_000);

  it('has a valid body for every call that takes a JSON body', () => {
    // A new create or update must say what a valid request looks like, or it would only ever be
    // fuzzed with invalid ones. (The upload takes a multipart form, not JSON.)
    const missing = CONTRACTS.filter(
      (c) => c.body && c.operationId !== 'uploadFile' && !validBodies(ids)[c.operationId],
    ).map((c) => c.operationId);
    expect(missing).toEqual([]);
    // And each is valid for its contract (the server's own checks aside).
    const invalid = CONTRACTS.flatMap((c) => {
      const body = validBodies(ids)[c.operationId];
      const parsed = body && c.body?.safeParse(body);
      return parsed && !parsed.success ? [`${c.operationId}: ${parsed.error.message}`] : [];
    });
    expect(invalid).toEqual([]);
  });

  it(`answers ${RUNS} requests without a 5xx, each 4xx in words`, async () => {
    const arbs = CONTRACTS.map((c) => requestArb(c, ids));
    const requests = [
      ...controlCharacterRequests(ids),
      ...fc.sample(fc.oneof(...arbs), { seed: SEED, numRuns: RUNS }),
    ];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const r of requests) {
      const opts: InjectOptions = {
        method: r.contract.method,
        url: r.url,
        headers: {
          ...(r.token
            ? {
                authorization:
                  r.contract.access === 'kiosk'
                    ? `Kiosk ${kioskToken}`
                    : r.contract.access === 'member'
                      ? `Bearer ${r.contract.operationId === 'portalSignOut' ? signOutToken : memberToken}`
                      : `Bearer ${owner.token}`,
              }
            : {}),
          ...(r.contentType ? { 'content-type': r.contentType } : {}),
        },
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
      };
      const res = await t.app.inject(opts);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const where = `${r.contract.method} ${r.url.slice(0, 120)} (${r.kind})`;
      if (res.statusCode >= 500) {
        failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const message = (res.json() as { message?: unknown }).message;
        const errors = (res.json() as { errors?: Record<string, string> }).errors ?? {};
        if (typeof message !== 'string' || !message.trim())
          failures.push(`${where} → ${res.statusCode} without a message`);
        for (const text of [message, ...Object.values(errors)])
          if (typeof text === 'string' && MACHINE_WORDING.test(text))
            failures.push(`${where} → ${res.statusCode} "${text}"`);
      }
    }
    console.info(
      `fuzz: ${requests.length} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...new Set(failures)].slice(0, 40)).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);

  it('stored nothing invalid', async () => {
    const junk: string[] = [];
    const multiLine = new Set([
      'address',
      'home_address',
      'additional_information',
      'html',
      'note',
    ]);
    const names = new Set(['first_name', 'last_name', 'name', 'business_name', 'city']);
    for (const table of [
      'users',
      'businesses',
      'members',
      'plans',
      'payments',
      'sales_tickets',
      'payment_links',
      'paystack_charges',
      'transfer_accounts',
      'comms_messages',
      'visits',
      'cash_ups',
    ]) {
      const rows = (await t.db.execute(sql.raw(`select * from ${table}`))) as unknown as {
        rows?: Record<string, unknown>[];
      };
      for (const row of rows.rows ?? (rows as unknown as Record<string, unknown>[])) {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value !== 'string') continue;
          if (hasUnsafeCharacters(value, multiLine.has(column)))
            junk.push(`${table}.${column} = ${JSON.stringify(value.slice(0, 60))}`);
          if (value !== value.trim() || value !== value.normalize('NFC'))
            junk.push(`${table}.${column} not trimmed/NFC: ${JSON.stringify(value.slice(0, 60))}`);
          // A pending invitation may not know the person's names yet: they give them on accepting.
          const unnamedInvitee = table === 'users' && row.is_active === false && value === '';
          if (names.has(column) && visibleLength(value) < 2 && !unnamedInvitee)
            junk.push(`${table}.${column} too short: ${JSON.stringify(value)}`);
          if (column === 'website_url' && !isDomainName(new URL(value).hostname))
            junk.push(`${table}.${column} = ${value}`);
        }
      }
    }
    // What the bulk messages sent: no control character in any recipient's text or HTML.
    const sent = (await t.db.execute(
      sql`select id, text, html from outbox where ref like 'comms:%'`,
    )) as unknown as { rows: { id: number; text: string; html: string | null }[] };
    for (const row of sent.rows)
      if (hasUnsafeCharacters(row.text, true) || hasUnsafeCharacters(row.html ?? '', true))
        junk.push(`outbox ${row.id}: ${JSON.stringify(row.text.slice(0, 60))}`);
    expect(junk.slice(0, 40)).toEqual([]);
  });
});
