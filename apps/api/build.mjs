// Bundles the API (and @kora/shared, which is TypeScript source) into dist/server.js and the
// command line (`kora publish`) into dist/cli.js; npm packages stay external and load from
// node_modules. Copies the SQL migrations, the SQL functions and the demo blog articles
// (content/blog) beside them.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir: 'dist',
  sourcemap: true,
  external: [...external, 'pg-native'],
  // `require` for the CommonJS packages the bundle loads; the import is renamed, so a module of
  // ours that imports createRequire itself does not declare the name twice.
  banner: {
    js: "import { createRequire as koraCreateRequire } from 'node:module'; const require = koraCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/db/functions', 'dist/functions', { recursive: true });
const demoArticles = new URL('../../content/blog', import.meta.url);
if (existsSync(demoArticles)) cpSync(demoArticles, 'dist/content/blog', { recursive: true });
console.log('api built: dist/server.js, dist/cli.js');
