import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/api/dist/server.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * A file's own API server (the built one, serving the built web app), on a port and data folder
 * of its own, so the file may kill it and start it again on the same data and address: what the
 * desk sees when the server dies mid-sync. Started like e2e/run.mjs starts the shared one.
 */
export interface OwnServer {
  base: string;
  /** Kills the server at once (SIGKILL to its process group): no graceful shutdown. */
  kill: () => Promise<void>;
  /** Starts it again on the same port and data folder; resolves once /health answers. */
  start: () => Promise<void>;
  /** Stops it and removes its data folder. */
  close: () => Promise<void>;
}

export const startOwnServer = async (): Promise<OwnServer> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kora-e2e-own-data-'));
  let child: ChildProcess | null = null;

  const start = async () => {
    const server = spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      detached: true, // its own process group, killed as a whole
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development', // /dev/outbox holds the sign-up's verification code
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    child = server;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ok = await fetch(`${base}/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no answer from ${base}/health within 90 s`);
  };

  const signal = async (sig: NodeJS.Signals) => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    try {
      process.kill(-server.pid!, sig);
    } catch {
      return;
    }
    await exited;
  };

  await start();
  return {
    base,
    kill: () => signal('SIGKILL'),
    start,
    close: async () => {
      await signal('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
