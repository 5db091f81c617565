// The offline desk's roster (GET /v1/check-in/roster): one business's first download, paged
// until `more` is false (bytes over the wire compressed as a browser asks for them, the JSON
// the device keeps, the time), then a delta sync after 100 members were changed through the
// API. On PostgreSQL each is compared with its yardstick: the same rows read as JSON text by
// one SQL statement straight from the database (what the call cannot do faster than). Checks:
// the download holds every member of the business, the delta exactly the 100 changed.
// Targets: first roster ≤ 2 MB compressed for 10,000 members; the delta of 100 changes ≤ 1 s.
// Writes bench/results/roster.md (a smoke run writes nothing).
//   node bench/run.mjs --target postgres --suite roster --businesses 1 --members 10000
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { ROOT, tokenFor } from '../lib.mjs';

const PAGE = 2000;
const CHANGES = 100;

/** GET with the browser's accept-encoding: the bytes on the wire and the parsed answer. */
const getRoster = (base, path, token) =>
  new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const text = (
            enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw
          ).toString('utf8');
          if (res.statusCode !== 200)
            return reject(new Error(`roster ${res.statusCode}: ${text.slice(0, 200)}`));
          resolve({ wire: raw.length, json: Buffer.byteLength(text), body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Every page from `cursor` until `more` is false. */
const syncAll = async (base, token, cursor) => {
  const started = performance.now();
  const out = { members: 0, ids: new Set(), wire: 0, json: 0, pages: 0, cursor };
  for (;;) {
    const page = await getRoster(
      base,
      `/v1/check-in/roster?limit=${PAGE}&cursor=${encodeURIComponent(out.cursor)}`,
      token,
    );
    out.pages++;
    out.wire += page.wire;
    out.json += page.json;
    out.members += page.body.data.length;
    for (const m of page.body.data) out.ids.add(m.id);
    out.cursor = page.body.meta.cursor;
    if (!page.body.meta.more) break;
  }
  out.ms = performance.now() - started;
  return out;
};

/** The yardstick: the same members, as JSON text, by one statement (best of 3). */
const sqlRoster = async (databaseUrl, businessId, ids) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await client.query(
        `select json_agg(json_build_object('id', m.id, 'member_id', m.member_id,
           'first_name', m.first_name, 'last_name', m.last_name, 'mobile_number', m.mobile_number,
           'picture_url', m.picture_url,
           'card_hash', encode(sha256(convert_to(m.card_code, 'UTF8')), 'hex'),
           'is_active', m.is_active,
           'subscriptions', (select coalesce(json_agg(json_build_object('start_date', s.start_date,
              'expiry_date', s.expiry_date, 'plan_name', p.name, 'covered_by', null)), '[]'::json)
              from subscriptions s join plans p on p.id = s.subscription_type_id
              where s.business_id = m.business_id and s.member_id = m.id and s.is_active
                and s.expiry_date >= current_date - 30),
           'last_visit_at', m.last_visit_at) order by m.roster_tx, m.id)::text
         from members m where m.business_id = $1 and ($2::int[] is null or m.id = any($2))`,
        [businessId, ids ?? null],
      );
      best = Math.min(best, performance.now() - started);
    }
    return best;
  } finally {
    await client.end();
  }
};

const mb = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const ms = (v) => `${v.toFixed(0)} ms`;
/**
 * Waits until every transaction that started before now has ended on the server of
 * `databaseUrl`. The roster reads only below the oldest transaction still running on the server,
 * and another user of the same server (the API tests in CI, another database) may hold that
 * horizon back for a moment: a delta read at once would rightly leave those changes to the next
 * sync, which is not what this measures.
 */
const settleHorizon = async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = async (what) =>
      BigInt(
        (await client.query(`select pg_snapshot_${what}(pg_current_snapshot())::text as at`))
          .rows[0].at,
      );
    const started = await now('xmax');
    for (let tries = 0; (await now('xmin')) < started; tries++) {
      if (tries > 600) throw new Error('another transaction held the horizon over 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
};

const share = (yardstick, kora) => `${((yardstick / kora) * 100).toFixed(1)} %`;

export const rosterSuite = async (ctx) => {
  const { data, koraUrl } = ctx;
  const owner = data.owners[0];
  const token = await tokenFor(owner);
  const expected = owner.lastMemberId - owner.firstMemberId + 1;
  console.log(`\n-- roster: ${expected.toLocaleString('en')} members of one business`);

  // First download (the server's caches warmed by one page first).
  await getRoster(koraUrl, '/v1/check-in/roster?limit=1', token);
  const full = await syncAll(koraUrl, token, '');
  const perTenThousand = (bytes) => (bytes * 10_000) / Math.max(1, full.members);

  // 100 members changed at the desk's office (names edited), then the delta.
  const step = Math.max(1, Math.floor(expected / CHANGES));
  const changed = [];
  for (let i = 0; i < CHANGES && i * step < expected; i++) {
    const id = owner.firstMemberId + i * step;
    const res = await fetch(`${koraUrl}/v1/member/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: `Changed${i}` }),
    });
    if (res.status !== 200) throw new Error(`PATCH member ${id}: ${res.status}`);
    changed.push(id);
  }
  if (ctx.databaseUrl) await settleHorizon(ctx.databaseUrl);
  const delta = await syncAll(koraUrl, token, full.cursor);

  const problems = [];
  if (full.members !== expected || full.ids.size !== expected)
    problems.push(
      `full download ${full.members} members (${full.ids.size} distinct) ≠ ${expected}`,
    );
  if (delta.members !== changed.length || !changed.every((id) => delta.ids.has(id)))
    problems.push(`delta ${delta.members} members ≠ the ${changed.length} changed`);
  const checks = problems.length ? `CHECKS FAIL: ${problems.join('; ')}` : 'checks pass';

  let fullYardstick;
  let deltaYardstick;
  if (ctx.databaseUrl) {
    fullYardstick = await sqlRoster(ctx.databaseUrl, owner.businessId);
    deltaYardstick = await sqlRoster(ctx.databaseUrl, owner.businessId, changed);
  }
  const label = `${data.businessCount} × ${data.memberCount.toLocaleString('en')}`;
  const row = (route, r, yardstickMs, notes) => ({
    target: ctx.target,
    data: label,
    route,
    rps: '',
    p50: ms(r.ms),
    p95: '',
    p99: '',
    yardstickRps: '',
    yardstickP99: yardstickMs === undefined ? '' : ms(yardstickMs),
    vsYardstick: yardstickMs === undefined ? '' : share(yardstickMs, r.ms),
    ratio: '',
    notes: `${notes}; ${checks}`,
  });
  const rows = [
    row(
      `GET /v1/check-in/roster, first download (${full.members.toLocaleString('en')} members)`,
      full,
      fullYardstick,
      `${full.pages} pages of ${PAGE}; ${mb(full.wire)} compressed, ${mb(full.json)} JSON on the device; ` +
        `per 10,000 members ${mb(perTenThousand(full.wire))} compressed (target ≤ 2 MB), ${mb(perTenThousand(full.json))} JSON`,
    ),
    row(
      `GET /v1/check-in/roster, delta after ${changed.length} changes`,
      delta,
      deltaYardstick,
      `${delta.members} members, ${delta.pages} page(s), ${(delta.wire / 1000).toFixed(1)} kB compressed (target ≤ 1 s)`,
    ),
  ];
  for (const r of rows) console.log(`   ${r.route}: ${r.p50}; ${r.notes}`);
  if (!ctx.smoke) {
    const stamp = `${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}`;
    const table = [
      '| target | data | call | time | yardstick (SQL alone) | yardstick / Kora | notes |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.target} | ${r.data} | ${r.route} | ${r.p50} | ${r.yardstickP99} | ${r.vsYardstick} | ${r.notes} |`,
      ),
    ].join('\n');
    writeFileSync(
      join(ROOT, 'bench/results/roster.md'),
      `# The offline desk's roster (suite \`roster\`)\n\n${stamp}. One business's members ` +
        `downloaded page by page (${PAGE} a page) as a browser asks (\`accept-encoding: br, gzip\`), ` +
        `then the delta after ${CHANGES} members were edited through the API. The yardstick is ` +
        `the same rows read as JSON text by one SQL statement (best of 3), with no HTTP, no ` +
        `paging and no serialiser. Targets: ≤ 2 MB compressed for 10,000 members; the delta ` +
        `of 100 changes ≤ 1 s.\n\n${table}\n`,
    );
  }
  return rows;
};
