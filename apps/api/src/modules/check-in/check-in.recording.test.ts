import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { call, json } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, payForPeriod } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { postCheckIn, visitsOf } from '../../test/visits';
import * as repo from './check-in.repository';

/*
 * How a check-in is recorded: few round trips to the database, and the guarantees of the one
 * statement that records it (kora_check_in): the cover read before the lock must still be the
 * member's, the 2-hour rule holds under concurrency, and a key is kept only with an answer.
 * The clock is fixed at 07:42 in Lagos on 27 November 2026.
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
const SINCE = new Date(NOW.getTime() - 2 * 60 * 60 * 1000);
const UNTIL = new Date(NOW.getTime() + 2 * 60 * 60 * 1000);
useFixedClock(NOW);

const t = useTestApp();
const { owner, staff } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
});

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
});

let phoneSeq = 0;
/** A member of the owner's gym, paid from `start` to `end` when given. */
const member = async (period?: [string, string]) => {
  const m = (await addMember(t, owner.token, {
    mobile_number: `0706${String(5000000 + phoneSeq++).padStart(7, '0')}`,
  })) as { id: number; member_id: string };
  if (period) await payForPeriod(t, owner, m.id, plan, period);
  return m;
};

const checkIn = (body: Record<string, unknown>, key?: string, token = owner.token) =>
  postCheckIn(t, token, body, key);

/**
 * The statements the database is sent while `run` runs, BEGIN and COMMIT included: each is a
 * round trip on PostgreSQL (node-postgres' Client.query) and on PGlite (its query, exec and
 * transaction calls, a transaction counting its BEGIN and COMMIT).
 */
const statementsDuring = async (db: Db, run: () => Promise<unknown>): Promise<number> => {
  let count = 0;
  const client = (db as unknown as { $client: unknown }).$client;
  const restore: (() => void)[] = [];
  const wrap = <T extends object>(target: T, name: keyof T & string, extra = 0) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      count += 1 + extra;
      return original.apply(this, args);
    };
    restore.push(() => ((target as Record<string, unknown>)[name] = original));
  };
  if (client instanceof PGlite) {
    wrap(client, 'query');
    wrap(client, 'exec');
    const transaction = client.transaction.bind(client);
    (client as { transaction: unknown }).transaction = (fn: (tx: object) => Promise<unknown>) =>
      transaction((tx) => {
        count += 2; // BEGIN and COMMIT
        wrap(tx, 'query' as keyof typeof tx);
        wrap(tx, 'exec' as keyof typeof tx);
        return fn(tx);
      });
    restore.push(() => delete (client as { transaction?: unknown }).transaction);
  } else if (client instanceof pg.Pool) {
    wrap(pg.Client.prototype, 'query');
  } else throw new Error('An unknown database client');
  try {
    await run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return count;
};

describe('round trips', () => {
  it('records a check-in with three statements and answers a lookup with one', async () => {
    const m = await member(['2026-11-20', '2026-12-20']);
    // Once first, so statements prepared once per database are not counted against the route.
    const warm = await member(['2026-11-20', '2026-12-20']);
    await checkIn({ member_id: warm.id });
    const recorded = await statementsDuring(t.db, async () => {
      expect((await checkIn({ member_id: m.id })).statusCode).toBe(201);
    });
    // The tenancy read of the signed-in user is one more.
    expect(recorded).toBeLessThanOrEqual(4);
    const repeat = await statementsDuring(t.db, async () => {
      expect((await checkIn({ member_id: m.id })).statusCode).toBe(200);
    });
    expect(repeat).toBeLessThanOrEqual(3);
    const looked = await statementsDuring(t.db, async () => {
      const res = await call(t.app, 'GET', `/v1/check-in/lookup?q=${m.member_id}`, {
        token: owner.token,
      });
      expect(json(res).data[0].verdict.text).toBe('Active, 23 days left');
    });
    expect(looked).toBeLessThanOrEqual(2);
  });

  it('lets a member in anyway with as many statements, the audit entry written with the visit', async () => {
    const warm = await member();
    await checkIn({ member_id: warm.id, override_reason: 'Warming up' });
    const m = await member();
    const entriesOf = async () =>
      (
        (await t.db.execute(
          sql`select action, record_id, detail from audit_entries
            where business_id = ${owner.businessId} and member_id = ${m.id}
              and action = 'check_in.override'`,
        )) as unknown as { rows: { action: string; record_id: number; detail: object }[] }
      ).rows;
    let visitId = 0;
    const overridden = await statementsDuring(t.db, async () => {
      const res = await checkIn({ member_id: m.id, override_reason: 'Paying tomorrow' });
      expect(res.statusCode).toBe(201);
      visitId = json(res).data.visit.id;
    });
    // The same as a green check-in: no transaction of its own (no BEGIN, no COMMIT).
    expect(overridden).toBeLessThanOrEqual(4);
    expect(await entriesOf()).toEqual([
      {
        action: 'check_in.override',
        record_id: visitId,
        detail: expect.objectContaining({ reason: 'Paying tomorrow' }),
      },
    ]);
    // Let in again within 2 hours: the earlier visit is answered and no second entry is written.
    const again = await checkIn({ member_id: m.id, override_reason: 'Still paying tomorrow' });
    expect(again.statusCode).toBe(200);
    expect(await entriesOf()).toHaveLength(1);
  });
});

describe('the statement that records a visit (kora_check_in)', () => {
  const record = (
    m: { id: number },
    state: repo.CheckInState,
    over: Partial<repo.VisitToRecord> = {},
  ) =>
    repo.recordVisit(t.db, {
      businessId: owner.businessId,
      memberId: m.id,
      since: SINCE,
      until: UNTIL,
      isActive: state.isActive,
      cover: state.cover,
      refuse: false,
      key: null,
      fingerprint: null,
      visitedAt: NOW,
      recordedByUserId: owner.userId,
      kioskTokenId: null,
      foundBy: 'name',
      verdictStatus: 'active',
      overrideReason: null,
      subscriptionId: null,
      ...over,
    });

  it('records nothing when a payment changed the cover after it was read, and records once read again', async () => {
    const m = await member();
    const before = (await repo.checkInState(t.db, owner.businessId, { id: m.id }, SINCE, UNTIL))!;
    expect(JSON.parse(before.cover)).toEqual([]);
    await pay(t, owner, paymentBody(m.id, plan.id, plan.amount));
    expect(await record(m, before, { refuse: true })).toEqual({ status: 'stale', visitId: null });
    expect(await visitsOf(t, m.id)).toHaveLength(0);
    const after = (await repo.checkInState(t.db, owner.businessId, { id: m.id }, SINCE, UNTIL))!;
    expect(JSON.parse(after.cover)).toHaveLength(1);
    const done = await record(m, after);
    expect(done.status).toBe('recorded');
    expect((await visitsOf(t, m.id)).map((v) => v.id)).toEqual([done.visitId]);
  });

  it('records nothing when the account was deactivated after it was read', async () => {
    const m = await member(['2026-11-20', '2026-12-20']);
    const state = (await repo.checkInState(t.db, owner.businessId, { id: m.id }, SINCE, UNTIL))!;
    await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    expect((await record(m, state)).status).toBe('stale');
    expect(await visitsOf(t, m.id)).toHaveLength(0);
  });

  it('answers a member of another business as not found', async () => {
    const m = await member(['2026-11-20', '2026-12-20']);
    const state = (await repo.checkInState(t.db, owner.businessId, { id: m.id }, SINCE, UNTIL))!;
    expect(
      await repo.checkInState(t.db, owner.businessId + 1_000_000, { id: m.id }, SINCE, UNTIL),
    ).toBeUndefined();
    const out = await record(m, state, { businessId: owner.businessId + 1_000_000 });
    expect(out).toEqual({ status: 'member_not_found', visitId: null });
    expect(await visitsOf(t, m.id)).toHaveLength(0);
  });
});

describe('POST /v1/check-in with an Idempotency-Key', () => {
  it('records one visit when the same request is sent twice at once', async () => {
    const m = await member(['2026-11-20', '2026-12-20']);
    const answers = await Promise.all([
      checkIn({ member_id: m.id }, 'same-moment'),
      checkIn({ member_id: m.id }, 'same-moment'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => json(a).data.visit.id)).size).toBe(1);
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('keeps no key for a refused check-in: the same request later, once paid, checks in', async () => {
    const m = await member();
    const refused = await checkIn({ member_id: m.id }, 'refused-first');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('No subscription');
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'refused-first'));
    expect(keys).toHaveLength(0);
    await pay(t, owner, paymentBody(m.id, plan.id, plan.amount));
    const later = await checkIn({ member_id: m.id }, 'refused-first');
    expect(later.statusCode).toBe(201);
    expect(json(later).message).toBe('Checked in');
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });

  it('refuses the key sent again for another member (409) and records nothing for them', async () => {
    const a = await member(['2026-11-20', '2026-12-20']);
    const b = await member(['2026-11-20', '2026-12-20']);
    expect((await checkIn({ member_id: a.id }, 'one-key')).statusCode).toBe(201);
    const other = await checkIn({ member_id: b.id }, 'one-key');
    expect(other.statusCode).toBe(409);
    expect(json(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await visitsOf(t, b.id)).toHaveLength(0);
  });

  it('answers the 2-hour repeat sent with a key with the earlier visit, and that visit again when replayed', async () => {
    const m = await member(['2026-11-20', '2026-12-20']);
    const first = await checkIn({ member_id: m.id }, undefined, staff.token);
    const repeat = await checkIn({ member_id: m.id }, 'repeat-key');
    expect(repeat.statusCode).toBe(200);
    expect(json(repeat).message).toBe('Already checked in at 07:42');
    expect(json(repeat).data.visit.id).toBe(json(first).data.visit.id);
    const replay = await checkIn({ member_id: m.id }, 'repeat-key');
    expect(json(replay).data.visit.id).toBe(json(first).data.visit.id);
    expect(await visitsOf(t, m.id)).toHaveLength(1);
  });
});
