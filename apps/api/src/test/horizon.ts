import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

/**
 * Waits until every transaction that started before now has ended. The desk's roster reads only
 * below the oldest transaction still running on the server, and on a PostgreSQL server shared
 * with other test files (other databases, the same transaction ids) one of theirs may hold that
 * horizon back for a moment: a roster read right after a change would then rightly answer it on
 * the next sync. On PGlite nothing else runs, and this returns at once.
 */
export const settleHorizon = async (t: TestApp) => {
  const now = async (what: 'xmin' | 'xmax') =>
    BigInt(
      (
        (await t.db.execute(
          sql.raw(`select pg_snapshot_${what}(pg_current_snapshot())::text as at`),
        )) as unknown as { rows: { at: string }[] }
      ).rows[0]!.at,
    );
  const started = await now('xmax');
  for (let tries = 0; (await now('xmin')) < started; tries++) {
    if (tries > 300) throw new Error('a transaction of another test held the horizon over 15 s');
    await new Promise((r) => setTimeout(r, 50));
  }
};
