// Bulk e-mail delivery, end to end (see bench/README.md, "Bulk e-mail delivery"):
//   node bench/comms-delivery.mjs [--target postgres|pglite|both] [--instances 1,2,4]
//                                 [--members 10000] [--yardstick-messages 2000] [--timeout 600]
// The member count is also read from BENCH_COMMS_MEMBERS (the flag wins).
//
// One business of M active members, each with an e-mail address (bench/generate.ts, set-based
// SQL), and a loopback SMTP server in this process that counts every message it receives by
// recipient. For each target and instance count: a fresh database, K Kora servers started on it
// (the built server, SMTP_URL pointing at the loopback server, each with its own MAIL_FROM so the
// envelope says which instance delivered), one e-mail POSTed to `all_members` on the first, and
// GET /v1/comms/:id polled until the message is SENT. Measured: the time from the POST to SENT,
// deliveries per second over it, and every member's count of e-mails (0 lost, 0 doubled), then
// the outbox read back (statuses, attempts).
//
// The yardstick, in the same run, before and after: the same loopback server receiving N messages
// sent directly with nodemailer over one pooled connection, no database, no Kora. Kora's
// deliveries/s are reported as a ratio to it. PGlite is one process's database: a second server
// cannot open its folder, so PGlite runs one instance; several instances share PostgreSQL.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { serverToMeasure } from './build-server.mjs';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import {
  ROOT,
  createPgDatabase,
  generate,
  sleep,
  startKora,
  stopProcess,
  tempDir,
  tokenFor,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'postgres' },
    instances: { type: 'string', default: '1,2,4' },
    members: { type: 'string', default: process.env.BENCH_COMMS_MEMBERS ?? '10000' },
    'yardstick-messages': { type: 'string' },
    timeout: { type: 'string', default: '600' },
  },
});
const memberCount = Number(values.members);
const yardstickCount = Number(values['yardstick-messages'] ?? Math.min(memberCount, 2000));
const instanceCounts = values.instances.split(',').map(Number);
const timeoutMs = Number(values.timeout) * 1000;
const targets = values.target === 'both' ? ['postgres', 'pglite'] : [values.target];
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://kora:kora@127.0.0.1:5432/kora_test';
const BASE_PORT = 3920;

/** The e-mail the generator gives member i of business 1. */
const memberAddress = (i) => `member${i}.b1@example.com`;

/**
 * The server measured: BENCH_SERVER, or the API's source bundled into bench/dist/ (as
 * apps/api/build.mjs does, ignored by git), so a stale or missing apps/api/dist is not measured
 * and the folder other work uses is left alone.
 */
const buildServer = () => serverToMeasure('comms-api');

/**
 * An SMTP server on 127.0.0.1 that takes every message and counts it by recipient, and by
 * envelope sender (which Kora instance sent it). No parsing and no storing of the bodies.
 */
const startCountingSmtp = async () => {
  const state = { byRecipient: new Map(), bySender: new Map(), messages: 0, bytes: 0 };
  state.first = undefined;
  state.last = undefined;
  const reset = () => {
    state.byRecipient = new Map();
    state.bySender = new Map();
    state.messages = 0;
    state.bytes = 0;
    state.first = undefined;
    state.last = undefined;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let size = 0;
      stream.on('data', (chunk) => (size += chunk.length));
      stream.on('end', () => {
        const now = performance.now();
        state.first ??= now;
        state.last = now;
        state.messages++;
        state.bytes += size;
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        state.bySender.set(sender, (state.bySender.get(sender) ?? 0) + 1);
        for (const r of session.envelope.rcptTo) {
          const to = r.address.toLowerCase();
          state.byRecipient.set(to, (state.byRecipient.get(to) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.server.address().port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    state,
    reset,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/** A message like the one Kora sends: a subject, a text part and an HTML part of similar size. */
const YARDSTICK_HTML = `<p>Hello Ada,</p><p>${'The gym opens at 6 am on Saturday for the new '.repeat(6)}</p><p>Bench Gym 1</p>`;

const mail = (i) => ({
  from: 'Yardstick <yardstick@bench.kora>',
  to: `yardstick${i}@example.com`,
  subject: 'A message from Bench Gym 1',
  text: YARDSTICK_HTML.replace(/<[^>]+>/g, '\n'),
  html: YARDSTICK_HTML,
});

/**
 * The yardstick: `count` messages through nodemailer over one pooled connection, one at a time,
 * no database. Its socket has Nagle's algorithm off: with it on, each message waits out the
 * peer's delayed ACK (about 40 ms on Linux), and the yardstick would measure a timer rather
 * than the machine.
 */
const yardstick = async (smtp, count) => {
  smtp.reset();
  const transporter = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 1,
    maxMessages: Infinity,
    getSocket: (_options, callback) => {
      const socket = net.connect(smtp.port, '127.0.0.1', () =>
        callback(null, { connection: socket }),
      );
      socket.setNoDelay(true);
      socket.once('error', callback);
    },
  });
  const started = performance.now();
  for (let i = 1; i <= count; i++) await transporter.sendMail(mail(i));
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  return {
    seconds,
    perSecond: count / seconds,
    lost: count - smtp.state.messages,
    bytes: smtp.state.bytes / Math.max(1, smtp.state.messages),
  };
};

/**
 * A reference, no database either: nodemailer as Kora's smtpTransport uses it
 * (`createTransport(SMTP_URL)`: a new connection and SMTP session for each message), 50 messages
 * at a time, as the dispatcher sends a claimed batch of 50.
 */
const perMessageSessions = async (smtp, count) => {
  smtp.reset();
  const transporter = nodemailer.createTransport(smtp.url);
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next <= count) await transporter.sendMail(mail(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  return { seconds, perSecond: count / seconds, lost: count - smtp.state.messages };
};

/** JSON over fetch, with the owner's token. */
const call = async (url, token, init = {}) => {
  const res = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const body = await res.json().catch(() => undefined);
  return { status: res.status, body };
};

/** The outbox rows of the message, read back: statuses and attempts. */
const readOutbox = async (target, access, ref) => {
  const text = `select status, count(*)::int as n, max(attempts)::int as max_attempts,
    sum(attempts)::int as attempts from outbox where ref = $1 group by status`;
  if (target === 'postgres') {
    const client = new pg.Client({ connectionString: access.url });
    await client.connect();
    try {
      return (await client.query(text, [ref])).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import(join(ROOT, 'node_modules/@electric-sql/pglite/dist/index.js'));
  const { pg_trgm } = await import(
    join(ROOT, 'node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js')
  );
  const db = await PGlite.create({ dataDir: access.dataDir, extensions: { pg_trgm } });
  try {
    return (await db.query(text, [ref])).rows;
  } finally {
    await db.close();
  }
};

/** One measured send: fresh database, `instances` servers, one e-mail to all members. */
const measure = async (server, smtp, target, instances) => {
  let access;
  let env;
  let cleanup = async () => {};
  if (target === 'postgres') {
    const db = await createPgDatabase(pgAdminUrl);
    access = { url: db.url };
    env = { DATABASE_URL: db.url, DATABASE_POOL_MAX: '10' };
    cleanup = db.drop;
  } else {
    const dir = tempDir('kora-bench-comms-');
    access = { dataDir: join(dir, 'db') };
    env = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const servers = [];
  try {
    const data = generate(
      target === 'postgres'
        ? { BENCH_DATABASE_URL: access.url }
        : { BENCH_DATA_DIR: access.dataDir },
      ['--businesses', '1', '--members', String(memberCount)],
    );
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startKora(
          BASE_PORT + i,
          {
            ...env,
            SMTP_URL: smtp.url,
            MAIL_FROM: `Kora ${i + 1} <instance${i + 1}@bench.kora>`,
          },
          server,
        ),
      );
    }
    const url = `http://127.0.0.1:${BASE_PORT}`;
    const token = await tokenFor(data.owners[0]);
    smtp.reset();
    console.log(`   ${target}, ${instances} instance(s): sending to ${memberCount} members…`);

    const started = performance.now();
    const created = await call(`${url}/v1/comms`, token, {
      method: 'POST',
      body: JSON.stringify({
        group: 'all_members',
        channel: 'email',
        message:
          '<p>Hello {first_name},</p><p>The gym opens at 6 am on Saturday for the new morning ' +
          'class. Bring water and a towel; the first session is free for members.</p>' +
          '<p>{business_name}</p>',
      }),
    });
    const answered = performance.now();
    if (created.status !== 201) throw new Error(`POST /v1/comms answered ${created.status}`);
    const id = created.body.data.id;
    let message = created.body.data;
    let polls = 0;
    while (message.status === 'SENDING' && performance.now() - started < timeoutMs) {
      await sleep(100);
      const got = await call(`${url}/v1/comms/${id}`, token);
      polls++;
      if (got.status === 200) message = got.body.data;
    }
    const done = performance.now();
    // Anything still arriving after SENT would be a double: wait a moment before counting.
    await sleep(1000);
    const counts = smtp.state.byRecipient;
    let lost = 0;
    let doubled = 0;
    let extra = 0;
    for (let i = 1; i <= memberCount; i++) {
      const n = counts.get(memberAddress(i)) ?? 0;
      if (n === 0) lost++;
      if (n > 1) {
        doubled++;
        extra += n - 1;
      }
    }
    let strays = 0;
    for (const [to, n] of counts) if (!/^member\d+\.b1@example\.com$/.test(to)) strays += n;
    const receivedMs = (smtp.state.last ?? done) - (smtp.state.first ?? started);
    const bySender = [...smtp.state.bySender.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, n]) => n);
    const bytes = smtp.state.bytes / Math.max(1, smtp.state.messages);
    const received = smtp.state.messages;

    // PGlite's folder is held by the server: stop the servers before reading it.
    for (const s of servers.splice(0)) await stopProcess(s);
    const outbox = await readOutbox(target, access, `comms:${id}`);
    const seconds = (done - started) / 1000;
    const result = {
      target,
      instances,
      members: memberCount,
      status: message.status,
      recipients: message.recipients,
      delivered: message.delivered,
      failed: message.failed,
      postMs: answered - started,
      firstMs: (smtp.state.first ?? done) - started,
      lastMs: (smtp.state.last ?? done) - started,
      seconds,
      perSecond: message.delivered / seconds,
      receivingPerSecond: received / Math.max(0.001, receivedMs / 1000),
      received,
      lost,
      doubled,
      extra,
      strays,
      bySender,
      bytes,
      polls,
      outbox,
    };
    console.log(
      `   ${message.status} in ${seconds.toFixed(1)} s (POST answered in ${(result.postMs / 1000).toFixed(1)} s): ${result.perSecond.toFixed(0)} deliveries/s; received ${received}, lost ${lost}, doubled ${doubled}, by instance ${bySender.join('/')}`,
    );
    return result;
  } finally {
    for (const s of servers) await stopProcess(s);
    await cleanup();
  }
};

const server = await buildServer();
const smtp = await startCountingSmtp();
const results = [];
let before;
let sessions;
let after;
try {
  console.log(`== yardstick: ${yardstickCount} messages, nodemailer, one connection, no database`);
  before = await yardstick(smtp, yardstickCount);
  console.log(`   ${before.perSecond.toFixed(0)} messages/s (${before.seconds.toFixed(1)} s)`);
  console.log(`== reference: the same, a new SMTP session per message, 50 at a time, no database`);
  sessions = await perMessageSessions(smtp, yardstickCount);
  console.log(`   ${sessions.perSecond.toFixed(0)} messages/s (${sessions.seconds.toFixed(1)} s)`);
  for (const target of targets) {
    console.log(`\n== ${target}: 1 business × ${memberCount.toLocaleString('en')} members`);
    const counts = target === 'pglite' ? [1] : instanceCounts;
    for (const instances of counts) results.push(await measure(server, smtp, target, instances));
  }
  console.log(`\n== yardstick again`);
  after = await yardstick(smtp, yardstickCount);
  console.log(`   ${after.perSecond.toFixed(0)} messages/s (${after.seconds.toFixed(1)} s)`);
} finally {
  await smtp.close();
}

const yardstickRate = (before.perSecond + after.perSecond) / 2;
const pct = (v) => `${(v * 100).toFixed(1)} %`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = [
  `| yardstick: nodemailer → loopback SMTP, 1 connection, no database | – | ${yardstickCount} | – | ${s(before.seconds * 1000)} / ${s(after.seconds * 1000)} | ${before.perSecond.toFixed(0)} / ${after.perSecond.toFixed(0)} (before / after) | 100 % | lost ${before.lost + after.lost} | ${Math.round(before.bytes)} B a message |`,
  `| reference: nodemailer → loopback SMTP as Kora sends (a new SMTP session per message), 50 at a time, no database | – | ${yardstickCount} | – | ${s(sessions.seconds * 1000)} | ${sessions.perSecond.toFixed(0)} | ${pct(sessions.perSecond / yardstickRate)} | lost ${sessions.lost} | |`,
  ...results.map(
    (r) =>
      `| Kora ${r.target}, ${r.instances} instance${r.instances > 1 ? 's' : ''} | ${s(r.postMs)} | ${r.delivered} of ${r.recipients} | ${r.status} | ${s(r.seconds * 1000)} (first ${s(r.firstMs)}, last ${s(r.lastMs)}) | ${r.perSecond.toFixed(0)} | ${pct(r.perSecond / yardstickRate)} | received ${r.received}, lost ${r.lost}, doubled ${r.doubled} (extra ${r.extra}), strays ${r.strays} | by instance ${r.bySender.join(' / ')}; ${Math.round(r.bytes)} B a message; outbox ${r.outbox
        .map((o) => `${o.status} ${o.n} (attempts ≤ ${o.max_attempts})`)
        .join(', ')} |`,
  ),
];
const table = [
  '| run | POST answered | deliveries | status | POST → SENT | deliveries/s | ratio to yardstick | checks | notes |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
const ok = results.every(
  (r) =>
    r.status === 'SENT' &&
    r.lost === 0 &&
    r.doubled === 0 &&
    r.strays === 0 &&
    r.delivered === memberCount,
);
console.log(`\n${table}\n\n${ok ? 'CHECKS PASS' : 'CHECKS FAIL'}: every member one e-mail`);
/** What was built: the commit, and whether the API's source differed from it. */
const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
const source = process.env.BENCH_SERVER
  ? process.env.BENCH_SERVER
  : `API source at ${git('rev-parse', '--short', 'HEAD')}${
      git('status', '--porcelain', '--', 'apps/api/src', 'packages/shared/src')
        ? ' with uncommitted changes'
        : ''
    }`;
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/comms-delivery.md'),
  `# Last bulk e-mail delivery run\n\n${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, ${memberCount} members, ${source}, ${ok ? 'CHECKS PASS' : 'CHECKS FAIL'}.\n\n${table}\n`,
);
if (!ok) process.exitCode = 1;
