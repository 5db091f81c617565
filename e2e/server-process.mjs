// The built API server (which also serves the built web app) as the end-to-end runs start it:
// e2e/run.mjs the one all spec files share, e2e/server.ts a file's own; the kill -9 fault test
// takes its free port from here too. Plain ESM, so run.mjs runs with node alone.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER = join(ROOT, 'apps/api/dist/server.js');

/** A port nothing listens on now (the system's choice). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Starts the built server on `port` with its data in `dataDir` (PGlite, the outbox for mail, limits
 * high enough for many sign-ups), in its own process group so that it is stopped as a whole;
 * `env` adds to or overrides that environment.
 */
export const spawnServer = ({ port, dataDir, env = {} }) =>
  spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development', // /dev/outbox is where the tests read e-mails and codes
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });

/** Resolves once `base`/health answers; throws when `server` exits first or after the timeout. */
export const waitForHealth = async (base, server, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/health`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${base}/health within ${timeoutMs / 1000} s`);
};
