import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from './database';

/*
 * The API tests' PGlite servers are put back in the migrated state when a file closes its
 * database, and handed to the next file (pglite-spares.ts). What the next file gets must be
 * indistinguishable from a freshly loaded database.
 */

const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

/** The next transaction id: a reused server's is ahead of a freshly loaded one's. */
const nextXid = (database: Database) =>
  one<{ xid: string }>(database, sql`select pg_current_xact_id()::text as xid`).then((r) =>
    Number(r.xid),
  );

const addOwner = (database: Database, email: string) =>
  one<{ id: number }>(
    database,
    sql`insert into users (email, first_name, last_name) values (${email}, 'Ada', 'Obi')
        returning id`,
  );

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a PGlite server handed to the next file', () => {
  it('is emptied, its ids restart and the migrations’ rows are back, as freshly loaded', async () => {
    const fresh = await openTestDatabase();
    const first = await addOwner(fresh, 'ada@iron.test');
    const closedThrough = await one<{ d: string }>(
      fresh,
      sql`select closed_through::text as d from payment_rollup_state`,
    );
    await fresh.close();

    const used = await openTestDatabase();
    await addOwner(used, 'ada@iron.test');
    await addOwner(used, 'bola@iron.test');
    await used.db.execute(sql`update payment_rollup_state set closed_through = '2001-01-01'`);
    // The audit trail refuses TRUNCATE to everyone else.
    await used.db.execute(
      sql`insert into audit_entries (business_id, actor_kind, action, record_kind)
          values (1, 'system', 'member.update', 'member')`,
    );
    const usedXid = await nextXid(used);
    await used.close();

    const next = await openTestDatabase();
    try {
      // The same server, put back: its transaction ids went on.
      expect(await nextXid(next)).toBeGreaterThan(usedXid);
      expect(await one(next, sql`select count(*)::int as n from users`)).toEqual({ n: 0 });
      expect(await one(next, sql`select count(*)::int as n from audit_entries`)).toEqual({ n: 0 });
      expect(
        await one(next, sql`select closed_through::text as d from payment_rollup_state`),
      ).toEqual(closedThrough);
      expect(await addOwner(next, 'chi@iron.test')).toEqual(first);
    } finally {
      await next.close();
    }
  });

  it('a closed database answers as a closed server does, while the server serves another', async () => {
    const closed = await openTestDatabase();
    await closed.close();
    const other = await openTestDatabase();
    try {
      await expect(closed.ping()).rejects.toThrow('PGlite is closed');
      await expect(closed.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: 'PGlite is closed' },
      });
      await other.ping();
    } finally {
      await other.close();
    }
  });

  it('one whose schema a test changed is closed, and the next file loads afresh', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`alter table users add constraint kora_left_behind check (id > 0)`);
    const changedXid = await nextXid(changed);
    await changed.close();

    const next = await openTestDatabase();
    try {
      expect(await nextXid(next)).toBeLessThan(changedXid);
      expect(
        await one(
          next,
          sql`select count(*)::int as n from pg_constraint where conname = 'kora_left_behind'`,
        ),
      ).toEqual({ n: 0 });
    } finally {
      await next.close();
    }
  });
});
