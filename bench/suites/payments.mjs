// Recording payments under load, then proof that none was lost, doubled or overlapped:
// 64 connections POST /v1/payment for the run's duration (each request with its own
// Idempotency-Key; a third of them for a few "regulars" per business, so renewal chains grow
// long under contention), then the database is read back and checked:
//   - every acknowledged (201) payment is stored once, under the key it was sent with;
//   - nothing is stored that was not acknowledged (stored count = acknowledged count);
//   - each member's subscriptions of one plan chain: every start = previous expiry + 1 day
//     (or today, when the previous one had ended).
// Requests that got no answer (connection errors) are retried with the same key afterwards, as a
// client would; the retry must answer the same payment. Then the payments list and summary are
// measured like the member routes.
import http from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, loadGet, routeRow, statusCounts, tokenFor } from '../lib.mjs';

const CONNECTIONS = 64;
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

export const paymentsSuite = async (ctx) => {
  const { data, duration, koraUrl } = ctx;
  const tokens = await Promise.all(data.owners.map(tokenFor));
  const runPrefix = `bench-${Date.now().toString(36)}-`;
  let seq = 0;
  const pick = (n) => Math.floor(Math.random() * n);

  /** The next payment: a random business, a regular a third of the time, a random plan. */
  const nextPayment = () => {
    const b = pick(data.owners.length);
    const owner = data.owners[b];
    const span = owner.lastMemberId - owner.firstMemberId + 1;
    const memberId =
      owner.firstMemberId +
      (Math.random() < 1 / 3 ? pick(Math.min(REGULARS_PER_BUSINESS, span)) : pick(span));
    const plan = owner.plans[pick(owner.plans.length)];
    const periods = 1 + pick(3);
    const key = `${runPrefix}${seq++}`;
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

  console.log(`   recording payments (${CONNECTIONS} connections, ${duration} s)…`);
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
          const res = await send(agent, koraUrl, request);
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
    const res = await send(agent, koraUrl, request).catch(() => undefined);
    if (res?.status === 201) {
      acknowledged.set(key, res.body.data.id);
      retriedOk++;
    }
  }
  // A retry of acknowledged payments answers the same payment and records nothing.
  let replayMismatches = 0;
  for (const [key, request] of replays) {
    const res = await send(agent, koraUrl, request).catch(() => undefined);
    if (res?.status !== 201 || res.body.data.id !== acknowledged.get(key)) replayMismatches++;
  }
  agent.destroy();

  // The payments list and summary, now that there are payments to list.
  const auth = () => ({ authorization: `Bearer ${tokens[pick(tokens.length)]}` });
  const listLoad = await loadGet(
    ctx,
    koraUrl,
    () => `/v1/payment?page=${1 + pick(5)}&per_page=20`,
    auth,
  );
  const summaryLoad = await loadGet(ctx, koraUrl, () => '/v1/payment/summary', auth);

  console.log('   checking the database…');
  const check = await withDatabase(ctx, (query) => readBack(query, runPrefix));
  const storedByKey = new Map(check.stored.map((r) => [r.key, Number(r.id)]));
  let missing = 0;
  let wrongId = 0;
  for (const [key, id] of acknowledged) {
    const storedId = storedByKey.get(key);
    if (storedId === undefined) missing++;
    else if (storedId !== id) wrongId++;
  }
  const distinctIds = new Set(acknowledged.values()).size;
  const unacknowledged = check.stored.length - acknowledged.size;
  const ok =
    missing === 0 &&
    wrongId === 0 &&
    unacknowledged === 0 &&
    distinctIds === acknowledged.size &&
    check.breaks.breaks === 0 &&
    replayMismatches === 0;
  const notes = [
    ok ? 'CHECKS PASS' : 'CHECKS FAIL',
    `${acknowledged.size} acknowledged, ${check.stored.length} stored`,
    `missing ${missing}, wrong id ${wrongId}, stored but unacknowledged ${unacknowledged}, doubled ${acknowledged.size - distinctIds}`,
    `chain breaks ${check.breaks.breaks} (overlaps ${check.breaks.overlaps}), longest chain ${check.longestChain}`,
    `no answer ${unanswered.length} (retried ok ${retriedOk})`,
    `${replays.size} replayed with their key: ${replayMismatches} answered another payment`,
    statusCounts(statuses),
  ].join('; ');
  console.log(`   ${notes}`);

  return [
    routeRow(
      ctx,
      `POST /v1/payment (${CONNECTIONS} connections)`,
      { rps, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) },
      { notes: `target ≥ 1,000 payments/s on PostgreSQL, none lost or doubled; ${notes}` },
    ),
    routeRow(ctx, 'GET /v1/payment (list page)', listLoad),
    routeRow(ctx, 'GET /v1/payment/summary', summaryLoad),
  ];
};
