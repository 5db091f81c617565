/**
 * The SQL behind the dashboard and the payment routes, statement by statement, on a database the
 * dashboard suite generated (or any Kora database on PostgreSQL): runs the API's own service
 * functions (`dashboardOf`, `paymentSummary`, `listPayments`) from the source in this working
 * tree, records every statement they send (node-postgres' Client.query, so query-builder
 * statements too), then times each statement alone, one at a time on one connection, and each
 * function whole (the dashboard's reads run side by side on the pool, as in the server). Prints
 * EXPLAIN (ANALYZE, BUFFERS) of every statement whose median is above --explain-above ms.
 *
 * Usage (tsx), e.g. after changing a query, against the database the suite kept:
 *   BENCH_DATABASE_URL=postgres://…/kora_bench_… tsx bench/dashboard-statements.ts \
 *     [--business 1] [--runs 30] [--explain-above 10] [--json]
 * Without --json it prints a readable report; with it, the last line of stdout is JSON.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { paymentListQuery } from '@kora/shared';
import { openDatabase } from '../apps/api/src/db/client';
import { dashboardOf } from '../apps/api/src/modules/dashboard/dashboard.service';
import * as payments from '../apps/api/src/modules/payments/payments.service';
import type { AppContext } from '../apps/api/src/context';

const { values } = parseArgs({
  options: {
    business: { type: 'string' },
    runs: { type: 'string', default: '30' },
    'explain-above': { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (PostgreSQL)');
const runs = Number(values.runs);
const explainAbove = Number(values['explain-above']);

interface Captured {
  text: string;
  values: unknown[];
}
let capture: Captured[] | undefined;
// Every statement the API sends goes through Client.query (the pool's clients too).
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (capture) {
    const [a, b] = args as [unknown, unknown];
    if (typeof a === 'string') capture.push({ text: a, values: Array.isArray(b) ? b : [] });
    else if (a && typeof a === 'object' && 'text' in a) {
      const q = a as { text: string; values?: unknown[] };
      capture.push({ text: q.text, values: q.values ?? (Array.isArray(b) ? b : []) });
    }
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const database = await openDatabase({ url, poolMax: 20 });
const ctx = { db: database.db, database } as unknown as AppContext;
const client = new pg.Client({ connectionString: url });
await client.connect();

const businessId =
  values.business !== undefined
    ? Number(values.business)
    : Number(
        (
          await client.query(
            'select business_id from payments group by 1 order by count(*) desc limit 1',
          )
        ).rows[0]?.business_id,
      );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return {
    min: s[0] ?? 0,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    max: s[s.length - 1] ?? 0,
  };
};
const round = (v: number) => Math.round(v * 100) / 100;

/** A name for a statement of the dashboard, from its text; else its first words. */
const labelOf = (text: string): string => {
  const t = text.replace(/\s+/g, ' ');
  if (/^select to_char\(closed_through/.test(t)) return 'readClosedThrough (1 row)';
  if (t.includes(' as compare')) return 'moneyByMonth (roll-up + live, by month/plan/method)';
  if (t.includes('as has_plan')) return 'scalars (cards and checklist counts)';
  if (t.includes('as joined')) return 'membersByMonth (joined, churned)';
  if (t.includes('as subscription_id')) return 'expiring (covers ending within 7 days)';
  if (t.includes("'payment' as kind")) return 'recentActivity (4 feeds)';
  if (t.includes('filter (where day = ')) return 'paymentSummary (roll-up + live)';
  if (t.includes('::bigint as n from')) return 'payment count (roll-up + live)';
  if (/^select .* from "payments"/i.test(t)) return 'payment list page (20 rows)';
  return t.slice(0, 70);
};

const functions: Record<string, () => Promise<unknown>> = {
  'GET /v1/dashboard: dashboardOf': () => dashboardOf(ctx, businessId),
  'GET /v1/payment/summary: paymentSummary': () => payments.paymentSummary(ctx, businessId),
  'GET /v1/payment?page=1&per_page=20: listPayments': () =>
    payments.listPayments(ctx, businessId, paymentListQuery.parse({ page: '1', per_page: '20' })),
};

const report: {
  businessId: number;
  runs: number;
  functions: { name: string; min: number; p50: number; p95: number; max: number }[];
  statements: {
    function: string;
    label: string;
    rows: number;
    min: number;
    p50: number;
    p95: number;
    max: number;
    text: string;
    values: unknown[];
    plan?: string;
  }[];
} = { businessId, runs, functions: [], statements: [] };

try {
  for (const [name, fn] of Object.entries(functions)) {
    // Warm: the pool's connections, the pages in shared buffers.
    for (let i = 0; i < 3; i++) await fn();
    capture = [];
    await fn();
    const statements = capture;
    capture = undefined;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    report.functions.push({ name, ...mapRound(stats(times)) });
    for (const st of statements) {
      const t: number[] = [];
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const r = await client.query(st.text, st.values);
        t.push(performance.now() - t0);
        rows = r.rowCount ?? r.rows.length;
      }
      const s = mapRound(stats(t));
      const entry: (typeof report.statements)[number] = {
        function: name,
        label: labelOf(st.text),
        rows,
        ...s,
        text: st.text,
        values: st.values,
      };
      if (s.p50 > explainAbove) {
        const plan = await client.query(`explain (analyze, buffers, timing) ${st.text}`, st.values);
        entry.plan = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      report.statements.push(entry);
    }
  }
} finally {
  await client.end();
  await database.close();
}

function mapRound<T extends Record<string, number>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)])) as T;
}

if (values.json) {
  console.log(JSON.stringify(report));
} else {
  console.log(`business ${businessId}, ${runs} runs each, one at a time\n`);
  console.log('| function | min | p50 | p95 | max |\n|---|---|---|---|---|');
  for (const f of report.functions)
    console.log(`| ${f.name} | ${f.min} ms | ${f.p50} ms | ${f.p95} ms | ${f.max} ms |`);
  console.log('\n| function | statement | rows | min | p50 | p95 |\n|---|---|---|---|---|---|');
  for (const s of report.statements)
    console.log(
      `| ${s.function.split(':')[0]} | ${s.label} | ${s.rows} | ${s.min} ms | ${s.p50} ms | ${s.p95} ms |`,
    );
  for (const s of report.statements.filter((x) => x.plan)) {
    console.log(
      `\n### ${s.label} (p50 ${s.p50} ms)\n\n${s.text}\n-- values: ${JSON.stringify(s.values)}\n\n${s.plan}`,
    );
  }
}
