import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { settleHorizon } from '../../test/horizon';
import { pay, paymentBody } from '../../test/payments';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';

/*
 * GET /v1/check-in/roster: the desk's copy of the members. The first download pages through
 * every member of the business; each later sync sends the cursor it was given and receives only
 * the members changed since (details, card, account, subscriptions) and the ids of those
 * deleted. Never a member of another business.
 */
const t = useTestApp();
const g = useTenants(t, {
  owner: { code: 'RSA' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'RSB' },
});

interface RosterAnswer {
  data: {
    id: number;
    member_id: string;
    first_name: string;
    card_hash: string | null;
    phone_hash: string | null;
    is_active: boolean;
    subscriptions: {
      start_date: string;
      expiry_date: string;
      plan_name: string;
      covered_by: string | null;
    }[];
    last_visit_at: string | null;
  }[];
  meta: { cursor: string; more: boolean; removed: number[] };
}

const settle = () => settleHorizon(t);

const roster = async (
  cursor = '',
  limit?: number,
  tenant: Tenant = g.owner,
  { settled = true } = {},
) => {
  if (settled) await settle();
  const q = new URLSearchParams({ cursor, ...(limit ? { limit: String(limit) } : {}) });
  const res = await call(t.app, 'GET', `/v1/check-in/roster?${q}`, { token: tenant.token });
  expect(res.statusCode, res.body).toBe(200);
  return json(res) as RosterAnswer;
};

/** Every page from `cursor` until `more` is false: the members and removals, and the last cursor. */
const syncAll = async (
  cursor = '',
  limit?: number,
  tenant: Tenant = g.owner,
  options: { settled?: boolean } = {},
) => {
  const ids: number[] = [];
  const removed: number[] = [];
  let pages = 0;
  for (;;) {
    const page = await roster(cursor, limit, tenant, options);
    pages++;
    ids.push(...page.data.map((m) => m.id));
    removed.push(...page.meta.removed);
    cursor = page.meta.cursor;
    if (!page.meta.more) return { ids, removed, cursor, pages, last: page };
  }
};

let plan: { id: number; amount: number };
const mine: number[] = [];
let theirs: number;
beforeAll(async () => {
  plan = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
  for (let i = 0; i < 5; i++)
    mine.push(
      ((await addMember(t, g.owner.token, { first_name: `Ada${i}` })) as { id: number }).id,
    );
  theirs = ((await addMember(t, g.other.token)) as { id: number }).id;
});

const patchMember = (id: number, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', `/v1/member/${id}`, { token: g.owner.token, body });

describe('GET /v1/check-in/roster', () => {
  it('downloads every member of the business in pages, in change order, never another business’s', async () => {
    const all = await syncAll('', 2);
    expect(all.ids).toEqual(mine);
    expect(all.pages).toBe(3);
    expect(all.ids).not.toContain(theirs);
    // The staff's download is the same business's.
    expect((await syncAll('', undefined, g.staff)).ids).toEqual(mine);
    expect((await syncAll('', undefined, g.other)).ids).toEqual([theirs]);
  });

  it('answers each member as the desk needs them: the card and the phone only as SHA-256', async () => {
    const first = (await roster('', 1)).data[0]!;
    const [row] = await t.db.select().from(members).where(eq(members.id, first.id));
    expect(first).toMatchObject({
      id: row!.id,
      member_id: row!.memberCode,
      first_name: 'Ada0',
      is_active: true,
      subscriptions: [],
      last_visit_at: null,
    });
    expect(row!.mobileNumber).toMatch(/^\+234\d{10}$/);
    expect(first).not.toHaveProperty('mobile_number');
    // The phone's hash is of its E.164 form, the one form the desk reads any typed phone as.
    expect(first.phone_hash).toBe(createHash('sha256').update(row!.mobileNumber).digest('hex'));
    expect(first.card_hash).toBe(createHash('sha256').update(row!.cardCode!).digest('hex'));
  });

  it('holds no phone number in any form: not one member’s phone digits are in the answer', async () => {
    const m = (await addMember(t, g.owner.token, { mobile_number: '0809 876 5432' })) as {
      id: number;
    };
    // A download holds what committed before every transaction then running (on PostgreSQL,
    // the whole server's) had ended: another file's work may leave the new member to the next.
    let res = await call(t.app, 'GET', '/v1/check-in/roster', { token: g.owner.token });
    for (let i = 0; i < 50 && !(json(res) as RosterAnswer).data.some((r) => r.id === m.id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await call(t.app, 'GET', '/v1/check-in/roster', { token: g.owner.token });
    }
    expect(res.statusCode).toBe(200);
    const phones = (await t.db.select({ p: members.mobileNumber }).from(members)).map((r) => r.p);
    expect(phones).toContain('+2348098765432');
    for (const phone of phones) {
      const national = phone.slice(-10);
      expect(res.body).not.toContain(national);
      expect(res.body).not.toContain(national.slice(0, 3) + ' ' + national.slice(3, 6));
    }
    const mine = (json(res) as RosterAnswer).data.find((r) => r.id === m.id)!;
    expect(mine.phone_hash).toBe(createHash('sha256').update('+2348098765432').digest('hex'));
  });

  it('answers nothing new when nothing changed, and only the member changed after an edit', async () => {
    const { cursor } = await syncAll();
    const quiet = await roster(cursor);
    expect(quiet.data).toEqual([]);
    expect(quiet.meta).toMatchObject({ more: false, removed: [] });
    expect((await patchMember(mine[1]!, { first_name: 'Adaeze' })).statusCode).toBe(200);
    const delta = await roster(quiet.meta.cursor);
    expect(delta.data.map((m) => [m.id, m.first_name])).toEqual([[mine[1], 'Adaeze']]);
    expect((await roster(delta.meta.cursor)).data).toEqual([]);
  });

  it('carries a new payment, its void, a deactivation and a new card in the next delta', async () => {
    let { cursor } = await syncAll();
    const paid = await pay(
      t,
      g.owner,
      paymentBody(mine[2]!, plan.id, plan.amount, { method: 'Cash' }),
    );
    let delta = await roster(cursor);
    expect(delta.data.map((m) => m.id)).toEqual([mine[2]]);
    expect(delta.data[0]!.subscriptions).toEqual([
      expect.objectContaining({ plan_name: 'Monthly', covered_by: null }),
    ]);
    cursor = delta.meta.cursor;

    const voided = await call(t.app, 'POST', `/v1/payment/${paid.id}/void`, {
      token: g.owner.token,
      body: { reason: 'Wrong member' },
    });
    expect(voided.statusCode).toBe(200);
    delta = await roster(cursor);
    expect(delta.data.map((m) => [m.id, m.subscriptions])).toEqual([[mine[2], []]]);
    cursor = delta.meta.cursor;

    expect((await patchMember(mine[3]!, { is_active: false })).statusCode).toBe(200);
    delta = await roster(cursor);
    expect(delta.data.map((m) => [m.id, m.is_active])).toEqual([[mine[3], false]]);
    expect(delta.meta.removed).toEqual([]);
    cursor = delta.meta.cursor;

    const before = (await roster('', 5)).data.find((m) => m.id === mine[4])!.card_hash;
    const replaced = await call(t.app, 'POST', `/v1/member/${mine[4]}/card/replace`, {
      token: g.owner.token,
    });
    expect(replaced.statusCode).toBe(201);
    delta = await roster(cursor);
    expect(delta.data.map((m) => m.id)).toEqual([mine[4]]);
    expect(delta.data[0]!.card_hash).not.toBe(before);
    expect(delta.data[0]!.card_hash).toBe(
      createHash('sha256').update(json(replaced).data.card_code).digest('hex'),
    );
  });

  it('carries the members a group plan covers, with the payer’s name', async () => {
    const duo = await addGroupPlan(t, g.owner.token, 2);
    const payer = (await addMember(t, g.owner.token, { first_name: 'Bola', last_name: 'Ade' })) as {
      id: number;
    };
    const covered = (await addMember(t, g.owner.token)) as { id: number };
    const { cursor } = await syncAll();
    await pay(
      t,
      g.owner,
      paymentBody(payer.id, duo.id, duo.amount, { group_member_ids: [covered.id] }),
    );
    const delta = await roster(cursor);
    expect(delta.data.map((m) => m.id).sort((a, b) => a - b)).toEqual([payer.id, covered.id]);
    const cover = delta.data.find((m) => m.id === covered.id)!.subscriptions;
    expect(cover).toEqual([expect.objectContaining({ plan_name: 'Duo', covered_by: 'Bola Ade' })]);
  });

  it('does not list a member again for a visit (checking in adds no work)', async () => {
    const m = (await addMember(t, g.owner.token)) as { id: number };
    await pay(t, g.owner, paymentBody(m.id, plan.id, plan.amount));
    const { cursor } = await syncAll();
    const res = await call(t.app, 'POST', '/v1/check-in', {
      token: g.owner.token,
      body: { member_id: m.id },
    });
    expect(res.statusCode).toBe(201);
    expect((await roster(cursor)).data).toEqual([]);
    // The next change of the member carries their last visit.
    await patchMember(m.id, { first_name: 'Chidi' });
    expect((await roster(cursor)).data[0]!.last_visit_at).toBe(json(res).data.visit.visited_at);
  });

  it('answers a deleted member in `removed`, and never a change of another business', async () => {
    const gone = (await addMember(t, g.owner.token)) as { id: number };
    const { cursor } = await syncAll();
    await t.db.delete(members).where(eq(members.id, gone.id));
    await call(t.app, 'PATCH', `/v1/member/${theirs}`, {
      token: g.other.token,
      body: { first_name: 'Other' },
    });
    const delta = await roster(cursor);
    expect(delta.data).toEqual([]);
    expect(delta.meta.removed).toEqual([gone.id]);
    expect((await roster(delta.meta.cursor)).meta.removed).toEqual([]);
    expect((await roster(delta.meta.cursor, undefined, g.other)).meta.removed).toEqual([]);
  });

  it('does not miss a transaction that was still running when a sync ended', async () => {
    // A sync ends at the snapshot's xmin: a transaction running then has an id at or above it,
    // and what it writes is read on the next sync, whenever it commits.
    const { cursor } = await syncAll();
    const horizon = cursor.split('.')[0]!;
    const [row] = await t.db
      .execute<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`)
      .then((r) => (r as unknown as { rows: { xmin: string }[] }).rows);
    expect(BigInt(horizon)).toBeLessThanOrEqual(BigInt(row!.xmin));
    // As if that transaction (its id the horizon itself) committed a change after the sync.
    await t.db
      .update(members)
      .set({ rosterTx: Number(horizon) })
      .where(eq(members.id, mine[0]!));
    // And one still running (an id above every transaction so far) is not read yet.
    await t.db
      .update(members)
      .set({ rosterTx: Number(BigInt(row!.xmin) + 1_000_000n) })
      .where(eq(members.id, mine[1]!));
    const delta = await roster(cursor);
    expect(delta.data.map((m) => m.id)).toEqual([mine[0]]);
  });

  // Two transactions at once need two connections: PostgreSQL only (PGlite has one).
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: a change still uncommitted while a desk syncs comes in its next sync, with those committed after it',
    async () => {
      const { cursor } = await syncAll();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const running = t.db.transaction(async (tx) => {
        await tx.update(members).set({ firstName: 'Slow' }).where(eq(members.id, mine[0]!));
        written();
        await held;
      });
      await wrote;
      // A later transaction commits while the first still runs.
      expect((await patchMember(mine[1]!, { first_name: 'Quick' })).statusCode).toBe(200);
      // Not waiting for the horizon: the first transaction is held open on purpose.
      const during = await syncAll(cursor, undefined, g.owner, { settled: false });
      expect(during.ids).not.toContain(mine[0]);
      release();
      await running;
      const after = await syncAll(during.cursor);
      expect(new Set([...during.ids, ...after.ids])).toEqual(new Set([mine[0], mine[1]]));
      expect(after.ids).toContain(mine[0]);
    },
  );

  it('refuses a cursor it did not give (422 "Sync again from the start") and a bad limit (400)', async () => {
    for (const cursor of [
      'garbage',
      '12',
      '1.2.3',
      '-1.0',
      '99999999999999.0',
      '1.99999999999',
      '\u0000',
    ]) {
      const res = await call(
        t.app,
        'GET',
        `/v1/check-in/roster?cursor=${encodeURIComponent(cursor)}`,
        { token: g.owner.token },
      );
      expect(res.statusCode, cursor).toBe(422);
      expect(json(res)).toMatchObject({
        message: 'Sync again from the start',
        errors: { cursor: 'Sync again from the start' },
      });
    }
    for (const limit of ['0', '2001', 'many']) {
      const res = await call(t.app, 'GET', `/v1/check-in/roster?limit=${limit}`, {
        token: g.owner.token,
      });
      expect(res.statusCode, limit).toBe(400);
      expect(json(res).errors.limit).toBeDefined();
    }
  });
});
