import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The money trail migration on a database that already has payments: migrated to the state
 * before it, given payments of two businesses (some at the same moment, a desk transfer, a
 * Paystack transfer a team user assigned, an online payment), then migrated on. Each business's
 * payments are numbered from 1 in the order they were recorded, without gaps.
 */

const here = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = join(here, 'migrations');
const BEFORE = '0025_money_trail';

let client: PGlite;
let before: string;

/** A copy of the migrations folder holding those before the money trail only. */
const migrationsBefore = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'kora-before-money-trail-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
};

const rows = async <T>(statement: string) => (await client.query<T>(statement)).rows;

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  before = migrationsBefore();
  await migrate(drizzle(client), { migrationsFolder: before });
  await client.exec(`
    insert into businesses (id, name, code, address, city, state) values
      (1, 'Iron Gym', 'IRON', '1 Allen Avenue', 'Ikeja', 'Lagos'),
      (2, 'Flex Gym', 'FLEX', '2 Awolowo Road', 'Ikoyi', 'Lagos'),
      (3, 'Empty Gym', 'EMPT', '3 Broad Street', 'Lagos Island', 'Lagos');
    insert into users (id, email, first_name, last_name, role, business_id) values
      (1, 'chidi@example.com', 'Chidi', 'Eze', 'staff', 1);
    insert into members (id, business_id, member_number, member_id, first_name, last_name,
      mobile_number, email_address, city, state) values
      (1, 1, 1, 'IRON-00001', 'Ada', 'Obi', '+2348030000001', 'ada@example.com', 'Ikeja', 'Lagos'),
      (2, 2, 1, 'FLEX-00001', 'Bola', 'Ade', '+2348030000002', 'bola@example.com', 'Ikoyi', 'Lagos');
    insert into plans (id, business_id, name, amount_kobo, duration, duration_type) values
      (1, 1, 'Monthly', 2500000, 1, 'month'),
      (2, 2, 'Monthly', 3000000, 1, 'month');
    insert into payments (id, business_id, member_id, subscription_type_id, amount_kobo, duration,
      method, purpose, idempotency_key, recorded_by, created_at, paid_on) values
      -- Iron: ids out of time order; two at the same moment (then by id).
      (10, 1, 1, 1, 2500000, 1, 'Cash', 'Subscription payment', null, 1, '2026-01-05 09:00+01', '2026-01-05'),
      (11, 1, 1, 1, 2500000, 1, 'Transfer', 'Subscription payment', null, 1, '2026-01-03 09:00+01', '2026-01-03'),
      (12, 1, 1, 1, 2500000, 1, 'Card', 'Subscription payment', null, 1, '2026-01-05 09:00+01', '2026-01-05'),
      (13, 1, 1, 1, 2500000, 1, 'Transfer', 'Paid online', 'paystack:kora-1', null, '2026-01-06 09:00+01', '2026-01-06'),
      (14, 1, 1, 1, 2500000, 1, 'Transfer', 'Paid online', 'paystack:kora-2', 1, '2026-01-07 09:00+01', '2026-01-07'),
      -- Flex: numbered from 1 on its own.
      (20, 2, 2, 2, 3000000, 1, 'Cash', 'Subscription payment', null, null, '2026-01-04 09:00+01', '2026-01-04'),
      (21, 2, 2, 2, 3000000, 1, 'Card', 'Subscription payment', null, null, '2026-01-02 09:00+01', '2026-01-02');
  `);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
});

afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('the money trail migration', () => {
  it("numbers each business's payments from 1 in the order they were recorded", async () => {
    const numbered = await rows<{ id: number; receipt_seq: number; receipt_number: string }>(
      'select id, receipt_seq, receipt_number from payments order by business_id, receipt_seq',
    );
    expect(numbered).toEqual([
      { id: 11, receipt_seq: 1, receipt_number: 'IRON-000001' },
      { id: 10, receipt_seq: 2, receipt_number: 'IRON-000002' },
      { id: 12, receipt_seq: 3, receipt_number: 'IRON-000003' },
      { id: 13, receipt_seq: 4, receipt_number: 'IRON-000004' },
      { id: 14, receipt_seq: 5, receipt_number: 'IRON-000005' },
      { id: 21, receipt_seq: 1, receipt_number: 'FLEX-000001' },
      { id: 20, receipt_seq: 2, receipt_number: 'FLEX-000002' },
    ]);
  });

  it('starts each counter at its last number (none for a business without payments)', async () => {
    expect(
      await rows('select business_id, last_seq from receipt_counters order by business_id'),
    ).toEqual([
      { business_id: 1, last_seq: 5 },
      { business_id: 2, last_seq: 2 },
    ]);
  });

  it('gives every payment its own public token of 32 URL-safe characters', async () => {
    const tokens = (
      await rows<{ receipt_token: string }>('select receipt_token from payments')
    ).map((r) => r.receipt_token);
    expect(tokens).toHaveLength(7);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(7);
  });

  it('leaves only the transfers recorded at the desk waiting for confirmation', async () => {
    const confirmed = await rows<{ id: number; confirmed: boolean }>(
      `select id, confirmed_at is not null as confirmed from payments
       where confirmed_at is null or confirmed_at = created_at order by id`,
    );
    expect(confirmed).toEqual([
      { id: 10, confirmed: true },
      { id: 11, confirmed: false },
      { id: 12, confirmed: true },
      { id: 13, confirmed: true },
      { id: 14, confirmed: true },
      { id: 20, confirmed: true },
      { id: 21, confirmed: true },
    ]);
  });

  it('sets nothing voided or refunded, and writes no audit entry for the past', async () => {
    expect(
      await rows(
        `select count(*)::int as n from payments
         where voided_at is not null or voided_by is not null or void_reason is not null
           or refunded_kobo <> 0`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await rows('select count(*)::int as n from audit_entries')).toEqual([{ n: 0 }]);
    expect(await rows('select auto_send_receipts from businesses where id = 1')).toEqual([
      { auto_send_receipts: false },
    ]);
  });
});
