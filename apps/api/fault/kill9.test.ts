/*
 * kill -9 fault test: the built server (apps/api/dist/server.js) as a real process on a fresh
 * PostgreSQL database. Many concurrent clients record payments (each request with its own
 * Idempotency-Key, most of them for the same few members so renewals chain); in the middle of
 * the load the server is killed with SIGKILL and restarted, and every request that got no answer
 * is sent again with the same key and body until it is answered, as a client would. Three such
 * cycles; then the database is read directly:
 *   - every acknowledged payment is stored exactly once, with the id it was answered with;
 *   - no Idempotency-Key produced two payments, and nothing is stored that was not answered;
 *   - every payment has its one subscription (same business, member, plan and amount);
 *   - each member's subscriptions chain: each starts the day after the previous one ends;
 *   - the audit trail matches the payments: every payment has exactly one `payment.record` entry
 *     (naming the owner who recorded it), and every such entry names a stored payment.
 *
 * Needs TEST_DATABASE_URL (a role that may create databases), e.g.
 *   TEST_DATABASE_URL=postgres://kora:kora@127.0.0.1:5432/kora_test npm run test:fault
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addDays,
  authContracts,
  businessContracts,
  memberContracts,
  paymentContracts,
  planContracts,
} from '@kora/shared';
import { ROOT, SERVER, freePort } from '../../../e2e/server-process.mjs';
import { createScratchDatabase } from '../src/test/database';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'fault-secret-fault-secret-fault-secret-0123456789';

/** Concurrent clients, each recording one payment after another. */
const CLIENTS = 40;
const CYCLES = 3;
/** Members paid for: few, so most payments renew a running subscription under contention. */
const MEMBERS = 8;
/** Payments answered in a cycle before the kill, and after the restart before the cycle ends. */
const ACKED_BEFORE_KILL = 150;
const ACKED_AFTER_RESTART = 150;
/** How long the server stays dead (clients keep retrying meanwhile). */
const DOWN_MS = 400;
/** A request unanswered this long fails the test. */
const ANSWER_DEADLINE_MS = 90_000;
const METHODS = ['Cash', 'Card', 'Transfer'] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

// ---------------------------------------------------------------------------------------------
// The database and the server process

interface Plan {
  id: number;
  amount: number;
  durationType: 'month' | 'week';
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let db: pg.Client | undefined;
let dataDir = '';
let logFile = '';
let port = 0;
let base = '';
let server: ChildProcess | undefined;
let starts = 0;

const query = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await db!.query(text, params)).rows as T[];

const logTail = () =>
  existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';

/** Starts `node apps/api/dist/server.js` in its own process group; waits for /health. */
const startServer = async () => {
  starts++;
  const log = openSync(logFile, 'a');
  writeSync(log, `\n===== start ${starts} at ${new Date().toISOString()}\n`);
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: scratch!.url,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${logTail()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error(`no answer from ${base}/health within 60 s:\n${logTail()}`);
};

/** SIGKILL to the server's process group: no shutdown hook runs, nothing is flushed. */
const kill9 = async () => {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  expect(child.signalCode).toBe('SIGKILL');
};

// ---------------------------------------------------------------------------------------------
// HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 8 });

interface Answer {
  status: number;
  body: any;
}

/** One JSON request; answers { status, body }, or throws when no answer came back. */
const send = (
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      base + path,
      {
        method,
        agent,
        timeout: 20_000,
        headers: {
          ...opts.headers,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });

/** A setup call that must succeed. */
const ok = async (
  c: { method: string; path: string },
  opts: Parameters<typeof send>[2] = {},
  path = c.path,
) => {
  const res = await send(c.method, path, opts);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${c.method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

// ---------------------------------------------------------------------------------------------
// The owner, the business, plans and members

let token = '';
let businessId = 0;
let ownerId = 0;
let plans: Plan[] = [];
let memberPlans: { memberId: number; plan: Plan }[] = [];

const setUpBusiness = async () => {
  const email = `fault.${Date.now().toString(36)}@example.com`;
  const password = 'correct-horse-42';
  await ok(authContracts.register, {
    body: {
      first_name: 'Ada',
      last_name: 'Okafor',
      email,
      phone_number: '08031234567',
      password,
    },
  });
  // Production mode has no /dev/outbox: the verification e-mail is read from its table.
  const [message] = await query<{ text: string }>(
    `select text from outbox where "to" = $1 order by id desc limit 1`,
    [email],
  );
  const code = message?.text.match(/\b(\d{7})\b/)?.[1];
  if (!code) throw new Error(`no verification code in the outbox for ${email}`);
  await ok(authContracts.verifyEmail, { body: { email, code, password } });
  const login = await ok(authContracts.login, { body: { email, password, remember_me: true } });
  const business = await ok(businessContracts.create, {
    token: login.data.access_token,
    body: {
      business_name: 'Iron Paradise Gym',
      address: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
    },
  });
  businessId = business.data.id;
  const [owner] = await query<{ id: number }>(`select id from users where email = $1`, [email]);
  ownerId = owner!.id;
  // The new pair carries the business and the owner role.
  const refreshed = await ok(authContracts.refresh, { body: { token: login.data.refresh_token } });
  token = refreshed.data.access_token;

  const planSpecs = [
    { name: 'Monthly', amount: 12500.5, duration: 1, duration_type: 'month' as const },
    { name: 'Weekly', amount: 3500.25, duration: 1, duration_type: 'week' as const },
  ];
  plans = [];
  for (const spec of planSpecs) {
    const created = await ok(planContracts.create, { token, body: spec });
    plans.push({ id: created.data.id, amount: spec.amount, durationType: spec.duration_type });
  }
  memberPlans = [];
  for (let i = 0; i < MEMBERS; i++) {
    const plan = plans[i % 3 === 2 ? 1 : 0]!;
    const created = await ok(memberContracts.create, {
      token,
      body: {
        first_name: 'Chiamaka',
        last_name: `Eze${String.fromCharCode(65 + i)}`,
        mobile_number: `0803${String(1000000 + i).padStart(7, '0')}`,
        email_address: `member${i}@example.com`,
        city: 'Ikeja',
        state: 'Lagos',
        subscription_type_id: plan.id,
      },
    });
    // Each member renews one plan: their subscriptions form one chain.
    memberPlans.push({ memberId: created.data.id, plan });
  }
};

// ---------------------------------------------------------------------------------------------
// The payments

interface PaymentRequest {
  key: string;
  cycle: number;
  body: {
    member_id: number;
    subscription_type_id: number;
    amount: number;
    method: (typeof METHODS)[number];
    duration: number;
    purpose?: string;
  };
  /** Times sent (1 when the first attempt was answered). */
  attempts: number;
  /** Attempts that got no answer at all (connection refused or reset, timeout). */
  noAnswer: number;
  status?: number;
  paymentId?: number;
  subscriptionId?: number;
}

const requests = new Map<string, PaymentRequest>();
/** Requests sent and not answered yet. */
const pending = new Set<string>();
/** Answers that are neither a 2xx nor a lost connection: each one is a defect. */
const unexpected: { key: string; status: number; body: unknown }[] = [];
const runId = randomBytes(3).toString('hex');
let seq = 0;

const newRequest = (cycle: number): PaymentRequest => {
  const { memberId, plan } = pick(memberPlans);
  const duration = 1 + Math.floor(Math.random() * 3);
  const request: PaymentRequest = {
    key: `kill9-${runId}-c${cycle}-${seq++}`,
    cycle,
    body: {
      member_id: memberId,
      subscription_type_id: plan.id,
      amount: Math.round(plan.amount * duration * 100) / 100,
      method: pick(METHODS),
      duration,
      ...(Math.random() < 0.3 ? { purpose: 'Renewal at the front desk' } : {}),
    },
    attempts: 0,
    noAnswer: 0,
  };
  requests.set(request.key, request);
  return request;
};

/** Sends the request, and again with the same key and body, until the server answers it. */
const untilAnswered = async (request: PaymentRequest) => {
  const deadline = Date.now() + ANSWER_DEADLINE_MS;
  pending.add(request.key);
  try {
    while (Date.now() < deadline) {
      request.attempts++;
      let res: Answer;
      try {
        res = await send(paymentContracts.record.method, paymentContracts.record.path, {
          token,
          body: request.body,
          headers: { 'idempotency-key': request.key },
        });
      } catch {
        request.noAnswer++;
        await sleep(25 + Math.random() * 50);
        continue;
      }
      if (res.status >= 200 && res.status < 300) {
        request.status = res.status;
        request.paymentId = res.body.data.id;
        request.subscriptionId = res.body.data.subscription.id;
        return;
      }
      unexpected.push({ key: request.key, status: res.status, body: res.body });
      // A client retries a 5xx or a 429 with the same key; any other answer is final.
      if (res.status < 500 && res.status !== 429) {
        request.status = res.status;
        return;
      }
      await sleep(100);
    }
    throw new Error(`${request.key} got no answer within ${ANSWER_DEADLINE_MS / 1000} s`);
  } finally {
    pending.delete(request.key);
  }
};

const waitUntil = async (done: () => boolean, what: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
};

interface CycleResult {
  cycle: number;
  requests: number;
  answered: number;
  attempts: number;
  noAnswer: number;
  retried: number;
  inFlightAtKill: number;
  storedBeforeAnswer: number;
  payments: number;
  lost: number;
  duplicated: number;
  wrongId: number;
  storedUnanswered: number;
}

interface StoredKey {
  key: string;
  n: number;
  ids: number[];
}

/** The payments stored under the keys that start with `prefix`. */
const storedKeys = async (prefix: string) =>
  new Map(
    (
      await query<StoredKey>(
        `select idempotency_key as key, count(*)::int as n, array_agg(id order by id) as ids
         from payments where business_id = $1 and idempotency_key like $2
         group by idempotency_key`,
        [businessId, `${prefix}%`],
      )
    ).map((r) => [r.key, r]),
  );

/** Checks what is stored under a set of requests' keys against their answers. */
const compare = (sent: PaymentRequest[], stored: Map<string, StoredKey>) => {
  let lost = 0;
  let duplicated = 0;
  let wrongId = 0;
  let storedUnanswered = 0;
  const answeredKeys = new Set<string>();
  for (const r of sent) {
    const row = stored.get(r.key);
    if (r.paymentId === undefined) continue;
    answeredKeys.add(r.key);
    if (!row) lost++;
    else if (row.ids[0] !== r.paymentId) wrongId++;
  }
  for (const row of stored.values()) {
    if (row.n > 1) duplicated += row.n - 1;
    if (!answeredKeys.has(row.key)) storedUnanswered++;
  }
  return { lost, duplicated, wrongId, storedUnanswered, answered: answeredKeys.size };
};

/** One cycle: load, kill -9 in the middle of it, restart, retries, then the cycle's check. */
const runCycle = async (cycle: number): Promise<CycleResult> => {
  let stop = false;
  let acked = 0;
  const client = async () => {
    while (!stop) {
      const request = newRequest(cycle);
      await untilAnswered(request);
      if (request.paymentId !== undefined) acked++;
    }
  };
  const clients = Promise.all(
    Array.from({ length: CLIENTS }, () =>
      client().catch((err) => {
        stop = true;
        throw err;
      }),
    ),
  );
  // A client's failure is thrown by `finish` below; until then it only stops the others.
  clients.catch(() => undefined);
  // Whatever happens below, the clients stop and are awaited.
  const finish = async () => {
    stop = true;
    await clients;
  };
  let inFlight: string[] = [];
  let storedBeforeAnswer = 0;
  try {
    await waitUntil(() => acked >= ACKED_BEFORE_KILL || stop, `cycle ${cycle}'s payments`);
    await sleep(Math.random() * 100);
    inFlight = [...pending];
    await kill9();
    // Requests the dead server had committed but never answered: their retries must answer the
    // stored payment, not record another.
    storedBeforeAnswer = (
      await query<{ n: number }>(
        `select count(*)::int as n from payments where business_id = $1 and idempotency_key = any($2)`,
        [businessId, inFlight],
      )
    )[0]!.n;
    await sleep(DOWN_MS);
    await startServer();
    const atRestart = acked;
    await waitUntil(
      () => acked >= atRestart + ACKED_AFTER_RESTART || stop,
      `cycle ${cycle}'s payments after the restart`,
    );
  } finally {
    await finish();
  }

  const sent = [...requests.values()].filter((r) => r.cycle === cycle);
  const stored = await storedKeys(`kill9-${runId}-c${cycle}-`);
  const check = compare(sent, stored);
  return {
    cycle,
    requests: sent.length,
    answered: check.answered,
    attempts: sent.reduce((n, r) => n + r.attempts, 0),
    noAnswer: sent.reduce((n, r) => n + r.noAnswer, 0),
    retried: sent.filter((r) => r.attempts > 1).length,
    inFlightAtKill: inFlight.length,
    storedBeforeAnswer,
    payments: [...stored.values()].reduce((n, r) => n + r.n, 0),
    lost: check.lost,
    duplicated: check.duplicated,
    wrongId: check.wrongId,
    storedUnanswered: check.storedUnanswered,
  };
};

// ---------------------------------------------------------------------------------------------
// The test

/**
 * A fresh database, a temporary data folder, a free port, the server, and the business. Run inside
 * the test, so a failure here counts as a failed test in CI's summary (not a skipped one).
 */
const setUp = async () => {
  if (!ADMIN_URL)
    throw new Error(
      'TEST_DATABASE_URL is not set: the kill -9 test needs a PostgreSQL server, e.g. ' +
        'TEST_DATABASE_URL=postgres://kora:kora@127.0.0.1:5432/kora_test npm run test:fault',
    );
  if (!existsSync(SERVER))
    throw new Error(
      `${SERVER} is missing: run npm run build -w @kora/api (npm run test:fault does)`,
    );
  scratch = await createScratchDatabase(ADMIN_URL, 'kora_fault');
  dataDir = mkdtempSync(join(tmpdir(), 'kora-fault-'));
  logFile = join(dataDir, 'server.log');
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
  db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  await setUpBusiness();
};

afterAll(async () => {
  agent.destroy();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid!, 'SIGKILL');
    await exited;
  }
  await db?.end();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 while payments are recorded (PostgreSQL)', () => {
  it('loses and doubles no payment, and keeps every renewal chain, through three kills', async () => {
    await setUp();
    const results: CycleResult[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) results.push(await runCycle(cycle));

    // Acknowledged payments sent again with their key answer the same payment, recording nothing.
    const before = (
      await query<{ n: number }>(`select count(*)::int as n from payments where business_id = $1`, [
        businessId,
      ])
    )[0]!.n;
    const answered = [...requests.values()].filter((r) => r.paymentId !== undefined);
    let replayMismatches = 0;
    for (const r of answered.sort(() => Math.random() - 0.5).slice(0, 60)) {
      const res = await send(paymentContracts.record.method, paymentContracts.record.path, {
        token,
        body: r.body,
        headers: { 'idempotency-key': r.key },
      });
      if (
        res.status !== 201 ||
        res.body.data.id !== r.paymentId ||
        res.body.data.subscription.id !== r.subscriptionId
      )
        replayMismatches++;
    }
    const after = (
      await query<{ n: number }>(`select count(*)::int as n from payments where business_id = $1`, [
        businessId,
      ])
    )[0]!.n;

    // The whole business, read directly.
    const all = compare([...requests.values()], await storedKeys(`kill9-${runId}-`));
    const rows = await query<{
      id: number;
      key: string | null;
      member_id: number;
      plan_id: number;
      amount_kobo: string;
      duration: number;
      paid_on: string;
      subscriptions: number;
      sub_id: number | null;
      sub_business: number | null;
      sub_member: number | null;
      sub_plan: number | null;
      sub_amount: string | null;
      sub_duration: number | null;
      start_date: string | null;
      expiry_date: string | null;
    }>(
      `select p.id, p.idempotency_key as key, p.member_id, p.subscription_type_id as plan_id,
              p.amount_kobo, p.duration, p.paid_on::text as paid_on,
              (select count(*)::int from subscriptions x where x.payment_id = p.id) as subscriptions,
              s.id as sub_id, s.business_id as sub_business, s.member_id as sub_member,
              s.subscription_type_id as sub_plan, s.amount_kobo as sub_amount,
              s.duration as sub_duration,
              s.start_date::text as start_date, s.expiry_date::text as expiry_date
       from payments p left join subscriptions s on s.payment_id = p.id
       where p.business_id = $1 order by p.id`,
      [businessId],
    );
    const [{ n: subscriptionCount } = { n: -1 }] = await query<{ n: number }>(
      `select count(*)::int as n from subscriptions where business_id = $1`,
      [businessId],
    );
    const paymentIds = new Set(rows.map((r) => r.id));
    const distinctKeys = new Set(rows.map((r) => r.key));
    const answeredKeys = new Set(answered.map((r) => r.key));

    const planById = new Map(plans.map((p) => [p.id, p]));
    const badSubscription = rows
      .filter(
        (r) =>
          r.subscriptions !== 1 ||
          r.sub_business !== businessId ||
          r.sub_member !== r.member_id ||
          r.sub_plan !== r.plan_id ||
          Number(r.sub_amount) !== Number(r.amount_kobo) ||
          r.sub_duration !== r.duration ||
          Number(r.amount_kobo) !== Math.round(planById.get(r.plan_id)!.amount * 100) * r.duration,
      )
      .map((r) => r.id);
    const answerMismatch = answered.filter(
      (r) => !rows.some((row) => row.id === r.paymentId && row.sub_id === r.subscriptionId),
    );

    // Chains: per member (one plan each), by start date; ids in the same order (the member's
    // row lock makes renewals one after the other).
    const chainBreaks: string[] = [];
    let longest = 0;
    for (const { memberId } of memberPlans) {
      const subs = rows
        .filter((r) => r.member_id === memberId)
        .sort((a, b) => a.start_date!.localeCompare(b.start_date!) || a.sub_id! - b.sub_id!);
      longest = Math.max(longest, subs.length);
      subs.forEach((s, i) => {
        const previous = subs[i - 1];
        const expected = previous ? addDays(previous.expiry_date!, 1) : s.paid_on;
        if (s.start_date !== expected)
          chainBreaks.push(
            `member ${memberId}: subscription ${s.sub_id} starts ${s.start_date}, expected ${expected}` +
              (previous ? ` (after ${previous.sub_id} ending ${previous.expiry_date})` : ''),
          );
        if (s.expiry_date! < s.start_date!)
          chainBreaks.push(`subscription ${s.sub_id} ends before it starts`);
        if (previous && previous.sub_id! > s.sub_id!)
          chainBreaks.push(
            `member ${memberId}: subscription ${s.sub_id} chained before ${previous.sub_id}`,
          );
      });
    }

    // The trail, written in each payment's own statement: no payment without its entry, no
    // entry without its payment, whatever the kills interrupted.
    const entriesPerPayment = await query<{ id: number; n: number }>(
      `select p.id, count(a.id)::int as n
       from payments p
       left join audit_entries a
         on a.business_id = p.business_id and a.payment_id = p.id and a.action = 'payment.record'
       where p.business_id = $1
       group by p.id
       having count(a.id) <> 1
       order by p.id`,
      [businessId],
    );
    const orphanEntries = await query<{ id: number; payment_id: number | null }>(
      `select a.id, a.payment_id from audit_entries a
       where a.action = 'payment.record'
         and not exists (select 1 from payments p
                         where p.id = a.payment_id and p.business_id = a.business_id)
       order by a.id`,
    );
    const [trail] = await query<{ entries: number; by_owner: number }>(
      `select count(*)::int as entries,
              count(*) filter (where actor_kind = 'user' and actor_user_id = $2
                               and actor_role = 'owner' and actor_name = 'Ada Okafor')::int as by_owner
       from audit_entries where business_id = $1 and action = 'payment.record'`,
      [businessId, ownerId],
    );

    const line = (cells: (string | number)[]) => cells.map((c) => String(c).padStart(9)).join(' ');
    const header = [
      'cycle',
      'requests',
      'answered',
      'attempts',
      'no answer',
      'retried',
      'in flight',
      'stored pre',
      'payments',
      'lost',
      'doubled',
      'wrong id',
      'unanswrd',
    ];
    console.log(
      [
        `kill -9 fault test: ${CLIENTS} clients, ${MEMBERS} members, ${CYCLES} kill/restart cycles, ` +
          `server started ${starts} times (PostgreSQL database ${scratch?.name})`,
        line(header),
        ...results.map((r) =>
          line([
            r.cycle,
            r.requests,
            r.answered,
            r.attempts,
            r.noAnswer,
            r.retried,
            r.inFlightAtKill,
            r.storedBeforeAnswer,
            r.payments,
            r.lost,
            r.duplicated,
            r.wrongId,
            r.storedUnanswered,
          ]),
        ),
        `total: ${requests.size} requests, ${answered.length} answered 2xx, ${rows.length} payments stored ` +
          `(${distinctKeys.size} distinct keys), ${subscriptionCount} subscriptions; lost ${all.lost}, ` +
          `doubled ${all.duplicated}, wrong id ${all.wrongId}, stored unanswered ${all.storedUnanswered}; ` +
          `chain breaks ${chainBreaks.length} (longest chain ${longest}); ` +
          `bad subscriptions ${badSubscription.length}; unexpected answers ${unexpected.length}; ` +
          `${Math.min(60, answered.length)} replays: ${replayMismatches} mismatched, ${after - before} new payments; ` +
          `trail: ${trail?.entries ?? 0} payment.record entries, ${entriesPerPayment.length} payments ` +
          `without exactly one, ${orphanEntries.length} naming no payment`,
        '(in flight: requests without an answer when the server was killed; stored pre: of them, ' +
          'already committed then — each answered later by its retry)',
      ].join('\n'),
    );

    expect(unexpected.slice(0, 10)).toEqual([]);
    expect(requests.size).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.inFlightAtKill, `cycle ${r.cycle}: requests in flight at the kill`).toBeGreaterThan(
        0,
      );
      expect(r, `cycle ${r.cycle}`).toMatchObject({
        answered: r.requests,
        payments: r.requests,
        lost: 0,
        duplicated: 0,
        wrongId: 0,
        storedUnanswered: 0,
      });
    }
    expect(all).toEqual({
      lost: 0,
      duplicated: 0,
      wrongId: 0,
      storedUnanswered: 0,
      answered: requests.size,
    });
    // Every stored payment came from one answered key; no key twice, no payment without a key.
    expect(rows.length).toBe(answeredKeys.size);
    expect(distinctKeys.size).toBe(rows.length);
    expect([...distinctKeys].every((k) => k !== null && answeredKeys.has(k))).toBe(true);
    expect(paymentIds.size).toBe(rows.length);
    expect(subscriptionCount).toBe(rows.length);
    expect(badSubscription).toEqual([]);
    expect(answerMismatch.map((r) => r.key)).toEqual([]);
    expect(chainBreaks.slice(0, 20)).toEqual([]);
    expect(replayMismatches).toBe(0);
    expect(after).toBe(before);
    expect(entriesPerPayment.slice(0, 20), 'payments without exactly one payment.record').toEqual(
      [],
    );
    expect(orphanEntries.slice(0, 20), 'payment.record entries naming no payment').toEqual([]);
    expect(trail).toEqual({ entries: rows.length, by_owner: rows.length });
  });
});
