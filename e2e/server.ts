import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, waitForHealth } from './server-process.mjs';

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
    const server = spawnServer({ port, dataDir });
    child = server;
    await waitForHealth(base, server);
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
