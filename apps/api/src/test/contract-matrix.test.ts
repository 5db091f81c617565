import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../db/schema';
import { snapshot } from './contract-matrix';
import { useTenants, useTestApp } from './hooks';
import { addPlan } from './tenants';

/*
 * The matrices' database snapshot answers its last reading again while PostgreSQL has given no
 * transaction id since (nothing can have been written); these tests prove a write is still seen.
 */
describe('snapshot', () => {
  const t = useTestApp();
  const { a } = useTenants(t, { a: {} });

  it('is the same while nothing is written, and sees a changed, added or removed row', async () => {
    const plan = await addPlan(t, a.token, { name: 'Gold' });
    const first = await snapshot(t);
    expect(await snapshot(t)).toEqual(first);

    await t.db.update(plans).set({ name: 'Silver' }).where(eq(plans.id, plan.id));
    const renamed = await snapshot(t);
    expect(renamed.plans).not.toBe(first.plans);
    expect(renamed.members).toBe(first.members);

    // A write rolled back gives a transaction id but changes no row: the same lines.
    await t.db
      .transaction(async (tx) => {
        await tx.update(plans).set({ name: 'Bronze' }).where(eq(plans.id, plan.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await snapshot(t)).toEqual(renamed);

    await t.db.execute(sql`delete from plans where id = ${plan.id}`);
    expect((await snapshot(t)).plans).not.toBe(renamed.plans);
  });

  it('keeps a reading per set of omitted columns', async () => {
    const all = await snapshot(t);
    const without = await snapshot(t, { plans: new Set(['name']) });
    expect(await snapshot(t)).toEqual(all);
    expect(await snapshot(t, { plans: new Set(['name']) })).toEqual(without);
  });
});
