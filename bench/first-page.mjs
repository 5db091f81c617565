// What a phone downloads before the back office works, with Debian's Chromium against the built
// app (compressed bytes as sent, by type), in cold starts with an empty browser cache:
//   1. `/login`, signed out, until the sign-in form takes input;
//   2. `/members`, signed in (the session in the browser's storage, as after a sign-in), until
//      the members list shows its rows: every script and stylesheet the first working page of
//      the back office needs.
//   3. a member's profile opened from a link with nothing cached, until it shows the member's
//      name: not a first page (no target), what a desk waits for on a cold start; its requests
//      (about a hundred, most of them small chunks of code) say what a slow link pays.
// The service worker is blocked: it downloads every page's code in the background later, which
// is not what the person waits for. Target: each at most 200 kB compressed.
// Writes bench/results/first-page.md. Usage: npm run build && npm run bench:first-page
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, apiClient, seedOwner, startKora, stopProcess, tempDir } from './lib.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.FIRST_PAGE_PORT ?? 3918);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_KB = 200;

if (!existsSync(join(ROOT, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const api = apiClient(BASE);

/** An owner with a business, a plan and a few paying members: the session's two tokens, and the last member's id. */
const seed = async () => {
  const session = await seedOwner(BASE, {
    email: 'owner@first-page.ng',
    password: 'Kora!First1',
    business_name: 'First Page Gym',
  });
  const plan = await api(
    'POST',
    '/v1/subscription-type',
    { name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' },
    session.access_token,
  );
  let memberId = 0;
  for (let i = 1; i <= 12; i++) {
    const member = await api(
      'POST',
      '/v1/member',
      {
        first_name: `Member${String.fromCharCode(64 + i)}`,
        last_name: 'Obi',
        mobile_number: `080312300${String(i).padStart(2, '0')}`,
        city: 'Lagos Island',
        state: 'Lagos',
      },
      session.access_token,
    );
    memberId = member.id;
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
      session.access_token,
    );
  }
  return { ...session, memberId };
};

/**
 * Opens `path` in a fresh profile (empty cache), runs `ready` until the page works, and answers
 * the compressed bytes received by resource type.
 */
const measure = async (browser, path, ready, session) => {
  const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (session) {
    // The session as a sign-in leaves it; the origin's page is the site's (no back-office code).
    await page.goto('/contact');
    await page.evaluate(({ access_token, refresh_token }) => {
      localStorage.setItem('token', access_token);
      localStorage.setItem('refreshToken', refresh_token);
    }, session);
  }
  const bytes = { script: 0, stylesheet: 0, document: 0, other: 0, headers: 0 };
  const files = [];
  let counting = false;
  page.on('requestfinished', async (request) => {
    if (!counting) return;
    const sizes = await request.sizes().catch(() => null);
    if (!sizes) return;
    const type = request.resourceType();
    const key = type in bytes ? type : 'other';
    bytes[key] += sizes.responseBodySize;
    bytes.headers += sizes.responseHeadersSize;
    files.push({ url: new URL(request.url()).pathname, type, size: sizes.responseBodySize });
  });
  counting = true;
  await page.goto(path);
  await ready(page).catch(async (error) => {
    await page.screenshot({ path: join(tempDir('kora-first-page-shot-'), 'failed.png') }).then(
      () => {},
      () => {},
    );
    console.error(
      (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(-1500),
    );
    throw error;
  });
  // Whatever the working page still loads right after (a lazy part it shows at once).
  await page.waitForLoadState('networkidle');
  counting = false;
  await context.close();
  const appFiles = files.filter((f) => f.type === 'script' || f.type === 'stylesheet');
  return {
    ...bytes,
    code: bytes.script + bytes.stylesheet,
    files: appFiles,
    requests: files.length,
  };
};

const server = await startKora(PORT, {
  NODE_ENV: 'development',
  DATA_DIR: tempDir('kora-first-page-'),
  DATABASE_URL: '',
  APP_URL: BASE,
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});
const rows = [];
try {
  const session = await seed();
  const login = await measure(browser, '/login', (page) =>
    page.getByLabel(/email/i).first().fill('someone@gym.ng'),
  );
  const members = await measure(
    browser,
    '/members',
    (page) =>
      page
        .getByText(/^FPG-000\d\d$/)
        .first()
        .waitFor({ timeout: 30_000 }),
    session,
  );
  // Not a first page (it is opened from the list), but what a desk waits for when it opens a
  // member's profile straight from a link with nothing cached: no target, its requests counted.
  const profile = await measure(
    browser,
    `/members/${session.memberId}`,
    (page) => page.getByRole('heading', { name: 'MemberL Obi' }).waitFor({ timeout: 30_000 }),
    session,
  );
  rows.push(
    { page: '/login (signed out)', ...login, target: true },
    { page: '/members (signed in)', ...members, target: true },
    { page: "a member's profile, opened cold (signed in)", ...profile, target: false },
  );
} finally {
  await browser.close();
  await stopProcess(server);
}

const lines = [
  "# The back office's first working page",
  '',
  `${new Date().toISOString()}, Debian Chromium, the built app served by Kora, cold cache, service worker blocked (\`npm run bench:first-page\`). Bytes of the files as sent (compressed), and the answers' headers apart; everything the page downloads until it works (the sign-in form takes input; the members list shows its rows; the profile shows the member's name). Target: scripts and styles at most ${TARGET_KB} kB.`,
  '',
  '| page | requests | scripts | styles | HTML | headers | scripts + styles | target |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.requests} | ${kb(r.script)} | ${kb(r.stylesheet)} | ${kb(r.document)} | ${kb(r.headers)} | ${kb(r.code)} | ${r.target ? `${r.code <= TARGET_KB * 1024 ? 'met' : 'MISSED'} (≤ ${TARGET_KB} kB)` : '—'} |`,
  ),
  '',
  ...rows.flatMap((r) => [
    `Files of ${r.page}, largest first:`,
    '',
    ...r.files.sort((a, b) => b.size - a.size).map((f) => `- ${f.url}: ${kb(f.size)}`),
    '',
  ]),
];
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/first-page.md'), lines.join('\n'));
console.log(lines.slice(0, 8).join('\n'));
