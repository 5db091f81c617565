import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import { auditEntries, businesses, users } from './schema';

/*
 * The audit trail is refused any change by the database itself (the trigger of
 * functions/audit_entries_immutable.sql), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
 * where the API's role has no right to change it in the first place (db/privileges.ts).
 */

const REFUSED =
  /audit entries cannot be changed or removed|permission denied for table audit_entries/;

let database: Database;
let businessId: number;
let userId: number;

const entries = async () =>
  database.db.select().from(auditEntries).where(eq(auditEntries.businessId, businessId));

/** The error the database raised, with its cause's message (drivers wrap it differently). */
const failure = async (run: () => Promise<unknown>): Promise<string> => {
  try {
    await run();
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
};

beforeAll(async () => {
  database = await openTestDatabase();
  const [business] = await database.db
    .insert(businesses)
    .values({ name: 'Trail Gym', code: 'TRAIL', address: '1 Road', city: 'Ikeja', state: 'Lagos' })
    .returning({ id: businesses.id });
  businessId = business!.id;
  const [user] = await database.db
    .insert(users)
    .values({
      email: 'invitee@example.com',
      firstName: 'Bola',
      lastName: 'Ade',
      businessId,
      role: 'staff',
      isActive: false,
    })
    .returning({ id: users.id });
  userId = user!.id;
  await database.db.insert(auditEntries).values([
    {
      businessId,
      actorKind: 'user',
      actorUserId: userId,
      actorName: 'Bola Ade',
      actorRole: 'staff',
      action: 'payment.record',
      recordKind: 'payment',
      recordLabel: 'TRAIL-000001',
      detail: { amount_kobo: 2_500_000 },
    },
    { businessId, actorKind: 'system', action: 'member.update', recordKind: 'member' },
  ]);
});

afterAll(() => database?.close());

describe('the audit trail in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and keeps every entry as written', async () => {
    const written = await entries();
    expect(written).toHaveLength(2);
    const attempts: [string, () => Promise<unknown>][] = [
      ['update', () => database.db.update(auditEntries).set({ recordLabel: 'forged' })],
      [
        'update of one entry',
        () =>
          database.db.execute(
            sql`update audit_entries set detail = '{}' where business_id = ${businessId}`,
          ),
      ],
      [
        'delete',
        () => database.db.delete(auditEntries).where(eq(auditEntries.businessId, businessId)),
      ],
      ['truncate', () => database.db.execute(sql`truncate audit_entries`)],
      ['truncate cascade', () => database.db.execute(sql`truncate audit_entries cascade`)],
    ];
    for (const [what, run] of attempts) expect(await failure(run), what).toMatch(REFUSED);
    expect(await entries()).toEqual(written);
  });

  it('refuses a change inside a transaction, which then writes nothing', async () => {
    const message = await failure(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(auditEntries).values({
          businessId,
          actorKind: 'system',
          action: 'member.update',
          recordKind: 'member',
        });
        await tx.delete(auditEntries).where(eq(auditEntries.businessId, businessId));
      }),
    );
    expect(message).toMatch(REFUSED);
    expect(await entries()).toHaveLength(2);
  });

  it('still lets an invitation never accepted be deleted: entries keep its id, with no link', async () => {
    await database.db.delete(users).where(eq(users.id, userId));
    const kept = await entries();
    expect(kept.map((e) => e.actorUserId)).toContain(userId);
  });
});
