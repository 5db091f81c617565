// Does compressing the API's JSON answers pay? Measures, in one run on this machine:
// 1. the member list (a real answer, 10 members a page; and 100 a page) through Kora with
//    HTTP_COMPRESSION on and off: req/s under 50 connections, and bytes per answer;
// 2. what that saves a phone: the bytes not sent, as time on the Lighthouse slow-4G link
//    (1.6 Mbit/s), against the server CPU each compressed answer costs.
// Writes bench/results/compression.md. Usage: npm run build && npm run bench:compression
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { ROOT, generate, load, startKora, stopProcess, tempDir, tokenFor } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const LINK_BYTES_PER_S = 1.6e6 / 8; // Lighthouse's simulated slow 4G

const dataDir = tempDir('kora-compression-');
const data = await generate({ BENCH_DATA_DIR: join(dataDir, 'db') }, [
  '--businesses',
  '1',
  '--members',
  String(MEMBERS),
]);
const owner = data.owners[0];
const token = await tokenFor(owner);

const ROUTES = [
  { label: 'GET /v1/member, 10 a page', path: (p) => `/v1/member?page=${p}` },
  { label: 'GET /v1/member, 100 a page', path: (p) => `/v1/member?page=${p}&per_page=100` },
];

/** One answer's bytes on the wire (not decompressed) and its encoding. */
const sizeAsSent = (url, headers) =>
  new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let sent = 0;
      res.on('data', (chunk) => (sent += chunk.length));
      res.on('end', () => resolve({ sent, encoding: res.headers['content-encoding'] ?? 'none' }));
    }).on('error', reject);
  });

// On and off in turns, twice each: the machine's drift falls on both alike.
const rows = [];
for (const compress of ['on', 'off', 'on', 'off']) {
  const port = 3950 + rows.length;
  // Each server on its own copy of the data: a stopped PGlite leaves nothing half-written behind.
  const runDir = tempDir('kora-compression-run-');
  cpSync(dataDir, runDir, { recursive: true });
  const server = await startKora(port, {
    DATA_DIR: runDir,
    DATABASE_URL: '',
    HTTP_COMPRESSION: compress,
  });
  try {
    for (const route of ROUTES) {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
      const sample = await sizeAsSent(`http://127.0.0.1:${port}${route.path(1)}`, headers);
      let page = 0;
      const r = await load({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: DURATION,
        next: () => ({ method: 'GET', path: route.path((page++ % 5) + 1), headers }),
      });
      rows.push({
        compress,
        route: route.label,
        rps: r.rps,
        p99: r.p99,
        ...sample,
      });
      console.log(rows.at(-1));
    }
  } finally {
    await stopProcess(server);
    rmSync(runDir, { recursive: true, force: true });
  }
}
rmSync(dataDir, { recursive: true, force: true });

const lines = [
  '# Compressing JSON answers',
  '',
  `${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}; PGlite, 1 × ${MEMBERS.toLocaleString('en')} members; ${CONNECTIONS} connections, ${DURATION} s per route; \`npm run bench:compression\`.`,
  '',
  '| route | compression | encoding | bytes sent | req/s | p99 | req/s on / off | slow-4G time saved per answer | server CPU per answer added |',
  '|---|---|---|---|---|---|---|---|---|',
];
const mean = (route, compress) => {
  const runs = rows.filter((r) => r.route === route.label && r.compress === compress);
  return {
    ...runs[0],
    rps: Math.round(runs.reduce((t, r) => t + r.rps, 0) / runs.length),
    p99: Math.max(...runs.map((r) => r.p99)),
  };
};
for (const route of ROUTES) {
  const on = mean(route, 'on');
  const off = mean(route, 'off');
  // CPU per answer: 2 cores' time per answer, compressed minus plain (throughput is CPU-bound).
  const cpuMs = (2000 / on.rps - 2000 / off.rps).toFixed(2);
  const savedMs = (((off.sent - on.sent) / LINK_BYTES_PER_S) * 1000).toFixed(0);
  for (const r of [on, off]) {
    lines.push(
      `| ${r.route} | ${r.compress} | ${r.encoding} | ${r.sent} | ${r.rps} | ${r.p99.toFixed(1)} ms | ${r === on ? (on.rps / off.rps).toFixed(2) : ''} | ${r === on ? `${savedMs} ms` : ''} | ${r === on ? `${cpuMs} ms` : ''} |`,
    );
  }
}
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/compression.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
