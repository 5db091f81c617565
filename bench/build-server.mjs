// The API's source bundled into bench/dist/<name>/ (as apps/api/build.mjs does; bench/dist is
// ignored by git), so a benchmark measures the source of this working tree even when
// apps/api/dist is missing or older, and leaves the folder other work uses alone.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './lib.mjs';

/** Bundles apps/api/src/server.ts into bench/dist/<name>/server.js; answers its path. */
const bundleServer = async (name) => {
  const api = join(ROOT, 'apps/api');
  const out = join(ROOT, 'bench/dist', name);
  const pkg = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8'));
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { server: join(api, 'src/server.ts') },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outdir: out,
    external: [...Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }), 'pg-native'],
    banner: {
      js: "import { createRequire as koraCreateRequire } from 'node:module'; const require = koraCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  cpSync(join(api, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
  cpSync(join(api, 'src/db/functions'), join(out, 'functions'), { recursive: true });
  return join(out, 'server.js');
};

/**
 * The server a benchmark measures: the build BENCH_SERVER names, else this working tree's source
 * bundled into bench/dist/<name>/ (never a stale apps/api/dist).
 */
export const serverToMeasure = async (name) =>
  process.env.BENCH_SERVER ?? (await bundleServer(name));
