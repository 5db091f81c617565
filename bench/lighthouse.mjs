// Lighthouse (mobile, its default simulated slow-4G phone) against the built app, with Debian's
// Chromium: the four scores of each public page and of /login, and what each page downloads.
// Writes bench/results/lighthouse.md (and .json). Usage: npm run build && npm run bench:lighthouse
//
// Targets: 100 / 100 / 100 / 100 on /, /blog, an article and /contact; /login performance ≥ 95;
// JavaScript on / ≤ 30 kB compressed; the back office's first load (/login) ≤ 200 kB compressed.
// The member's page (/m/{code}) signed out and signed in: performance ≥ 95, accessibility 100
// (a gym, a plan, a paying member and the member's session cookie are seeded through the API).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  ROOT,
  apiClient,
  outboxCapture,
  seedOwner,
  startKora,
  stopProcess,
  tempDir,
} from './lib.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3917);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const PAGES = [
  { path: '/', target: 'all 100; JS ≤ 30 kB' },
  { path: '/blog', target: 'all 100' },
  { path: '/blog/keep-members-after-january', target: 'all 100' },
  { path: '/contact', target: 'all 100' },
  { path: '/login', target: 'performance ≥ 95; first load ≤ 200 kB' },
  {
    path: '/m/{code}',
    label: '/m/{code} (signed out)',
    target: 'performance ≥ 95; a11y 100; noindex by design',
  },
  {
    path: '/m/{code}',
    label: '/m/{code} (signed in)',
    member: true,
    target: 'performance ≥ 95; a11y 100; noindex by design',
  },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!existsSync(join(ROOT, 'apps/web/dist/server/render.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Bytes over the wire (compressed) by resource type, from the network-requests audit. */
const transferred = (lhr) => {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (type) =>
    items.filter((i) => !type || i.resourceType === type).reduce((t, i) => t + i.transferSize, 0);
  return { total: sum(), script: sum('Script'), css: sum('Stylesheet'), doc: sum('Document') };
};

const dataDir = tempDir('kora-lighthouse-');
// Development mode: the demo articles are published on start (the blog has something to show).
const server = await startKora(PORT, {
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  APP_URL: BASE,
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const api = apiClient(BASE);
const messageTo = (to, pattern) => outboxCapture(BASE, to, pattern);

/**
 * A gym with a plan and a member who paid this month, and that member signed in by code as on
 * the member's page: the business code and the member's cookie (`name=token`).
 */
const seedMember = async () => {
  const { access_token: token } = await seedOwner(BASE, {
    email: 'owner@lighthouse.ng',
    password: 'Kora!Light1',
    business_name: 'Lighthouse Gym',
  });
  const plan = await api(
    'POST',
    '/v1/subscription-type',
    { name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' },
    token,
  );
  const phone = '08031230001';
  const member = await api(
    'POST',
    '/v1/member',
    {
      first_name: 'Ada',
      last_name: 'Obi',
      mobile_number: phone,
      email_address: 'ada@lighthouse.ng',
      city: 'Lagos Island',
      state: 'Lagos',
    },
    token,
  );
  await api(
    'POST',
    '/v1/payment',
    {
      member_id: member.id,
      subscription_type_id: plan.id,
      amount: 25000,
      method: 'Cash',
      duration: 1,
    },
    token,
  );
  const business = await api('GET', '/v1/business/profile', undefined, token);
  const gym = business.business_code ?? business.code;
  await api('POST', `/v1/portal/${gym}/sign-in/code`, { identifier: phone });
  const e164 = `+234${phone.slice(1)}`;
  const signInCode = await messageTo(e164, /(\d{6}) is your/).catch(() =>
    messageTo(phone, /(\d{6}) is your/),
  );
  const signed = await api('POST', `/v1/portal/${gym}/sign-in/verify`, {
    identifier: phone,
    code: signInCode,
  });
  return { gym, cookie: `kora_member_${gym.toLowerCase()}=${signed.token}` };
};

const rows = [];
try {
  const seeded = await seedMember();
  const only = process.env.LIGHTHOUSE_ONLY;
  for (const page of PAGES.filter((p) => !only || (p.label ?? p.path).includes(only))) {
    const runs = [];
    const url = `${BASE}${page.path.replace('{code}', seeded.gym)}`;
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(page.member ? { extraHeaders: { Cookie: seeded.cookie } } : {}),
      });
      runs.push(result.lhr);
    }
    // The run with the median performance score stands for the page (the machine is shared).
    const perf = runs.map((r) => r.categories.performance.score);
    const lhr = runs[perf.indexOf(median(perf))];
    const failing = CATEGORIES.flatMap((c) =>
      lhr.categories[c].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) =>
          a.id === 'errors-in-console'
            ? `${c}: ${a.id} (${(a.details?.items ?? []).map((i) => `${i.source}: ${i.description} ${i.sourceLocation?.url ?? i.url ?? ''}`.trim()).join('; ')})`
            : `${c}: ${a.id}`,
        ),
    );
    rows.push({
      path: page.label ?? page.path,
      target: page.target,
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]),
      ),
      performance_runs: perf.map((p) => Math.round(p * 100)),
      lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: transferred(lhr),
      failing,
    });
    console.log(`${page.path}: ${JSON.stringify(rows.at(-1).scores)}`);
  }
} finally {
  await chrome.kill();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const lines = [
  '# Lighthouse, mobile',
  '',
  `${new Date().toISOString()}, Lighthouse ${lighthouse.version ?? '12'} (default mobile: simulated slow 4G, 4× CPU slowdown), Debian Chromium, the built app served by Kora (\`npm run bench:lighthouse\`). Median performance of ${RUNS} runs per page; sizes are bytes over the wire (compressed).`,
  '',
  '| page | performance | accessibility | best practices | SEO | LCP | FCP | TBT | CLS | JS | CSS | HTML | all | target |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.scores.performance} (${r.performance_runs.join(', ')}) | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcp_ms} ms | ${r.fcp_ms} ms | ${r.tbt_ms} ms | ${r.cls.toFixed(3)} | ${kb(r.bytes.script)} | ${kb(r.bytes.css)} | ${kb(r.bytes.doc)} | ${kb(r.bytes.total)} | ${r.target} |`,
  ),
  '',
  ...rows.filter((r) => r.failing.length).map((r) => `- ${r.path} fails: ${r.failing.join(', ')}`),
];
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/lighthouse.md'), `${lines.join('\n')}\n`);
writeFileSync(join(ROOT, 'bench/results/lighthouse.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log(lines.join('\n'));
