import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lagosDay, weekStart } from '@kora/shared';
import { auditEntries, cashUps, payments, refunds } from '../../db/schema';
import { call, json } from '../../test/app';
import { ownerClient } from '../../test/database';
import { useTestApp, useTenants } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';

/*
 * Cash-up: what each user's drawer should hold (their own Cash payments not voided, less their
 * Cash refunds, since their last cash-up), recording the count (idempotent, audited), the list
 * (staff: their own) and the week. Voids and refunds are written by SQL here, as the void and
 * refund calls would leave them.
 */

const t = useTestApp();
const { owner, staff, staff2, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  staff2: { role: 'staff', of: 'owner' },
  other: { code: 'FLEX' },
});

let plan: { id: number };
let member: { id: number };
const setUp = async () => {
  plan ??= await addPlan(t, owner.token, { name: 'Flexi', amount: 1000 });
  member ??= await addMember(t, owner.token);
};

/** A payment of `naira` (a multiple of ₦1,000) recorded by `who`. */
const payCash = async (who: Tenant, naira: number, method = 'Cash') => {
  await setUp();
  return pay(t, who, paymentBody(member.id, plan.id, naira, { method, duration: naira / 1000 }));
};

const voidPayment = (id: number) =>
  t.db
    .update(payments)
    .set({ voidedAt: new Date(), voidReason: 'Wrong member' })
    .where(eq(payments.id, id));

const refund = async (who: Tenant, paymentId: number, naira: number, method = 'Cash') => {
  await t.db.insert(refunds).values({
    businessId: who.businessId,
    paymentId,
    memberId: member.id,
    subscriptionTypeId: plan.id,
    amountKobo: naira * 100,
    method,
    reason: 'Changed their mind',
    subscriptionAction: 'keep',
    refundedOn: lagosDay(),
    recordedBy: who.userId,
  });
};

const expected = async (who: Tenant) =>
  json(await call(t.app, 'GET', '/v1/cash-up/expected', { token: who.token })).data;

const cashUp = (who: Tenant, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', '/v1/cash-up', {
    token: who.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('cash-up arithmetic', () => {
  it('counts own Cash payments not voided, less own Cash refunds, since the last cash-up', async () => {
    expect(await expected(staff)).toEqual({
      expected: 0,
      since: null,
      cash_payments: 0,
      cash_payments_total: 0,
      cash_refunds: 0,
      cash_refunds_total: 0,
    });

    // Shift 1: two cash payments, a transfer, a voided cash payment, another user's cash.
    await payCash(staff, 25000);
    const second = await payCash(staff, 10000);
    await payCash(staff, 7000, 'Transfer');
    const mistake = await payCash(staff, 3000);
    await voidPayment(mistake.id);
    await payCash(staff2, 4000);
    expect(await expected(staff)).toMatchObject({
      expected: 35000,
      cash_payments: 2,
      cash_payments_total: 35000,
      cash_refunds: 0,
    });

    const first = await cashUp(staff, { counted: 34500, note: 'Short ₦500, gave change twice' });
    expect(first.statusCode).toBe(201);
    const c1 = json(first).data;
    expect(c1).toMatchObject({
      user_id: staff.userId,
      user_name: 'Ada Okafor',
      expected: 35000,
      counted: 34500,
      difference: -500,
      note: 'Short ₦500, gave change twice',
      since: null,
      lagos_day: lagosDay(),
    });
    expect(await expected(staff)).toMatchObject({ expected: 0, since: c1.created_at });
    // The other user's drawer is theirs alone.
    expect(await expected(staff2)).toMatchObject({ expected: 4000, cash_payments: 1 });

    // Shift 2: a payment, a cash refund handed out by this user, a card refund (not cash),
    // and a payment of shift 1 voided after its cash-up (that count stays as it was).
    const third = await payCash(staff, 12000);
    await refund(staff, second.id, 2000);
    await refund(staff, third.id, 1000, 'Card');
    await voidPayment(second.id);
    expect(await expected(staff)).toEqual({
      expected: 10000,
      since: c1.created_at,
      cash_payments: 1,
      cash_payments_total: 12000,
      cash_refunds: 1,
      cash_refunds_total: 2000,
    });
    const c2 = json(await cashUp(staff, { counted: 10200 })).data;
    expect(c2).toMatchObject({ expected: 10000, counted: 10200, difference: 200, note: '' });
    expect(c2.since).toBe(c1.created_at);

    // Stored in kobo, the difference counted − expected.
    const row = (await t.db.select().from(cashUps).where(eq(cashUps.id, c2.id)))[0]!;
    expect(row).toMatchObject({
      expectedKobo: 1_000_000,
      countedKobo: 1_020_000,
      differenceKobo: 20_000,
      userId: staff.userId,
      recordedBy: staff.userId,
    });

    // Its audit entry, written with it.
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'cash_up.create'), eq(auditEntries.recordId, c2.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      businessId: staff.businessId,
      actorKind: 'user',
      actorUserId: staff.userId,
      actorRole: 'staff',
      recordKind: 'cash_up',
    });
    expect(entries[0]!.detail).toMatchObject({
      expected_kobo: 1_000_000,
      counted_kobo: 1_020_000,
      difference_kobo: 20_000,
    });
  });

  it('answers the first cash-up again for a repeated Idempotency-Key, and 409 for other details', async () => {
    await payCash(staff2, 2000);
    const first = await cashUp(staff2, { counted: 6000, note: 'End of day' }, 'drawer-key-1');
    expect(first.statusCode).toBe(201);
    const again = await cashUp(staff2, { counted: 6000, note: 'End of day' }, 'drawer-key-1');
    expect(again.statusCode).toBe(200);
    expect(json(again).data).toEqual(json(first).data);
    const changed = await cashUp(staff2, { counted: 5000, note: 'End of day' }, 'drawer-key-1');
    expect(changed.statusCode).toBe(409);
    const rows = await t.db.select().from(cashUps).where(eq(cashUps.userId, staff2.userId));
    expect(rows).toHaveLength(1);
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'cash_up.create'), eq(auditEntries.actorUserId, staff2.userId)),
      );
    expect(entries).toHaveLength(1);
  });

  it('makes two cash-ups sent at once one after the other: the second counts from the first', async () => {
    await payCash(owner, 8000);
    // Both count the ₦8,000: whichever the database takes first expects it, so neither is short
    // (the list's shortfalls below do not depend on which one won).
    const [a, b] = await Promise.all([
      cashUp(owner, { counted: 8000 }),
      cashUp(owner, { counted: 8000 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const made = [json(a).data, json(b).data].sort((x, y) => x.id - y.id);
    expect(made.map((c) => c.expected)).toEqual([8000, 0]);
    expect(made[1].since).toBe(made[0].created_at);
  });

  it('refuses a negative or unreadable count and a note over 500 characters, recording nothing', async () => {
    const before = await t.db.select().from(cashUps);
    for (const [body, field, message] of [
      [{ counted: -1 }, 'counted', 'Counted cannot be negative'],
      [{ counted: 'abc' }, 'counted', 'Counted must be a number'],
      [{ counted: 10.555 }, 'counted', 'Counted can have at most two decimals'],
      [{ counted: 10, note: 'x'.repeat(501) }, 'note', undefined],
    ] as const) {
      const res = await cashUp(owner, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(json(res).errors)).toEqual([field]);
      if (message) expect(json(res).errors[field]).toBe(message);
    }
    expect(await t.db.select().from(cashUps)).toHaveLength(before.length);
  });
});

describe('reading cash-ups', () => {
  const list = (who: Tenant, query = '') =>
    call(t.app, 'GET', `/v1/cash-up${query}`, { token: who.token });

  it('shows managers everyone, filtered by person and shortfalls; staff only their own', async () => {
    const all = json(await list(owner)).data as { user_id: number; difference: number }[];
    expect(new Set(all.map((c) => c.user_id))).toEqual(
      new Set([owner.userId, staff.userId, staff2.userId]),
    );

    const onePerson = json(await list(owner, `?user_id=${staff.userId}`)).data;
    expect(onePerson).toHaveLength(2);
    const short = json(await list(owner, '?short_only=true')).data;
    expect(short.map((c: { difference: number }) => c.difference)).toEqual([-500]);

    // Staff see their own, whatever user_id says.
    for (const query of ['', `?user_id=${staff2.userId}`]) {
      const mine = json(await list(staff, query));
      expect(mine.data.every((c: { user_id: number }) => c.user_id === staff.userId)).toBe(true);
      expect(mine.meta.total).toBe(2);
    }
  });

  it("never shows another business's cash-ups", async () => {
    const theirs = await list(other);
    expect(json(theirs).data).toEqual([]);
    const named = await list(other, `?user_id=${staff.userId}`);
    expect(json(named).data).toEqual([]);
    const week = await call(t.app, 'GET', `/v1/cash-up/week?start=${weekStart(lagosDay())}`, {
      token: other.token,
    });
    expect(json(week).data.people).toEqual([]);
  });

  it('sums each person per Lagos day of a Monday-to-Sunday week', async () => {
    const start = weekStart(lagosDay());
    const res = await call(t.app, 'GET', `/v1/cash-up/week?start=${start}`, {
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    const week = json(res).data;
    expect(week.start).toBe(start);
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toBe(start);
    const person = week.people.find((p: { user_id: number }) => p.user_id === staff.userId);
    const today = person.days.find((d: { day: string }) => d.day === lagosDay());
    expect(today).toEqual({
      day: lagosDay(),
      expected: 45000,
      counted: 44700,
      difference: -300,
      count: 2,
    });
    expect(person.days.filter((d: { count: number }) => d.count === 0)).toHaveLength(6);

    const own = json(
      await call(t.app, 'GET', `/v1/cash-up/week?start=${start}`, { token: staff2.token }),
    ).data;
    expect(own.people.map((p: { user_id: number }) => p.user_id)).toEqual([staff2.userId]);

    const tuesday = await call(t.app, 'GET', `/v1/cash-up/week?start=2026-11-24`, {
      token: owner.token,
    });
    expect(tuesday.statusCode).toBe(400);
    expect(json(tuesday).errors).toEqual({ start: 'The week must start on a Monday' });
  });
});

// Two transactions at once need several connections: PostgreSQL only (PGlite has one).
describe.runIf(!!process.env.TEST_DATABASE_URL)('a cash-up while money is being written', () => {
  /**
   * Resolves once `n` sessions of this database wait for a lock (read in pg_locks: the API's
   * role does not see other sessions' waits in pg_stat_activity).
   */
  const waiting = async (n: number) => {
    for (let i = 0; i < 400; i++) {
      const rows = (await t.db.execute(
        sql`select count(distinct l.pid)::int as n from pg_locks l
          join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      if (rows.rows[0]!.n >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${n} sessions never waited`);
  };

  it('counts a payment and a refund still being written exactly once, in this cash-up or the next', async () => {
    const earlier = await payCash(owner, 3000);
    await cashUp(owner, { counted: (await expected(owner)).expected, note: '' });
    const refunded = await payCash(owner, 2000);
    // Every audit entry waits while this is held: the payment and the refund below stop just
    // before committing, with their rows written, as a slow request would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // As the tables' owner: the API's role may not lock the audit trail against writes.
    const tables = await ownerClient(t.db);
    const holding = (async () => {
      await tables.query('begin');
      await tables.query('lock table audit_entries in share mode');
      locked();
      await held;
      await tables.query('commit');
      await tables.end();
    })();
    await isLocked;
    await setUp();
    const paying = call(t.app, 'POST', '/v1/payment', {
      token: owner.token,
      body: paymentBody(member.id, plan.id, 4000, { method: 'Cash', duration: 4 }),
    });
    await waiting(1);
    const refunding = call(t.app, 'POST', `/v1/payment/${refunded.id}/refund`, {
      token: owner.token,
      body: { amount: 500, method: 'Cash', reason: 'Overcharged', subscription: 'keep' },
      headers: { 'idempotency-key': 'race-refund' },
    });
    await waiting(2);
    const counting = cashUp(owner, { counted: 0, note: 'End of shift' });
    await waiting(3);
    release();
    await holding;
    expect((await paying).statusCode).toBe(201);
    expect((await refunding).statusCode).toBe(201);
    const first = json(await counting).data;
    const second = json(await cashUp(owner, { counted: 0, note: 'Next shift' })).data;
    // ₦2,000 + ₦4,000 paid in cash, ₦500 handed back: once, across the two cash-ups.
    expect(first.expected + second.expected).toBe(5500);
    expect(earlier.amount).toBe(3000);
    expect(await expected(owner)).toMatchObject({ expected: 0, cash_payments: 0, cash_refunds: 0 });
  });
});
