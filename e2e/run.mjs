// End-to-end run: the built API (which also serves the built web app) on a free port with a
// fresh data folder, the browser specs against it, then the server stopped by process group.
// Usage: npm run test:e2e (builds first), or node e2e/run.mjs [vitest filters...]; the spec files
// run side by side on this one server (E2E_WORKERS at a time, see e2e/vitest.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER, freePort, spawnServer, waitForHealth } from './server-process.mjs';

const CHROMIUM = '/usr/bin/chromium';
const WEB = join(ROOT, 'apps/web/dist/index.html');

const log = (message) => console.log(`[e2e] ${message}`);

/** Debian's chromium, installed with apt when missing (never downloaded any other way). */
const ensureChromium = () => {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`[e2e] ${CHROMIUM} is missing. Install it: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  log('installing chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
};

/** Stops the server and everything it started: SIGTERM to the group, SIGKILL after 10 s. */
const stop = async (server) => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
};

const main = async () => {
  if (!existsSync(SERVER) || !existsSync(WEB)) {
    console.error('[e2e] Build first: npm run build (or run npm run test:e2e, which builds).');
    process.exit(1);
  }
  ensureChromium();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Paystack is a loopback server the online payment spec starts on this port (Kora's
  // PAYSTACK_BASE_URL points there from the start).
  const paystackPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kora-e2e-data-'));
  log(`server at ${base}, data in ${dataDir}`);
  const server = spawnServer({
    port,
    dataDir,
    env: { PAYSTACK_BASE_URL: `http://127.0.0.1:${paystackPort}` },
  });

  let code = 1;
  const cleanup = async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void cleanup().then(() => process.exit(130)));
  }
  try {
    await waitForHealth(base, server);
    const vitest = spawnSync(
      'npx',
      ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: base, E2E_PAYSTACK_PORT: String(paystackPort) },
      },
    );
    code = vitest.status ?? 1;
  } catch (err) {
    console.error(`[e2e] ${err instanceof Error ? err.message : err}`);
  } finally {
    await cleanup();
  }
  process.exit(code);
};

await main();
