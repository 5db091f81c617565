import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';

/*
 * Kora's command line: `npm run kora -- <command>` from the repository (TypeScript through tsx),
 * or `node apps/api/dist/cli.js <command>` once built. It reads the same configuration as the
 * server (DATA_DIR or DATABASE_URL) and applies the migrations the same way, by building the
 * app (which never listens). It prints no configuration value.
 */

const HELP = `Kora command line

Usage:
  npm run kora -- publish <article.md> [more.md ...]
  npm run kora -- help

Commands:
  publish   Publishes Markdown articles to the blog: each is created, or updated when an
            article with its slug exists (its date of publication is kept). Front matter:
              ---
              title: Keep your members after January
              slug: keep-members-after-january   (default: from the file name)
              excerpt: One or two sentences for the blog's cards.
              thumbnail: /images/blog/keep-members-after-january.svg   (optional)
              ---
            then the article in Markdown. Every file is checked first: if one is wrong,
            nothing is published and the command exits with 1.
  help      Shows this text.

The database is the server's: DATA_DIR (embedded, default ./data) or DATABASE_URL. With the
embedded database, stop the server first: only one process may open it at a time.
`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Whether a Kora server answers on this machine's configured port (PGlite has one writer). */
const serverRunning = async (config: Config): Promise<boolean> => {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
};

const publish = async (files: string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> => {
  if (!files.length) {
    io.err('Name at least one Markdown file: npm run kora -- publish path/to/article.md');
    return 1;
  }
  const config = loadConfig(env);
  if (!config.databaseUrl && (await serverRunning(config))) {
    io.err(
      `A Kora server is running on port ${config.port}. Stop it before publishing: the embedded ` +
        'database can be opened by one process at a time (or use DATABASE_URL).',
    );
    return 1;
  }
  // Paths are read from where the command was typed (npm runs scripts from the repository root).
  const base = env.INIT_CWD ?? process.cwd();
  const paths = files.map((f) => resolve(base, f));
  // The database and the blog are loaded only to publish: help and a mistyped command answer at
  // once. The database is opened and migrated as the server's start does, without the server.
  const [{ databaseOptions, openDatabase }, { PublishError, publishFiles }] = await Promise.all([
    import('./db/client'),
    import('./modules/blog'),
  ]);
  const database = await openDatabase(databaseOptions(config));
  try {
    await database.migrate();
    const results = await publishFiles(database.db, paths);
    for (const { article, created } of results)
      io.out(`Published: /blog/${article.slug} (${created ? 'created' : 'updated'})`);
    return 0;
  } catch (err) {
    if (!(err instanceof PublishError)) throw err;
    for (const { file, issues } of err.problems)
      for (const issue of issues)
        io.err(`${files[paths.indexOf(file)] ?? file}: ${issue.field}: ${issue.message}`);
    io.err('Nothing was published.');
    return 1;
  } finally {
    await database.close();
  }
};

const runCli = async (
  args: string[],
  io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> => {
  const [command, ...rest] = args;
  switch (command) {
    case 'publish':
      return publish(rest, io, env);
    case 'help':
    case '--help':
    case '-h':
      io.out(HELP);
      return 0;
    default:
      if (command) io.err(`Unknown command: ${command}\n`);
      io.err(HELP);
      return 1;
  }
};

runCli(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(
      err instanceof ConfigError ? err.message : `Failed: ${(err as Error)?.message ?? err}`,
    );
    process.exit(1);
  });
