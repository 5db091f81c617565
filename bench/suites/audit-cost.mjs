// What the audit trail costs a payment: POST /v1/payment under the payments suite's load, in
// alternating turns on the same server and database, with record_payment as Kora ships it (the
// `payment.record` entry inserted in the payment's own statement) and with the same function
// less that insert (its text read from the database, the audit insert taken out, put back after
// each turn). Everything else is the same: server, data, connections, duration. Writes
// bench/results/audit-cost.md (a smoke run writes nothing and answers its rows instead).
//   node bench/run.mjs --target postgres --suite audit-cost [--duration 10] [--turns 3]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, routeRow, tokenFor } from '../lib.mjs';
import { CONNECTIONS, paymentSource, recordUnderLoad } from './payments.mjs';

/**
 * record_payment's definition without its audit insert: the one statement (or CTE) that inserts
 * into audit_entries is taken out. Throws when there is none or more than one to take out, so
 * the comparison never measures the same function twice.
 */
const withoutAuditInsert = (definition) => {
  // The PL/pgSQL statement `INSERT INTO "audit_entries" (…) VALUES (…);`, up to its semicolon.
  const statement = /\binsert\s+into\s+(?:"?public"?\.)?"?audit_entries"?[\s(][^;]*;/gi;
  const found = definition.match(statement) ?? [];
  if (found.length !== 1)
    throw new Error(
      `record_payment holds ${found.length} audit inserts where 1 was expected: cannot measure it without`,
    );
  return definition.replace(statement, '-- (audit entry left out for the benchmark)\n');
};

/** The text of record_payment as the database holds it (one function of that name). */
const definitionOf = async (client) => {
  const rows = (
    await client.query(
      `select pg_get_functiondef(p.oid) as def from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where p.proname = 'record_payment' and n.nspname = 'public'`,
    )
  ).rows;
  if (rows.length !== 1) throw new Error(`${rows.length} functions record_payment`);
  return rows[0].def;
};

export const auditCostSuite = async (ctx) => {
  if (!ctx.databaseUrl) {
    console.log('   suite audit-cost runs on PostgreSQL only: skipped');
    return [];
  }
  const { data, duration, koraUrl } = ctx;
  const turns = ctx.turns ?? 3;
  const tokens = await Promise.all(data.owners.map(tokenFor));
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  const shipped = await definitionOf(client);
  const bare = withoutAuditInsert(shipped);
  const run = Date.now().toString(36);
  const totals = { with: { payments: 0, seconds: 0 }, without: { payments: 0, seconds: 0 } };
  const lines = [];
  let lastWith;
  let lastWithout;
  try {
    // A first load, not counted: the server's and the database's caches warm up.
    await recordUnderLoad(
      koraUrl,
      duration,
      paymentSource(data, tokens, `audit-cost-${run}-warm-`),
    );
    for (let turn = 1; turn <= turns; turn++) {
      // Alternate which goes first, so neither always meets a warmer database.
      const order = turn % 2 ? ['with', 'without'] : ['without', 'with'];
      for (const kind of order) {
        await client.query(kind === 'with' ? shipped : bare);
        const prefix = `audit-cost-${run}-${kind}-${turn}-`;
        const result = await recordUnderLoad(
          koraUrl,
          duration,
          paymentSource(data, tokens, prefix),
        );
        const entries = (
          await client.query(
            `select count(*)::int as n from audit_entries a join payments p on p.id = a.payment_id
             where a.action = 'payment.record' and p.idempotency_key like $1`,
            [`${prefix}%`],
          )
        ).rows[0].n;
        // The turn measured what it says: one entry per payment with, none without.
        const expected = kind === 'with' ? result.acknowledged.size : 0;
        if (entries !== expected)
          throw new Error(`${kind} the audit insert: ${entries} entries, expected ${expected}`);
        totals[kind].payments += result.acknowledged.size;
        totals[kind].seconds += result.elapsed;
        lines.push(
          `| ${turn} | ${kind} | ${result.figures.rps} | ${result.figures.p50.toFixed(1)} | ${result.figures.p99.toFixed(1)} | ${entries} |`,
        );
        if (kind === 'with') lastWith = result.figures;
        else lastWithout = result.figures;
        console.log(`   turn ${turn}, ${kind} the audit insert: ${result.figures.rps} payments/s`);
      }
    }
  } finally {
    // Kora's own function back, whatever happened.
    await client.query(shipped);
    await client.end();
  }
  const rate = (k) => totals[k].payments / totals[k].seconds;
  const ratio = rate('with') / rate('without');
  const cost = (1 - ratio) * 100;
  const verdict = cost <= 10 ? 'within the 10 % target' : 'OVER the 10 % target';
  const summary =
    `with the audit insert ${rate('with').toFixed(1)} payments/s, without ${rate('without').toFixed(1)}: ` +
    `ratio ${(ratio * 100).toFixed(1)} %, cost ${cost.toFixed(1)} % (${verdict})`;
  console.log(`   ${summary}`);
  if (!ctx.smoke) {
    const stamp = `${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}`;
    writeFileSync(
      join(ROOT, 'bench/results/audit-cost.md'),
      [
        '# The audit entry on POST /v1/payment',
        '',
        `${stamp}; PostgreSQL; ${data.owners.length} business(es); ${CONNECTIONS} connections; ` +
          `${duration} s a turn, ${turns} turns of each, alternating which goes first.`,
        '',
        '`record_payment` as Kora ships it (the `payment.record` entry written in the same ' +
          'statement as the payment) against the same function with that one insert taken out, ' +
          'on the same server and database (`bench/suites/audit-cost.mjs`).',
        '',
        `**${summary}.**`,
        '',
        '| turn | audit insert | payments/s | p50 ms | p99 ms | entries written |',
        '| --- | --- | --- | --- | --- | --- |',
        ...lines,
        '',
      ].join('\n'),
    );
  }
  // Its own file holds the figures (latest.md keeps the last run of the other suites); the smoke
  // run's table gets them, so a server error there fails it.
  if (!ctx.smoke) return [];
  return [
    routeRow(ctx, `POST /v1/payment with the audit entry (${CONNECTIONS} connections)`, lastWith, {
      notes: summary,
    }),
    routeRow(ctx, `POST /v1/payment without it (same run)`, lastWithout, {}),
  ];
};
