import { DURATION_TYPES, periodEnd, type DurationType } from '@kora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { rowsOf } from '../../db/payment-days';

/*
 * One rule in one place: a subscription's last day is computed by the database when a payment
 * is recorded (`kora_period_end`, migration 0012) and by `periodEnd` in @kora/shared. Both must
 * agree on every case: each start day of 2027-2029 (2028 is a leap year), each unit, 1 to 25
 * units. Computed by one query on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const FIRST_DAY = '2027-01-01';
const LAST_DAY = '2029-12-31';
const MAX_UNITS = 25;
const DAYS = 365 + 366 + 365;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const sqlPeriodEnd = async (start: string, unit: DurationType, n: number) =>
  rowsOf<{ end: string }>(
    await database.db.execute(
      sql`select to_char(kora_period_end(${start}::date, ${unit}::varchar, ${n}::integer), 'YYYY-MM-DD') as "end"`,
    ),
  )[0]!.end;

describe('kora_period_end (SQL) and periodEnd (TypeScript)', () => {
  it('end a period on the same day for every start day of 2027-2029, unit and 1..25 units', async () => {
    const units = sql.join(
      DURATION_TYPES.map((u) => sql`${u}::varchar`),
      sql`, `,
    );
    const rows = rowsOf<{ start: string; unit: DurationType; n: number; end: string }>(
      await database.db.execute(sql`
        select to_char(d, 'YYYY-MM-DD') as start, u as unit, n,
          to_char(kora_period_end(d::date, u, n), 'YYYY-MM-DD') as "end"
        from generate_series(${FIRST_DAY}::date, ${LAST_DAY}::date, interval '1 day') as d,
          unnest(array[${units}]) as u,
          generate_series(1, ${MAX_UNITS}) as n`),
    );
    expect(rows).toHaveLength(DAYS * DURATION_TYPES.length * MAX_UNITS);
    const differ = rows.filter((r) => periodEnd(r.start, r.unit, Number(r.n)) !== r.end);
    expect(
      differ.slice(0, 20).map((r) => ({ ...r, ts: periodEnd(r.start, r.unit, Number(r.n)) })),
    ).toEqual([]);
    expect(differ).toHaveLength(0);
  });

  it('includes the last day of a shorter month a clamped period ends in', async () => {
    const cases: [string, DurationType, number, string][] = [
      ['2027-01-15', 'month', 1, '2027-02-14'],
      ['2027-01-31', 'month', 1, '2027-02-28'],
      ['2028-01-31', 'month', 1, '2028-02-29'],
      ['2028-02-29', 'year', 1, '2029-02-28'],
      ['2027-03-01', 'month', 1, '2027-03-31'],
      ['2027-03-01', 'day', 1, '2027-03-01'],
      ['2027-03-01', 'week', 2, '2027-03-14'],
    ];
    for (const [start, unit, n, end] of cases) {
      expect(await sqlPeriodEnd(start, unit, n)).toBe(end);
      expect(periodEnd(start, unit, n)).toBe(end);
    }
  });
});
