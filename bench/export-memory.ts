/**
 * Exports at scale: the members export of one business of 100,000 members, CSV and .xlsx,
 * streamed over real HTTP (the API built in this process, the database a PostgreSQL server),
 * with this process's RSS sampled every 10 ms: its peak during the export against the RSS just
 * before it. The yardstick, measured in the same run on the same rows: the same CSV built the
 * naive way, every row read in one query and the whole file made in memory before it is sent
 * (what streaming avoids). Ratios, not pass/fail figures: the streamed export's RSS growth as
 * a share of the yardstick's, and its time beside it.
 *
 *   npx tsx bench/export-memory.ts [--members 100000] [--pg postgres://…]
 *     (node --expose-gc via NODE_OPTIONS=--expose-gc for steadier figures)
 *
 * The database: a scratch database on the server of --pg (default BENCH_PG_URL or
 * postgres://kora:kora@127.0.0.1:5432/kora_test, a role that may create databases), dropped at
 * the end. Writes results/export-memory.md.
 */
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { EXPORT_BATCH_SIZE, writeCsv } from '../apps/api/src/lib/export-file';
import { signAccessToken } from '../apps/api/src/lib/tokens';
import { memberExport } from '../apps/api/src/modules/members/members.export';
import { exportMembersBatch } from '../apps/api/src/modules/members/members.list.repository';
import { createScratchDatabase } from '../apps/api/src/test/database';
import { testConfig } from '../apps/api/src/test/app';
import { insertBenchGym } from './bench-gym';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    pg: {
      type: 'string',
      default: process.env.BENCH_PG_URL ?? 'postgres://kora:kora@127.0.0.1:5432/kora_test',
    },
  },
});
const MEMBERS = Number(values.members);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

const scratch = await createScratchDatabase(values.pg!, 'kora_bench_export');
const database = await openDatabase({ url: scratch.url, poolMax: 4 });
await database.migrate();
const { db } = database;

// One business, one plan, MEMBERS members (Yoruba names with their marks), set-based.
const { businessId, userId } = await insertBenchGym(db, {
  name: 'Export Bench Gym',
  code: 'EXB',
  ownerEmail: 'owner@exportbench.test',
  memberSeq: MEMBERS,
});
await db.execute(sql`
  insert into members (business_id, member_number, member_id, first_name, middle_name, last_name,
    mobile_number, email_address, home_address, city, state, gender, date_of_birth, created_at)
  select ${businessId}, g, 'EXB-' || lpad(g::text, 6, '0'),
    (array['Adébáyọ̀','Ngozi','Túndé','Chiamaka','Olúwaṣeun','Ifẹ́olúwa'])[1 + g % 6],
    case when g % 3 = 0 then 'Ọláníyàn' end,
    (array['Okafor','Ọ̀ṣúnṣínà','Bello','Adéyẹmí','Eze'])[1 + g % 5],
    '+234803' || lpad(g::text, 7, '0'), 'member' || g || '@example.com',
    g || ' Allen Avenue, Ikeja', 'Ikeja', 'Lagos',
    (array['Male','Female',null])[1 + g % 3], date '1980-01-01' + (g % 9000),
    now() - (${MEMBERS} - g) * interval '1 second'
  from generate_series(1, ${MEMBERS}) g`);
await db.execute(sql`analyze members`);

const config = testConfig();
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const token = await signAccessToken(config.jwtSecret, {
  id: userId,
  email: 'owner@exportbench.test',
  firstName: 'Bench',
  lastName: 'Owner',
  role: 'owner',
  businessId,
});

interface Measured {
  name: string;
  ms: number;
  bytes: number;
  rssBeforeMb: number;
  peakGrowthMb: number;
}

/** Runs `work` while sampling RSS every 10 ms: its time, bytes, and peak RSS over the start. */
const measure = async (name: string, work: () => Promise<number>): Promise<Measured> => {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const bytes = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { name, ms, bytes, rssBeforeMb: before / MB, peakGrowthMb: (peak - before) / MB };
};

/** The export over HTTP, read as it comes and thrown away (a client saving it to disk). */
const streamed = (format: 'csv' | 'xlsx') => async () => {
  const res = await fetch(`http://127.0.0.1:${port}/v1/member/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
};

/** The yardstick: every row in one query, the whole CSV in memory, then "sent". */
const inMemory = async () => {
  const parts: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      parts.push(String(chunk));
      done();
    },
  });
  const spec = memberExport((after, limit) => exportMembersBatch(db, businessId, {}, after, limit));
  await writeCsv(sink, { ...spec, batchSize: MEMBERS + 1 });
  const file = Buffer.from(parts.join(''), 'utf8');
  return file.byteLength;
};

const results: Measured[] = [];
try {
  // The streamed exports first: the yardstick's heap, once grown, is not all given back.
  results.push(await measure('streamed CSV (HTTP)', streamed('csv')));
  results.push(await measure('streamed .xlsx (HTTP)', streamed('xlsx')));
  results.push(await measure('yardstick: whole CSV in memory', inMemory));
} finally {
  await app.close();
  await database.close();
  await scratch.drop();
}

const yardstick = results[2]!;
const lines = [
  `# Members export at ${MEMBERS.toLocaleString('en-NG')} members`,
  '',
  `Run ${new Date().toISOString()}, Node ${process.version}, batch ${EXPORT_BATCH_SIZE} rows, ` +
    `gc between runs: ${gc ? 'yes' : 'no (run with NODE_OPTIONS=--expose-gc)'}.`,
  '',
  '| export | time (s) | size (MB) | RSS before (MB) | peak RSS growth (MB) | growth / yardstick | time / yardstick |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.name} | ${(r.ms / 1000).toFixed(2)} | ${(r.bytes / MB).toFixed(1)} | ` +
      `${r.rssBeforeMb.toFixed(0)} | ${r.peakGrowthMb.toFixed(1)} | ` +
      `${(r.peakGrowthMb / yardstick.peakGrowthMb).toFixed(2)} | ${(r.ms / yardstick.ms).toFixed(2)} |`,
  ),
  '',
];
writeFileSync(new URL('./results/export-memory.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
