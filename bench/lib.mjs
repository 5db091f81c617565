// Shared pieces of the benchmark runs: processes, databases, tokens, load and percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';

export const ROOT = new URL('..', import.meta.url).pathname;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a TypeScript script of bench/ with tsx; answers the JSON of its last line of output. With
 * `progress`, the script's progress lines (stderr) are shown as it runs.
 */
export const runTsx = (script, args = [], env = {}, { progress = false } = {}) => {
  const res = spawnSync(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'bench', script), ...args],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', progress ? 'inherit' : 'pipe'],
    },
  );
  if (res.status !== 0) {
    throw new Error(
      `${script} failed${progress ? ' (see above)' : `:\n${res.stderr}`}\n${res.stdout}`,
    );
  }
  return JSON.parse(res.stdout.trim().split('\n').pop());
};

/** A signed-in GET that must answer 200: its JSON, its size in bytes and its time in ms. */
const getJson = async (url, token) => {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text), ms };
};

/** Runs the data generator; answers its JSON (owners to sign tokens for). */
export const generate = (env, args) => runTsx('generate.ts', args, env);

/** Starts a node process in its own group and waits for `url` to answer. */
const startProcess = async (args, env, url) => {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`${args.join(' ')} did not answer at ${url}`);
};

export const stopProcess = async (child) => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  await Promise.race([exited, sleep(10_000)]);
};

/** A build to measure named by BENCH_SERVER; otherwise each benchmark bundles the source. */
const KORA_SERVER = process.env.BENCH_SERVER;

/** The API's build (`npm run build`): the pages' benchmarks need the web app it serves too. */
const BUILT_SERVER = join(ROOT, 'apps/api/dist/server.js');

/** Another build to measure beside it, in turns (suite `compare`): BENCH_BASELINE_SERVER. */
export const BASELINE_SERVER = process.env.BENCH_BASELINE_SERVER;

export const startKora = (port, env, server = KORA_SERVER ?? BUILT_SERVER) =>
  startProcess(
    [server],
    {
      NODE_ENV: 'production',
      JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    `http://127.0.0.1:${port}/health`,
  );

/**
 * The yardstick of the hot routes (yardstick-server.mjs): the same work as Kora's routes with the
 * best SQL we can write, on Kora's database (`env.DATABASE_URL`; PostgreSQL only).
 */
export const startYardstick = (port, env) =>
  startProcess(
    [join(ROOT, 'bench/yardstick-server.mjs')],
    { JWT_SECRET, PORT: String(port), ...env },
    `http://127.0.0.1:${port}/health`,
  );

export const startBare = (port) =>
  startProcess(
    [join(ROOT, 'bench/bare-server.mjs')],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/bare`,
  );

export const tokenFor = (owner) =>
  new SignJWT({
    email: owner.email,
    first_name: 'Bench',
    last_name: 'Owner',
    role: 'owner',
    business_id: owner.businessId,
    typ: 'access',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(owner.userId))
    .setIssuer('kora')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));

/** A fresh PostgreSQL database for one run; dropped by the answer's drop(). */
export const createPgDatabase = async (adminUrl) => {
  const name = `kora_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};

export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), prefix));

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Requests a connection sends in a load shorter than a second (the smoke run's). */
const SHORT_LOAD_REQUESTS = 20;

/**
 * Load on one route for `duration` seconds with `connections` connections. `next()` answers the
 * next request's { method, path, headers, body }. Answers req/s and latency percentiles (ms),
 * computed from every response's own time, plus status counts. autocannon counts time in whole
 * seconds, so a load under a second (the smoke run's) is a fixed number of requests instead, its
 * req/s over the time it took.
 */
export const load = async ({ url, connections, duration, next, amount }) => {
  const times = [];
  const statuses = {};
  // `amount`: exactly that many requests, however long they take.
  const short = amount !== undefined || duration < 1;
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    ...(short ? { amount: amount ?? connections * SHORT_LOAD_REQUESTS } : { duration }),
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const seconds = short ? (performance.now() - started) / 1000 : duration;
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    statuses,
    errors: result.errors + result.timeouts,
  };
};

export const fmtMs = (v) => `${v.toFixed(1)} ms`;

/** What a run's data is, for the table: `10 × 100,000`. */
const dataLabel = (data) => `${data.businessCount} × ${data.memberCount.toLocaleString('en')}`;

/** A load's answers by status: `200×1234 429×2`. */
export const statusCounts = (statuses) =>
  Object.entries(statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');

const percentOf = (part, whole) => `${((part / whole) * 100).toFixed(1)} %`;

/**
 * A table row for a route measured under load: its figures; beside them the yardstick's
 * (`yardstick`: the same requests to yardstick-server.mjs, measured right after) and Kora's
 * throughput as a share of it; its ratio to the bare route when `bare` (measured in the same run)
 * is given; then the notes and the statuses.
 */
export const routeRow = ({ target, data }, route, r, { bare, yardstick, notes } = {}) => ({
  target,
  data: dataLabel(data),
  route,
  rps: r.rps,
  p50: fmtMs(r.p50),
  p95: fmtMs(r.p95),
  p99: fmtMs(r.p99),
  yardstickRps: yardstick ? yardstick.rps : '',
  yardstickP99: yardstick ? fmtMs(yardstick.p99) : '',
  vsYardstick: yardstick ? percentOf(r.rps, yardstick.rps) : '',
  ratio: bare ? percentOf(r.rps, bare.rps) : '',
  notes: [
    notes,
    r.statuses && statusCounts(r.statuses),
    yardstick?.statuses && `yardstick ${statusCounts(yardstick.statuses)}`,
  ]
    .filter(Boolean)
    .join('; '),
});

/** The columns of the results table, in order: [heading, row field]. */
const TABLE_COLUMNS = [
  ['target', 'target'],
  ['data', 'data'],
  ['route', 'route'],
  ['req/s', 'rps'],
  ['p50', 'p50'],
  ['p95', 'p95'],
  ['p99', 'p99'],
  ['yardstick req/s', 'yardstickRps'],
  ['yardstick p99', 'yardstickP99'],
  ['Kora / yardstick', 'vsYardstick'],
  ['ratio to bare', 'ratio'],
  ['notes', 'notes'],
];

/** Rows of routeRow as a Markdown table. */
export const markdownTable = (rows) =>
  [
    `| ${TABLE_COLUMNS.map(([heading]) => heading).join(' | ')} |`,
    `|${TABLE_COLUMNS.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${TABLE_COLUMNS.map(([, field]) => r[field] ?? '').join(' | ')} |`),
  ].join('\n');

/**
 * Where two parsed JSON answers first differ (values, keys and the keys' order), as
 * `path: a ≠ b`; undefined when they are the same.
 */
export const firstDifference = (a, b, path = '$') => {
  const show = (v) => {
    const text = JSON.stringify(v);
    return text === undefined ? 'undefined' : text.length > 120 ? `${text.slice(0, 120)}…` : text;
  };
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${path}: ${show(a)} ≠ ${show(b)}`;
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
      if (ka[i] !== kb[i])
        return `${path}: key #${i + 1} is ${show(ka[i])} ≠ ${show(kb[i])} (keys ${ka.join(',')} ≠ ${kb.join(',')})`;
      const d = firstDifference(a[ka[i]], b[kb[i]], `${path}.${ka[i]}`);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${path}: ${show(a)} ≠ ${show(b)}`;
};

/** A GET under load for the run's duration; `path()` and `headers()` answer each request's. */
export const loadGet = (ctx, url, path, headers = () => ({}), connections = ctx.connections) =>
  load({
    url,
    connections,
    duration: ctx.duration,
    next: () => ({ method: 'GET', path: path(), headers: headers() }),
  });

/**
 * The dashboard suites' measure: Kora (`server` on `ports.kora`, on the PostgreSQL database at
 * `databaseUrl`) and the bare route (on `ports.bare`) side by side, both stopped once `body` is
 * done (or failed); each load lasts `duration` s, through `measure(child, load)` when given (the
 * server answering, e.g. for its CPU). The business measured: `owner`'s, of `memberCount`
 * members (`label` in the rows). `body` gets the first answer of each of `routes` after the start
 * (`first` its time, `answers` its JSON, `bytes` its size), `warmUp()` (each route `warmUps` times
 * more) and `measureRoutes(loads)`: each load `{ route, path, connections, notes }` measured
 * signed in as the owner after the bare route at its connections; answers the table's rows, each
 * connection count's bare route first.
 */
export const besideBare = async (
  { server, databaseUrl, ports, duration, measure = (_child, l) => l() },
  { owner, memberCount, label, routes, warmUps = 20 },
  body,
) => {
  const ctx = {
    target: 'postgres',
    data: { businessCount: 1, memberCount },
    duration,
    connections: 1,
  };
  let kora;
  let bare;
  try {
    kora = await startKora(ports.kora, { DATABASE_URL: databaseUrl }, server);
    bare = await startBare(ports.bare);
    const koraUrl = `http://127.0.0.1:${ports.kora}`;
    const bareUrl = `http://127.0.0.1:${ports.bare}`;
    const token = await tokenFor(owner);
    const first = {};
    const answers = {};
    const bytes = {};
    for (const [name, path] of Object.entries(routes)) {
      const r = await getJson(koraUrl + path, token);
      first[name] = r.ms;
      answers[name] = r.body;
      bytes[name] = r.bytes;
    }
    const warmUp = async () => {
      for (const path of Object.values(routes))
        for (let i = 0; i < warmUps; i++) await getJson(koraUrl + path, token);
    };
    const run = (what, child, url, path, connections, headers) => {
      console.log(`   ${what}…`);
      return measure(child, () =>
        loadGet({ ...ctx, connections }, url, () => path, headers, connections),
      );
    };
    const measureRoutes = async (loads) => {
      const rows = [];
      for (const connections of new Set(loads.map((l) => l.connections))) {
        const per = `${connections} connection${connections === 1 ? '' : 's'}`;
        const yardstick = await run(
          `bare route, ${per}`,
          bare,
          bareUrl,
          '/bare',
          connections,
          () => ({}),
        );
        const row = (route, r, notes) => ({
          ...routeRow(ctx, route, r, {
            bare: yardstick,
            notes: [notes, r.cpu].filter(Boolean).join('; '),
          }),
          data: label,
        });
        rows.push(
          row(
            `bare Fastify route, ${per}`,
            yardstick,
            `yardstick for the ${connections}-connection rows`,
          ),
        );
        for (const load of loads.filter((l) => l.connections === connections)) {
          const r = await run(load.route, kora, koraUrl, load.path, connections, () => ({
            authorization: `Bearer ${token}`,
          }));
          rows.push(row(load.route, r, load.notes));
        }
      }
      return rows;
    };
    return await body({ first, answers, bytes, warmUp, measureRoutes });
  } finally {
    await stopProcess(kora);
    await stopProcess(bare);
  }
};

/**
 * JSON calls to a running Kora at `base`, as the web app makes them: `api(method, path, body?,
 * token?)` answers the answer's `data` and throws on an error status.
 */
export const apiClient = (base) => async (method, path, body, token) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
};

/** The first capture of `pattern` in the newest development-outbox message to `to` (20 s at most). */
export const outboxCapture = async (base, to, pattern) => {
  for (let i = 0; i < 80; i++) {
    const { data } = await (await fetch(`${base}/dev/outbox`)).json();
    for (const m of data) {
      const match = m.to === to ? pattern.exec(m.text ?? '') : null;
      if (match) return match[1];
    }
    await sleep(250);
  }
  throw new Error(`no message to ${to} matching ${pattern}`);
};

/**
 * A verified owner who set up `business_name` (in Lagos) on a Kora started in development mode
 * (the outbox holds the verification code): answers the owner's session, its token carrying
 * the business.
 */
export const seedOwner = async (base, { email, password, business_name }) => {
  const api = apiClient(base);
  const owner = { first_name: 'Bola', last_name: 'Ade', email, phone_number: '08030000001' };
  await api('POST', '/v1/auth/register', { ...owner, password });
  const code = await outboxCapture(base, email, /verification code is (\d{7})/);
  await api('POST', '/v1/auth/verify-email/validate', { email, code, password });
  const login = await api('POST', '/v1/auth/login', { email, password, remember_me: true });
  await api(
    'POST',
    '/v1/business',
    { business_name, address: '1 Marina', city: 'Lagos Island', state: 'Lagos' },
    login.access_token,
  );
  return api('POST', '/v1/auth/refresh', { token: login.refresh_token });
};
