// Recording payments under load, then proof that none was lost, doubled or overlapped:
// 64 connections POST /v1/payment for the run's duration (each request with its own
// Idempotency-Key; a third of them for a few "regulars" per business, so renewal chains grow
// long under contention), then the same load on the yardstick (yardstick-server.mjs: one call of
// its own PL/pgSQL function per payment, on the same database; its own key prefix). Before the
// loads, both servers record payments for two fresh members and their answers are compared (a
// difference stops the run). Then the database is read back and checked, for each server's keys:
//   - every acknowledged (201) payment is stored once, under the key it was sent with;
//   - nothing is stored that was not acknowledged (stored count = acknowledged count);
//   - each member's subscriptions of one plan chain: every start = previous expiry + 1 day
//     (or today, when the previous one had ended).
// Requests that got no answer (connection errors) are retried with the same key afterwards, as a
// client would; the retry must answer the same payment. Then the payments list and summary are
// compared with the yardstick's answers and measured beside them like the member routes.
import http from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, firstDifference, loadGet, routeRow, statusCounts, tokenFor } from '../lib.mjs';

export const CONNECTIONS = 64;
const METHODS = ['Cash', 'Card', 'Transfer'];
const REGULARS_PER_BUSINESS = 5;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One JSON request on a keep-alive agent; answers { status, body } or throws on no answer. */
const send = (agent, url, { method, path, headers, body }) =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url + path,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, body: json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });

/** Reads back what the run stored: its payments (by key prefix) and the chain breaks. */
const readBack = async (query, runPrefix) => {
  const stored = await query(
    `select id, idempotency_key as key from payments where idempotency_key like $1`,
    [`${runPrefix}%`],
  );
  // Every subscription bought in the run, against the one before it (same member and plan).
  const breaks = await query(
    `with chain as (
       select s.id, s.start_date, s.expiry_date, p.paid_on, p.idempotency_key as key,
         lag(s.expiry_date) over (partition by s.business_id, s.member_id, s.subscription_type_id
                                  order by s.start_date, s.id) as previous_expiry
       from subscriptions s join payments p on p.id = s.payment_id
       where (s.business_id, s.member_id, s.subscription_type_id) in (
         select s2.business_id, s2.member_id, s2.subscription_type_id
         from subscriptions s2 join payments p2 on p2.id = s2.payment_id
         where p2.idempotency_key like $1)
     )
     select count(*)::int as breaks, count(*) filter (where previous_expiry >= start_date)::int as overlaps
     from chain
     where key like $1
       and start_date <> case when previous_expiry is null or previous_expiry < paid_on then paid_on
                              else previous_expiry + 1 end`,
    [`${runPrefix}%`],
  );
  const longest = await query(
    `select count(*)::int as n from subscriptions s join payments p on p.id = s.payment_id
     where p.idempotency_key like $1 group by s.member_id, s.subscription_type_id order by n desc limit 1`,
    [`${runPrefix}%`],
  );
  return { stored, breaks: breaks[0], longestChain: longest[0]?.n ?? 0 };
};

/** The database, read directly: PostgreSQL by URL; PGlite's folder once the server has stopped. */
const withDatabase = async (ctx, fn) => {
  if (ctx.databaseUrl) {
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      return await fn(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  await ctx.stopKora();
  const { PGlite } = await import(join(ROOT, 'node_modules/@electric-sql/pglite/dist/index.js'));
  const { pg_trgm } = await import(
    join(ROOT, 'node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js')
  );
  const db = await PGlite.create({ dataDir: ctx.dataDir, extensions: { pg_trgm } });
  try {
    return await fn(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
};

/** The next payment of a run: a random business, a regular a third of the time, a random plan. */
export const paymentSource = (data, tokens, prefix) => {
  let seq = 0;
  const pick = (n) => Math.floor(Math.random() * n);
  return () => {
    const b = pick(data.owners.length);
    const owner = data.owners[b];
    const span = owner.lastMemberId - owner.firstMemberId + 1;
    const memberId =
      owner.firstMemberId +
      (Math.random() < 1 / 3 ? pick(Math.min(REGULARS_PER_BUSINESS, span)) : pick(span));
    const plan = owner.plans[pick(owner.plans.length)];
    const periods = 1 + pick(3);
    const key = `${prefix}${seq++}`;
    return {
      key,
      request: {
        method: 'POST',
        path: '/v1/payment',
        headers: { authorization: `Bearer ${tokens[b]}`, 'idempotency-key': key },
        body: {
          member_id: memberId,
          subscription_type_id: plan.id,
          // Kobo → naira exactly as a client would send it.
          amount: (plan.amountKobo * periods) / 100,
          method: METHODS[pick(3)],
          duration: periods,
        },
      },
    };
  };
};

/**
 * POST /v1/payment to `url` from CONNECTIONS connections for `duration` seconds, then the
 * requests that got no answer retried with their key, and a sample of acknowledged ones sent
 * again (each must answer the same payment).
 */
export const recordUnderLoad = async (url, duration, nextPayment) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const acknowledged = new Map(); // key → payment id
  const unanswered = []; // requests that got no answer: retried afterwards with the same key
  const replays = new Map(); // a sample of acknowledged requests, sent again afterwards
  const statuses = {};
  const times = [];
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const { key, request } = nextPayment();
        const t0 = performance.now();
        try {
          const res = await send(agent, url, request);
          times.push(performance.now() - t0);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) {
            acknowledged.set(key, res.body.data.id);
            if (replays.size < 200) replays.set(key, request);
          } else if (res.status >= 500) unanswered.push({ key, request });
        } catch {
          statuses.error = (statuses.error ?? 0) + 1;
          unanswered.push({ key, request });
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const rps = Math.round(acknowledged.size / elapsed);

  // A client that saw no answer retries with the same key; the payment must not double.
  let retriedOk = 0;
  for (const { key, request } of unanswered) {
    const res = await send(agent, url, request).catch(() => undefined);
    if (res?.status === 201) {
      acknowledged.set(key, res.body.data.id);
      retriedOk++;
    }
  }
  // A retry of acknowledged payments answers the same payment and records nothing.
  let replayMismatches = 0;
  for (const [key, request] of replays) {
    const res = await send(agent, url, request).catch(() => undefined);
    if (res?.status !== 201 || res.body.data.id !== acknowledged.get(key)) replayMismatches++;
  }
  agent.destroy();
  return {
    figures: {
      rps,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
    },
    acknowledged,
    /** Seconds the load ran (the last requests end after the deadline). */
    elapsed,
    statuses,
    unanswered: unanswered.length,
    retriedOk,
    replays: replays.size,
    replayMismatches,
  };
};

/** The run's payments against what the database holds: { ok, notes }. */
const verdict = (run, check) => {
  const storedByKey = new Map(check.stored.map((r) => [r.key, Number(r.id)]));
  let missing = 0;
  let wrongId = 0;
  for (const [key, id] of run.acknowledged) {
    const storedId = storedByKey.get(key);
    if (storedId === undefined) missing++;
    else if (storedId !== id) wrongId++;
  }
  const distinctIds = new Set(run.acknowledged.values()).size;
  const unacknowledged = check.stored.length - run.acknowledged.size;
  const ok =
    missing === 0 &&
    wrongId === 0 &&
    unacknowledged === 0 &&
    distinctIds === run.acknowledged.size &&
    check.breaks.breaks === 0 &&
    run.replayMismatches === 0;
  const notes = [
    ok ? 'CHECKS PASS' : 'CHECKS FAIL',
    `${run.acknowledged.size} acknowledged, ${check.stored.length} stored`,
    `missing ${missing}, wrong id ${wrongId}, stored but unacknowledged ${unacknowledged}, doubled ${run.acknowledged.size - distinctIds}`,
    `chain breaks ${check.breaks.breaks} (overlaps ${check.breaks.overlaps}), longest chain ${check.longestChain}`,
    `no answer ${run.unanswered} (retried ok ${run.retriedOk})`,
    `${run.replays} replayed with their key: ${run.replayMismatches} answered another payment`,
    statusCounts(run.statuses),
  ].join('; ');
  return { ok, notes };
};

/** The fields of a recorded payment that name its row, its number or its moment, replaced by a mark. */
const maskRecorded = (answer, { dates = false } = {}) => {
  const data = structuredClone(answer.data);
  data.id = data.created_at = data.subscription.id = data.subscription.payment_id = '(masked)';
  // Without an offline desk's time, recorded_at is the payment's arrival: equal to created_at.
  if (data.recorded_at !== answer.data.created_at)
    throw new Error(`recorded_at ${data.recorded_at} ≠ created_at ${answer.data.created_at}`);
  data.recorded_at = '(masked)';
  // Each payment takes the next receipt number, as it takes the next id.
  data.receipt_number = '(masked)';
  data.subscription.created_at = '(masked)';
  if (dates) data.subscription.start_date = data.subscription.expiry_date = '(masked)';
  return { ...answer, data };
};

/**
 * Kora and the yardstick record the same payment alike. Two members of the first business (its
 * last two) and the Quarterly plan, which the generator's payments never use, so neither has a
 * subscription of it yet: Kora records member A's first payment and the yardstick its renewal;
 * the yardstick records member B's first payment and Kora its renewal. Compared: for each member
 * Kora's answer against the yardstick's (all but the ids, the moments and the periods), and the
 * periods of the first payments and of the renewals across the members. Also an amount that does
 * not match the plan. Throws at the first difference.
 */
const checkSameRecording = async (ctx, token) => {
  const owner = ctx.data.owners[0];
  const plan = owner.plans.find((p) => p.amountKobo === 6500000) ?? owner.plans[0];
  const agent = new http.Agent({ keepAlive: true });
  const record = (url, memberId, key, amountKobo = plan.amountKobo * 2) =>
    send(agent, url, {
      method: 'POST',
      path: '/v1/payment',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: {
        member_id: memberId,
        subscription_type_id: plan.id,
        amount: amountKobo / 100,
        method: 'Transfer',
        duration: 2,
      },
    });
  const stamp = Date.now().toString(36);
  const [a, b] = [owner.lastMemberId, owner.lastMemberId - 1];
  const koraFirst = await record(ctx.koraUrl, a, `check-k1-${stamp}`);
  const yardstickRenewal = await record(ctx.yardstickUrl, a, `check-y1-${stamp}`);
  const yardstickFirst = await record(ctx.yardstickUrl, b, `check-y2-${stamp}`);
  const koraRenewal = await record(ctx.koraUrl, b, `check-k2-${stamp}`);
  const koraWrong = await record(ctx.koraUrl, a, `check-k3-${stamp}`, plan.amountKobo);
  const yardstickWrong = await record(ctx.yardstickUrl, a, `check-y3-${stamp}`, plan.amountKobo);
  agent.destroy();
  const period = (r) =>
    r.body?.data?.subscription && [
      r.body.data.subscription.start_date,
      r.body.data.subscription.expiry_date,
    ];
  const pairs = [
    [
      'first payment of member A (Kora) and its renewal (yardstick)',
      koraFirst,
      yardstickRenewal,
      { dates: true },
    ],
    [
      'first payment of member B (yardstick) and its renewal (Kora)',
      koraRenewal,
      yardstickFirst,
      { dates: true },
    ],
    [
      'the periods of the first payments (A by Kora, B by the yardstick)',
      { status: koraFirst.status, body: period(koraFirst) },
      { status: yardstickFirst.status, body: period(yardstickFirst) },
    ],
    [
      'the periods of the renewals (B by Kora, A by the yardstick)',
      { status: koraRenewal.status, body: period(koraRenewal) },
      { status: yardstickRenewal.status, body: period(yardstickRenewal) },
    ],
    ['an amount that does not match the plan', koraWrong, yardstickWrong],
  ];
  for (const [what, kora, yardstick, mask] of pairs) {
    const same = (r) => (r.status === 201 && mask ? maskRecorded(r.body, mask) : r.body);
    const diff =
      kora.status !== yardstick.status
        ? `status: ${kora.status} ≠ ${yardstick.status}`
        : firstDifference(same(kora), same(yardstick));
    if (diff)
      throw new Error(
        `Kora and the yardstick record payments differently (${what}), first at ${diff}`,
      );
  }
  console.log('   payment answers compared: Kora and the yardstick the same');
};

/** GET `path` with a bearer token: its status and parsed answer. */
const getAnswer = async (url, path, token) => {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
};

/**
 * Kora and the yardstick answer the payments list (pages 1 to 6, 20 and 100 per page) and the
 * summary the same, for each business of `tokens`; a difference stops the run.
 */
const checkSameReads = async ({ koraUrl, yardstickUrl }, tokens) => {
  const paths = ['/v1/payment/summary'];
  for (const perPage of [20, 100])
    for (let page = 1; page <= 6; page++)
      paths.push(`/v1/payment?page=${page}&per_page=${perPage}`);
  for (const token of tokens)
    for (const path of paths) {
      const [kora, yardstick] = await Promise.all([
        getAnswer(koraUrl, path, token),
        getAnswer(yardstickUrl, path, token),
      ]);
      const diff =
        kora.status !== yardstick.status
          ? `status: ${kora.status} ≠ ${yardstick.status}`
          : firstDifference(kora.body, yardstick.body);
      if (diff)
        throw new Error(
          `Kora and the yardstick answer GET ${path} differently (Kora ≠ yardstick), first at ${diff}`,
        );
    }
  console.log(`   payments list and summary compared: Kora and the yardstick the same`);
};

export const paymentsSuite = async (ctx) => {
  const { data, duration, koraUrl, yardstickUrl } = ctx;
  const tokens = await Promise.all(data.owners.map(tokenFor));
  const run = Date.now().toString(36);
  const runPrefix = `bench-${run}-kora-`;
  const yardstickPrefix = `bench-${run}-yardstick-`;
  if (yardstickUrl) await checkSameRecording(ctx, tokens[0]);

  console.log(`   recording payments (${CONNECTIONS} connections, ${duration} s)…`);
  const kora = await recordUnderLoad(koraUrl, duration, paymentSource(data, tokens, runPrefix));
  let yardstick;
  if (yardstickUrl) {
    console.log(`   the same on the yardstick…`);
    yardstick = await recordUnderLoad(
      yardstickUrl,
      duration,
      paymentSource(data, tokens, yardstickPrefix),
    );
  }

  // The payments list and summary, now that there are payments to list: first the same
  // answers from Kora and the yardstick, then each under load.
  const pick = (n) => Math.floor(Math.random() * n);
  const auth = () => ({ authorization: `Bearer ${tokens[pick(tokens.length)]}` });
  const listPath = () => `/v1/payment?page=${1 + pick(5)}&per_page=20`;
  const summaryPath = () => '/v1/payment/summary';
  if (yardstickUrl) await checkSameReads(ctx, tokens.slice(0, 2));
  const listLoad = await loadGet(ctx, koraUrl, listPath, auth);
  const listYardstick = yardstickUrl ? await loadGet(ctx, yardstickUrl, listPath, auth) : undefined;
  const summaryLoad = await loadGet(ctx, koraUrl, summaryPath, auth);
  const summaryYardstick = yardstickUrl
    ? await loadGet(ctx, yardstickUrl, summaryPath, auth)
    : undefined;

  console.log('   checking the database…');
  const [koraCheck, yardstickCheck] = await withDatabase(ctx, async (query) => [
    await readBack(query, runPrefix),
    yardstick ? await readBack(query, yardstickPrefix) : undefined,
  ]);
  const koraVerdict = verdict(kora, koraCheck);
  console.log(`   Kora: ${koraVerdict.notes}`);
  let yardstickNote = '';
  if (yardstick) {
    const v = verdict(yardstick, yardstickCheck);
    console.log(`   yardstick: ${v.notes}`);
    yardstickNote = `; yardstick ${v.ok ? 'checks pass' : `CHECKS FAIL: ${v.notes}`} (${yardstick.acknowledged.size} acknowledged)`;
  }

  return [
    routeRow(ctx, `POST /v1/payment (${CONNECTIONS} connections)`, kora.figures, {
      yardstick: yardstick?.figures,
      notes: `target Kora / yardstick ≥ 80 %, none lost or doubled; ${koraVerdict.notes}${yardstickNote}`,
    }),
    routeRow(ctx, 'GET /v1/payment (list page)', listLoad, {
      yardstick: listYardstick,
      notes: 'pages 1-5 of 20; target Kora / yardstick ≥ 80 %',
    }),
    routeRow(ctx, 'GET /v1/payment/summary', summaryLoad, {
      yardstick: summaryYardstick,
      notes: 'target Kora / yardstick ≥ 80 %',
    }),
  ];
};
