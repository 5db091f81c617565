// The guard of the hot routes (in the smoke run, so in CI): each hot route's CPU per request,
// Kora's against the yardstick's, measured on the same data in alternating turns. A change that
// makes a hot route do much more work per answer (more statements, rows decoded and mapped in
// Node, a function called per row) fails the run at the next landing, instead of being found
// months later by a full benchmark.
//
// Why CPU per request, not requests per second: on a shared 2-CPU machine, with the other CI
// lanes running beside it, throughput swings by half from one minute to the next; the CPU a
// process spends on a fixed number of requests moves much less. What is counted:
//   - the server process's own CPU time (user + system, from /proc/<pid>/stat);
//   - the CPU of the PostgreSQL backends connected to the run's own database (pg_stat_activity;
//     the other lanes' tests use other databases, so their work is not counted). Only one server
//     is loaded at a time, so the backends busy during a turn are that server's.
// Each route runs TURNS turns of Kora then the yardstick, REQUESTS requests each at CONNECTIONS
// connections; the ratio is Kora's CPU per request over the yardstick's, each in its median
// turn. It fails past the route's limit (LIMITS), set above what main measured and below the
// member list's fall.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { load, tokenFor } from '../lib.mjs';
import { lookupPath, sampleMembers } from './check-in.mjs';
import { LARGE_PAGE } from './members.mjs';

const TURNS = 5;
/**
 * Requests per turn: enough that /proc's 10 ms ticks are a few percent of a turn's CPU (about
 * 0.3 s for the cheapest route), few enough that the guard's nine routes stay a small part of
 * CI's CPU (each request also costs the load generator and PostgreSQL).
 */
const REQUESTS = 600;
const CONNECTIONS = 16;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * The largest Kora / yardstick CPU per request each route may take. Main measured 0.9 to 1.6 in
 * six runs, a route's ratio moving by about a fifth between runs (Kora also sets security and
 * rate-limit headers and logs, which the yardstick does not). The member list before PostgreSQL
 * wrote its answer (rows decoded, mapped and serialised in Node, a function called per row, a
 * pool of 20) measured 1.68 and 1.90 for its first pages, and main with 250 µs of busy work
 * added to each member page 1.82 twice.
 */
const LIMITS = {
  'GET /v1/auth/me': 1.7,
  'GET /v1/member, pages 1-5': 1.7,
  [`GET /v1/member, ${LARGE_PAGE} per page`]: 1.5,
  'GET /v1/member?search=': 1.7,
  'GET /v1/check-in/lookup by phone': 2.0,
  'GET /v1/check-in/lookup by member ID': 2.0,
  'GET /v1/check-in/lookup by card': 2.0,
  'GET /v1/payment, pages 1-3': 1.7,
  // A cheap answer: like the lookups, its ratio is mostly the request's fixed cost, and moves more.
  'GET /v1/payment/summary': 2.0,
};

/** CPU seconds a process has used (user + system); 0 once it is gone. */
const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export const guardSuite = async (ctx) => {
  if (!ctx.databaseUrl || !ctx.yardstickUrl) {
    console.log('   guard: PostgreSQL only (it compares with the yardstick); skipped');
    return { rows: [], failed: [] };
  }
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  /** The backends of the run's database (not this one), with their CPU so far. */
  const backends = async () => {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  };
  /** A turn of `requests` on one server: its own and its database's CPU per request (µs). */
  const turn = async (url, pid, next) => {
    const before = await backends();
    const server = cpuSeconds(pid);
    const r = await load({ url, connections: CONNECTIONS, duration: 1, amount: REQUESTS, next });
    const serverCpu = cpuSeconds(pid) - server;
    let dbCpu = 0;
    for (const [backend, cpu] of await backends()) dbCpu += cpu - (before.get(backend) ?? 0);
    const bad = Object.keys(r.statuses).filter((s) => s !== '200');
    if (bad.length) throw new Error(`guard: ${url} answered ${JSON.stringify(r.statuses)}`);
    return { requests: r.requests, serverCpu, dbCpu: Math.max(0, dbCpu) };
  };

  const tokens = await Promise.all(ctx.data.owners.map(tokenFor));
  const samples = await sampleMembers(ctx, tokens);
  const auth = (b) => ({ authorization: `Bearer ${tokens[b]}` });
  const get = (path, b = 0) => ({ method: 'GET', path, headers: auth(b) });
  const page = (perPage) => () =>
    get(`/v1/member?page=${1 + Math.floor(Math.random() * 3)}&per_page=${perPage}`);
  const lookup = (field) => () => {
    const b = Math.floor(Math.random() * samples.length);
    return get(lookupPath(pick(samples[b])[field]), b);
  };
  const TERMS = ['ada', 'okafor', '0803', 'member1', 'xyzzy-none'];
  const routes = {
    'GET /v1/auth/me': () => get('/v1/auth/me'),
    'GET /v1/member, pages 1-5': page(10),
    [`GET /v1/member, ${LARGE_PAGE} per page`]: page(LARGE_PAGE),
    'GET /v1/member?search=': () =>
      get(`/v1/member?page=1&per_page=10&search=${encodeURIComponent(pick(TERMS))}`),
    'GET /v1/check-in/lookup by phone': lookup('phone'),
    'GET /v1/check-in/lookup by member ID': lookup('memberId'),
    'GET /v1/check-in/lookup by card': lookup('card'),
    'GET /v1/payment, pages 1-3': () =>
      get(`/v1/payment?page=${1 + Math.floor(Math.random() * 3)}&per_page=20`),
    'GET /v1/payment/summary': () => get('/v1/payment/summary'),
  };

  const rows = [];
  const failed = [];
  try {
    for (const [route, next] of Object.entries(routes)) {
      // One warm-up request each: prepared statements, the JIT, the token cache.
      await load({ url: ctx.koraUrl, connections: 1, duration: 1, amount: 20, next });
      await load({ url: ctx.yardstickUrl, connections: 1, duration: 1, amount: 20, next });
      const turns = { kora: [], yardstick: [] };
      for (let i = 0; i < TURNS; i++) {
        for (const [who, url, pid] of [
          ['kora', ctx.koraUrl, ctx.koraPid],
          ['yardstick', ctx.yardstickUrl, ctx.yardstickPid],
        ]) {
          const t = await turn(url, pid, next);
          turns[who].push({
            server: (t.serverCpu / t.requests) * 1e6,
            db: (t.dbCpu / t.requests) * 1e6,
            total: ((t.serverCpu + t.dbCpu) / t.requests) * 1e6,
          });
        }
      }
      // Each server's median turn: a turn the other lanes of CI disturbed more than the rest (a
      // CPU shared, cold caches) or one cut short by the clock's 10 ms ticks weighs nothing.
      const median = (list) =>
        [...list].sort((a, b) => a.total - b.total)[Math.floor(list.length / 2)];
      const kora = median(turns.kora);
      const yardstick = median(turns.yardstick);
      const ratio = kora.total / yardstick.total;
      const limit = LIMITS[route];
      const ok = ratio <= limit;
      const us = (v) => `${Math.round(v)} µs`;
      rows.push({
        route,
        kora: `${us(kora.total)} (server ${us(kora.server)}, database ${us(kora.db)})`,
        yardstick: `${us(yardstick.total)} (server ${us(yardstick.server)}, database ${us(yardstick.db)})`,
        ratio: ratio.toFixed(2),
        limit: String(limit),
        verdict: ok ? 'ok' : 'FAILED',
      });
      console.log(
        `   guard ${route}: Kora ${us(kora.total)} / yardstick ${us(yardstick.total)} CPU per request = ${ratio.toFixed(2)} (limit ${limit}) ${ok ? 'ok' : 'FAILED'}`,
      );
      if (!ok) failed.push(route);
    }
  } finally {
    await client.end();
  }
  return { rows, failed };
};

/** The guard's table (bench/results/guard.md). */
export const guardTable = (rows) =>
  [
    '| route | Kora CPU per request | yardstick CPU per request | Kora / yardstick | limit | |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.route} | ${r.kora} | ${r.yardstick} | ${r.ratio} | ${r.limit} | ${r.verdict} |`,
    ),
  ].join('\n');
