import type { ChildProcess } from 'node:child_process';

export declare const ROOT: string;
export declare const SERVER: string;
export declare const freePort: () => Promise<number>;
export declare const spawnServer: (options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}) => ChildProcess;
export declare const waitForHealth: (
  base: string,
  server: ChildProcess,
  timeoutMs?: number,
) => Promise<void>;
