// Two builds of Kora side by side on one database (PostgreSQL only: a PGlite folder has one
// server): the one measured (BENCH_SERVER, default apps/api/dist/server.js) and a baseline
// (BENCH_BASELINE_SERVER), beside the bare route. Each member list route is loaded
// in turns, bare → baseline → this build, `TURNS` times for duration/TURNS seconds each, so a
// machine whose other work comes and goes slows all three alike; the turns are summed. Beside
// throughput and latency, each server's own CPU time per request (from /proc, Linux): what the
// API does itself, apart from the database's work and from waiting for a CPU.
import { readFileSync } from 'node:fs';
import { BASELINE_SERVER, loadGet, routeRow, startKora, stopProcess } from '../lib.mjs';
import { LARGE_PAGE, memberRequests } from './members.mjs';

const TURNS = 5;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds a process has used (user + system), or undefined without /proc. */
const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After "pid (command) ": state, ppid, …; utime and stime are the 12th and 13th.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
};

/** A load of `url`, with the CPU time `pid` used during it. */
const measured = async (pid, run) => {
  const before = cpuSeconds(pid);
  const r = await run();
  const after = cpuSeconds(pid);
  return { ...r, cpu: before === undefined || after === undefined ? undefined : after - before };
};

/** Requests and latency percentiles over all turns (latencies as the mean of each turn's). */
const merge = (turns) => {
  const sum = (key) => turns.reduce((n, r) => n + r[key], 0);
  const statuses = {};
  for (const r of turns)
    for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const cpu = turns.every((r) => r.cpu !== undefined) ? sum('cpu') : undefined;
  return {
    rps: Math.round(sum('rps') / turns.length),
    p50: sum('p50') / turns.length,
    p95: sum('p95') / turns.length,
    p99: sum('p99') / turns.length,
    statuses,
    cpuPerRequest: cpu === undefined ? undefined : (cpu / sum('requests')) * 1e6,
  };
};

const cpuNote = (r) =>
  r.cpuPerRequest === undefined
    ? undefined
    : `server CPU ${Math.round(r.cpuPerRequest)} µs/request`;

export const compareSuite = async (ctx) => {
  if (!BASELINE_SERVER) throw new Error('suite compare: set BENCH_BASELINE_SERVER to a server.js');
  if (!ctx.databaseUrl) {
    console.log('   compare: PostgreSQL only (two servers cannot share a PGlite folder); skipped');
    return [];
  }
  const { auth, firstPages, largePages } = await memberRequests(ctx.data);
  const baseline = await startKora(3903, { DATABASE_URL: ctx.databaseUrl }, BASELINE_SERVER);
  const baselineUrl = 'http://127.0.0.1:3903';
  const turnCtx = { ...ctx, duration: Math.max(1, Math.round(ctx.duration / TURNS)) };
  const rows = [];
  try {
    const routes = [
      ['GET /v1/member, pages 1-5', firstPages, ctx.connections],
      [`GET /v1/member, ${LARGE_PAGE} per page, pages 1-5`, largePages, ctx.connections],
      ['GET /v1/member, pages 1-5, 1 connection', firstPages, 1],
      [`GET /v1/member, ${LARGE_PAGE} per page, pages 1-5, 1 connection`, largePages, 1],
    ];
    for (const [route, path, connections] of routes) {
      console.log(`   ${route}: bare, baseline, this build in ${TURNS} turns…`);
      const turns = { bare: [], baseline: [], current: [] };
      for (let i = 0; i < TURNS; i++) {
        turns.bare.push(await loadGet(turnCtx, ctx.bareUrl, () => '/bare', undefined, connections));
        turns.baseline.push(
          await measured(baseline.pid, () =>
            loadGet(turnCtx, baselineUrl, path, auth, connections),
          ),
        );
        turns.current.push(
          await measured(ctx.koraPid, () => loadGet(turnCtx, ctx.koraUrl, path, auth, connections)),
        );
      }
      const bare = merge(turns.bare);
      const [old, now] = [merge(turns.baseline), merge(turns.current)];
      rows.push(
        routeRow(ctx, `${route}: bare Fastify route`, bare, { bare, notes: 'reference' }),
        routeRow(ctx, `${route}: baseline build`, old, { bare, notes: cpuNote(old) }),
        routeRow(ctx, `${route}: this build`, now, { bare, notes: cpuNote(now) }),
      );
    }
  } finally {
    await stopProcess(baseline);
  }
  return rows;
};
