import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { blogArticles } from '../../db/schema';

/*
 * `npm run kora -- …` as a person types it at the repository's root, on a data folder of its
 * own: the same configuration and migrations as the server, then the articles in its database.
 * The folder starts as a server's does after its first start: the database this run migrated
 * once (global-setup.ts), so the command's migration finds nothing to do, as it would on a gym's
 * server (a fresh folder is migrated by the server's first start, which the end-to-end flows run).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

const kora = (args: string[], dataDir: string) =>
  new Promise<{ code: number | null; out: string; err: string }>((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'kora', '--', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        // A port nothing listens on: a server running on this machine is not taken for one
        // using this data folder (the command refuses to open a database a server has open).
        PORT: '39',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err: err.replace(/^npm warn .*\n/gm, '') }));
  });

// The command opens its own PGlite data folder whatever TEST_DATABASE_URL says, so the API
// suite's PostgreSQL pass would only run the same thing twice.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run kora', () => {
  it('prints its help, publishes, updates and refuses a bad file without writing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-cli-'));
    const migrated = inject('koraMigrated');
    if (migrated.kind === 'pglite') {
      const seeded = await PGlite.create({
        dataDir: join(dataDir, 'db'),
        loadDataDir: new Blob([readFileSync(migrated.tarball)]),
      });
      await seeded.close();
    }
    const articles = mkdtempSync(join(tmpdir(), 'kora-cli-articles-'));
    const file = (name: string, title: string, body: string) => {
      const path = join(articles, name);
      writeFileSync(path, `---\ntitle: ${title}\nexcerpt: An excerpt long enough.\n---\n${body}\n`);
      return path;
    };

    const help = await kora(['help'], dataDir);
    expect(help.code).toBe(0);
    expect(help.out).toContain('npm run kora -- publish <article.md> [more.md ...]');

    const first = file('first-steps.md', 'First steps', 'Line one\nline two');
    const second = file('second-steps.md', 'Second steps', 'Body');
    const created = await kora(['publish', first, second], dataDir);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out.trim().split('\n')).toEqual([
      'Published: /blog/first-steps (created)',
      'Published: /blog/second-steps (created)',
    ]);

    file('first-steps.md', 'First steps, revised', 'New body');
    const updated = await kora(['publish', first], dataDir);
    expect(updated.code).toBe(0);
    expect(updated.out.trim()).toBe('Published: /blog/first-steps (updated)');

    const bad = file('bad.md', 'B', 'Body');
    const third = file('third-steps.md', 'Third steps', 'Body');
    const refused = await kora(['publish', third, bad], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toContain(`${bad}: title: Title must be at least 2 characters`);
    expect(refused.err).toContain('Nothing was published.');

    const unknown = await kora(['unpublish'], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command: unpublish');

    for (const run of [help, created, updated, refused, unknown])
      expect(run.out + run.err).not.toContain(SECRET);

    // The server's database, as the server would open it.
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const rows = await database.db.select().from(blogArticles).orderBy(asc(blogArticles.id));
      expect(rows.map((r) => [r.slug, r.title, r.contentHtml])).toEqual([
        ['first-steps', 'First steps, revised', '<p>New body</p>'],
        ['second-steps', 'Second steps', '<p>Body</p>'],
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
