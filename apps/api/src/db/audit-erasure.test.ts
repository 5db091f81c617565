import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_FIELDS } from '../modules/members';
import { openTestDatabase, ownerClient } from '../test/database';
import type { Database, Executor } from './client';
import { auditEntries, businesses, members } from './schema';

/*
 * The one change the audit trail allows is erasure's (functions/kora_erase_member_audit.sql):
 * only the entries of the member being erased, only to the erased values. On PGlite (one role)
 * the trigger refuses everything else; on PostgreSQL (TEST_DATABASE_URL) the API's role may not
 * change the trail at all, nor switch its trigger off, and the trigger still holds for the owner.
 */

/** The trigger's refusal, or on PostgreSQL the API role's missing right (either stops it). */
const REFUSED =
  /audit entries cannot be changed or removed|permission denied for table audit_entries/;

let database: Database;
let businessId: number;
let a: number;
let b: number;

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

const trail = async () =>
  database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.businessId, businessId))
    .orderBy(auditEntries.id);

const forge = (exec: Executor, memberId: number) =>
  exec.execute(sql`select set_config('kora.erase_member', ${`${businessId}:${memberId}`}, true)`);

const member = (n: number, first: string, last: string, phone: string) => ({
  businessId,
  memberNumber: n,
  memberCode: `ERASE-0000${n}`,
  firstName: first,
  lastName: last,
  mobileNumber: phone,
  emailAddress: `${first.toLowerCase()}@example.com`,
  city: 'Ikeja',
  state: 'Lagos',
});

beforeAll(async () => {
  database = await openTestDatabase();
  const [business] = await database.db
    .insert(businesses)
    .values({ name: 'Erase Gym', code: 'ERASE', address: '1 Road', city: 'Ikeja', state: 'Lagos' })
    .returning({ id: businesses.id });
  businessId = business!.id;
  const rows = await database.db
    .insert(members)
    .values([
      member(1, 'Ada', 'Obi', '+2348031112222'),
      member(2, 'Chidi', 'Eze', '+2348031113333'),
    ])
    .returning({ id: members.id });
  [a, b] = rows.map((r) => r.id) as [number, number];
  const every = Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, { from: 'old', to: 'new' }]));
  await database.db.insert(auditEntries).values([
    {
      businessId,
      actorKind: 'user',
      actorUserId: 7,
      actorName: 'Bola Ade',
      actorRole: 'staff',
      action: 'member.update',
      recordKind: 'member',
      recordId: a,
      recordLabel: 'Ada Obi (ERASE-00001)',
      memberId: a,
      changes: { ...every, is_active: { from: true, to: false } },
      detail: { reason: 'moved away', note: 'called +2348031112222 twice' },
    },
    {
      businessId,
      actorKind: 'member',
      actorName: 'Ada Obi',
      action: 'payment.record',
      recordKind: 'payment',
      recordId: 41,
      recordLabel: 'ERASE-000041',
      memberId: a,
      paymentId: 41,
      detail: { payer: 'Ada Obi', amount_kobo: 2_500_000 },
    },
    {
      businessId,
      actorKind: 'member',
      actorName: 'Chidi Eze',
      action: 'member.consent',
      recordKind: 'member',
      recordId: b,
      recordLabel: 'Chidi Eze (ERASE-00002)',
      memberId: b,
      detail: { source: 'portal' },
    },
  ]);
});

afterAll(() => database?.close());

describe("the audit trail's erasure exception", () => {
  it('is not opened by the erasure setting alone (set for member A): no column, no member', async () => {
    const before = await trail();
    const attempts: [string, ReturnType<typeof sql>, number][] = [
      ['actor name', sql`actor_name = 'Someone else'`, a],
      ['label as erased', sql`record_label = ${'Erased member ERASE-00001'}`, a],
      ['detail', sql`detail = '{}'`, a],
      ['another member', sql`record_label = 'x'`, b],
    ];
    for (const [what, change, memberId] of attempts) {
      const message = await failure(() =>
        database.db.transaction(async (tx) => {
          await forge(tx, a);
          await tx.execute(sql`update audit_entries set ${change} where member_id = ${memberId}`);
        }),
      );
      expect(message, what).toMatch(REFUSED);
    }
    expect(await trail()).toEqual(before);
  });

  it('lets a real erasure write only the erased values of that member, nothing else meanwhile', async () => {
    const before = await trail();
    const attempts: [string, ReturnType<typeof sql>][] = [
      [
        "the other member's entry",
        sql`update audit_entries set record_label = 'x' where member_id = ${b}`,
      ],
      [
        'another label',
        sql`update audit_entries set record_label = 'forged' where member_id = ${a}`,
      ],
      ['the actor', sql`update audit_entries set actor_name = 'Nobody' where member_id = ${a}`],
      ['the time', sql`update audit_entries set at = at - interval '1 day' where member_id = ${a}`],
      ['a removal', sql`delete from audit_entries where member_id = ${a}`],
      ['truncate', sql`truncate audit_entries`],
    ];
    for (const [what, statement] of attempts) {
      const message = await failure(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select kora_erase_member_audit(${businessId}, ${a})`);
          await forge(tx, a);
          await tx.execute(statement);
        }),
      );
      expect(message, what).toMatch(REFUSED);
    }
    expect(await trail()).toEqual(before);

    const [{ rewritten }] = (await database.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`select kora_erase_member_audit(${businessId}, ${a}) as rewritten`,
      );
      return (result as unknown as { rows: { rewritten: number }[] }).rows;
    })) as [{ rewritten: number }];
    expect(rewritten).toBe(2);
    const after = await trail();
    const label = 'Erased member ERASE-00001';
    const erased = { from: '(erased)', to: '(erased)' };
    expect(after[0]).toEqual({
      ...before[0],
      recordLabel: label,
      changes: {
        ...Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, erased])),
        is_active: { from: true, to: false },
      },
      detail: { note: `called ${label} twice` },
    });
    expect(after[1]).toEqual({
      ...before[1],
      actorName: label,
      detail: { payer: label, amount_kobo: 2_500_000 },
    });
    // The other member's entry is as it was; the member is marked erased, once.
    expect(after[2]).toEqual(before[2]);
    const [marked] = await database.db
      .select({ erasedAt: members.erasedAt })
      .from(members)
      .where(eq(members.id, a));
    expect(marked!.erasedAt).not.toBeNull();
    expect(
      await failure(() =>
        database.db.execute(sql`select kora_erase_member_audit(${businessId}, ${a})`),
      ),
    ).toContain('not there to erase');
    expect(
      await failure(() =>
        database.db.execute(sql`select kora_erase_member_audit(${businessId + 1}, ${b})`),
      ),
    ).toContain('not there to erase');
    // An erased member stays erased, so their entries cannot be rewritten again.
    expect(
      await failure(() =>
        database.db.update(members).set({ erasedAt: null }).where(eq(members.id, a)),
      ),
    ).toContain('an erased member stays erased');
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it("runs the API as a role that owns nothing: it cannot switch the trail's guard off", async () => {
    expect(await database.ownsTables()).toBe(false);
    const attempts = [
      'alter table audit_entries disable trigger audit_entries_immutable',
      'alter table audit_entries disable trigger all',
      'drop trigger audit_entries_immutable on audit_entries',
      'alter table audit_entries owner to current_user',
      'drop table audit_entries',
      `create or replace function audit_entries_immutable() returns trigger language plpgsql as $$ begin return new; end $$`,
      'set session_replication_role = replica',
      'update audit_entries set actor_name = actor_name',
      'delete from audit_entries',
      'truncate audit_entries',
    ];
    for (const statement of attempts)
      expect(await failure(() => database.db.execute(sql.raw(statement))), statement).toMatch(
        /must be owner|permission denied/,
      );
    expect(await trail()).toHaveLength(3);
  });

  it('holds the trigger for the owner too: a forged setting opens nothing', async () => {
    const owner = await ownerClient(database.db);
    try {
      await owner.query('begin');
      await owner.query(`select set_config('kora.erase_member', $1, true)`, [`${businessId}:${b}`]);
      expect(
        await failure(() =>
          owner.query(`update audit_entries set actor_name = 'x' where member_id = $1`, [b]),
        ),
      ).toContain('audit entries cannot be changed or removed');
    } finally {
      await owner.query('rollback');
      await owner.end();
    }
  });
});
