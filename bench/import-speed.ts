/**
 * Member import at 10,000 rows on PGlite (Kora's default embedded database, in a temporary
 * folder): a generated .xlsx sheet (a title row, Yoruba names with their marks, phones in mixed
 * forms, some bad rows and repeats, a plan and an expiry date on every third row) uploaded,
 * previewed and imported by the background job, batch by batch, with the progress seen after
 * each batch. The business already has --existing members (duplicates are looked up among them).
 *
 * The yardstick, measured in the same run on the same database: members added one at a time
 * through POST /v1/member (the Add Member form's call), --yardstick of them; its time per member
 * times the import's row count is what adding the sheet by hand through the API would take.
 * Ratios, not pass/fail figures: the import's time per row as a share of the yardstick's.
 *
 *   npx tsx bench/import-speed.ts [--rows 10000] [--existing 20000] [--yardstick 300]
 *
 * Writes results/import-speed.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { addDays, lagosDay } from '@kora/shared';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { signAccessToken } from '../apps/api/src/lib/tokens';
import { IMPORT_BATCH, importNextBatch } from '../apps/api/src/modules/imports/imports.service';
import { testConfig } from '../apps/api/src/test/app';
import { insertBenchGym } from './bench-gym';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    existing: { type: 'string', default: '20000' },
    yardstick: { type: 'string', default: '300' },
  },
});
const ROWS = Number(values.rows);
const EXISTING = Number(values.existing);
const YARDSTICK = Number(values.yardstick);

const dir = mkdtempSync(join(tmpdir(), 'kora-bench-import-'));
const database = await openDatabase({ dataDir: dir });
await database.migrate();
const { db } = database;

const { businessId, userId } = await insertBenchGym(db, {
  name: 'Import Bench Gym',
  code: 'IMB',
  ownerEmail: 'owner@importbench.test',
  memberSeq: EXISTING,
});
await db.execute(sql`insert into plans (business_id, name, amount_kobo, duration, duration_type)
  values (${businessId}, 'Gold Monthly', 3000000, 1, 'month')`);
await db.execute(sql`
  insert into members (business_id, member_number, member_id, first_name, last_name,
    mobile_number, email_address, city, state)
  select ${businessId}, g, 'IMB-' || lpad(g::text, 5, '0'), 'Existing', 'Member',
    '+234705' || lpad(g::text, 7, '0'), 'existing' || g || '@example.com', 'Ikeja', 'Lagos'
  from generate_series(1, ${EXISTING}) g`);
await db.execute(sql`analyze members`);

const FIRST = ['Adébáyọ̀', 'Ngozi', 'Túndé', 'Chiamaka', 'Olúwaṣeun', 'Ifẹ́olúwa', 'Musa', 'Aisha'];
const LAST = ['Ọláníyàn', 'Okafor', 'Bello', 'Adéyẹmí', 'Eze', 'Ọ̀ṣúnṣínà', 'Abubakar'];
const expiry = addDays(lagosDay(), 20).split('-').reverse().join('/');

/** The sheet: a merged title, the headers, then ROWS members (every 50th bad, every 97th a repeat). */
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Members');
ws.addRow(['IMPORT BENCH GYM — MEMBERS']);
ws.mergeCells(1, 1, 1, 8);
ws.addRow(['S/N', 'First Name', 'Surname', 'Phone', 'Email', 'Sex', 'Plan', 'Expiry Date']);
for (let i = 1; i <= ROWS; i++) {
  const n = i % 97 === 0 ? i - 1 : i; // a repeat of the row above
  const digits = String(1_000_000 + n).slice(-7);
  const phone =
    n % 3 === 0 ? Number(`803${digits}`) : n % 3 === 1 ? `0803 ${digits}` : `+234803${digits}`;
  ws.addRow([
    i,
    FIRST[i % FIRST.length],
    i % 50 === 0 ? '' : LAST[i % LAST.length],
    phone,
    `member${n}@example.com`,
    i % 2 ? 'M' : 'F',
    i % 3 === 0 ? 'gold monthly' : null,
    i % 3 === 0 ? expiry : null,
  ]);
}
const file = Buffer.from(await wb.xlsx.writeBuffer());

const config = testConfig();
const app = await buildApp(config, { database });
await app.ready();
const token = await signAccessToken(config.jwtSecret, {
  id: userId,
  email: 'owner@importbench.test',
  firstName: 'Bench',
  lastName: 'Owner',
  role: 'owner',
  businessId,
});
const auth = { authorization: `Bearer ${token}` };

const time = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const out = await work();
  return [out, performance.now() - start];
};

// Upload, preview, start: what the owner waits for on the screen.
const form = new FormData();
form.append('file', file, { filename: 'members.xlsx' });
const [uploaded, uploadMs] = await time(() =>
  app.inject({
    method: 'POST',
    url: '/v1/member-import',
    payload: form.getBuffer(),
    headers: { ...form.getHeaders(), ...auth },
  }),
);
if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
const draft = uploaded.json().data;
const [previewed, previewMs] = await time(() =>
  app.inject({
    method: 'PUT',
    url: `/v1/member-import/${draft.id}`,
    payload: { mapping: draft.mapping, duplicates: 'skip' },
    headers: auth,
  }),
);
if (previewed.statusCode !== 200) throw new Error(`preview: ${previewed.body}`);
const counts = previewed.json().data.counts;
await app.inject({ method: 'POST', url: `/v1/member-import/${draft.id}/start`, headers: auth });

// The job, batch by batch, as the dispatcher runs it; the progress the screen polls after each.
const progress: number[] = [];
const [, jobMs] = await time(async () => {
  while (await importNextBatch(db)) {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/member-import/${draft.id}`,
      headers: auth,
    });
    progress.push(res.json().data.processed_rows);
  }
});
const done = (
  await app.inject({ method: 'GET', url: `/v1/member-import/${draft.id}`, headers: auth })
).json().data;

// The yardstick: members added one at a time through the Add Member call.
const [, yardMs] = await time(async () => {
  for (let i = 0; i < YARDSTICK; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/member',
      payload: {
        first_name: 'Yard',
        last_name: 'Stick',
        mobile_number: `0906${String(1_000_000 + i).slice(-7)}`,
        email_address: `yard${i}@example.com`,
        city: 'Ikeja',
        state: 'Lagos',
      },
      headers: auth,
    });
    if (res.statusCode !== 201) throw new Error(`yardstick: ${res.body}`);
  }
});

await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const importMs = uploadMs + previewMs + jobMs;
const perRow = importMs / ROWS;
const yardPerRow = yardMs / YARDSTICK;
const s = (ms: number) => (ms / 1000).toFixed(2);
const table = [
  `# Member import at ${ROWS.toLocaleString('en-NG')} rows (PGlite)`,
  '',
  `Run ${new Date().toISOString()}, Node ${process.version}, ${EXISTING.toLocaleString('en-NG')} members already in the business, batches of ${IMPORT_BATCH} rows.`,
  `Preview: ${counts.create} to create, ${counts.skip} to skip, ${counts.refuse} to refuse; done: ${done.counts.create} created, ${done.counts.refuse} refused (${done.counts.create === counts.create && done.counts.refuse === counts.refuse ? 'as previewed' : 'NOT as previewed'}).`,
  `Progress seen after each batch: ${progress.slice(0, 4).join(', ')} … ${progress.at(-1)} (${progress.length} steps).`,
  '',
  '| step | time (s) | per row (ms) | per row / yardstick |',
  '| --- | ---: | ---: | ---: |',
  `| upload (read the .xlsx, ${(file.length / 1024).toFixed(0)} kB) | ${s(uploadMs)} | ${(uploadMs / ROWS).toFixed(3)} | ${(uploadMs / ROWS / yardPerRow).toFixed(3)} |`,
  `| preview (every row checked) | ${s(previewMs)} | ${(previewMs / ROWS).toFixed(3)} | ${(previewMs / ROWS / yardPerRow).toFixed(3)} |`,
  `| background import | ${s(jobMs)} | ${(jobMs / ROWS).toFixed(3)} | ${(jobMs / ROWS / yardPerRow).toFixed(3)} |`,
  `| **whole import** | **${s(importMs)}** | **${perRow.toFixed(3)}** | **${(perRow / yardPerRow).toFixed(3)}** |`,
  `| yardstick: ${YARDSTICK} members one at a time through POST /v1/member | ${s(yardMs)} | ${yardPerRow.toFixed(3)} | 1.000 |`,
  '',
  `At the yardstick's pace the ${ROWS.toLocaleString('en-NG')} rows would take ${s(yardPerRow * ROWS)} s.`,
  '',
].join('\n');
writeFileSync(new URL('./results/import-speed.md', import.meta.url), table);
console.log(table);
