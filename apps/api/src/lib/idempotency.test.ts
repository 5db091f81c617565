import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, plans } from '../db/schema';
import { call } from '../test/app';
import { useTenants, useTestApp } from '../test/hooks';
import { memberBody, type Tenant } from '../test/tenants';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'ONCE' }, other: { code: 'TWCE' } });

const planBody = {
  name: 'Monthly',
  amount: 15000,
  duration: 1,
  duration_type: 'month',
  is_grouped: 0,
  group_limit: 1,
};

const CREATES = [
  { what: 'member', url: '/v1/member', body: memberBody({ first_name: 'Tunde' }), table: members },
  { what: 'plan', url: '/v1/subscription-type', body: planBody, table: plans },
] as const;

const send = (tenant: Tenant, url: string, body: unknown, key?: string) =>
  call(t.app, 'POST', url, {
    token: tenant.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

const countFor = async (table: (typeof CREATES)[number]['table'], tenant: Tenant) =>
  (await t.db.select().from(table).where(eq(table.businessId, tenant.businessId))).length;

describe.each(CREATES)(
  'creating a $what twice with one Idempotency-Key',
  ({ url, body, table }) => {
    it('creates once and answers the same record to the double click', async () => {
      const before = await countFor(table, owner);
      const first = await send(owner, url, body, `dbl-${url}`);
      const again = await send(owner, url, body, `dbl-${url}`);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.id).toBe(first.json().data.id);
      expect(await countFor(table, owner)).toBe(before + 1);
    });

    it('creates once when the copies arrive at the same moment', async () => {
      const before = await countFor(table, owner);
      const answers = await Promise.all([1, 2, 3].map(() => send(owner, url, body, `race-${url}`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
      expect(await countFor(table, owner)).toBe(before + 1);
    });

    it('refuses the key with other details, and keeps keys apart per business', async () => {
      await send(owner, url, body, `reuse-${url}`);
      const changed = await send(
        owner,
        url,
        { ...body, name: 'Other', first_name: 'Other' },
        `reuse-${url}`,
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json().message).toBe(
        'This request was already sent with different details. Refresh the page and try again.',
      );
      // Another gym that happens to use the same key gets its own record, never this one.
      const theirs = await send(other, url, body, `reuse-${url}`);
      expect(theirs.statusCode).toBe(201);
      expect(await countFor(table, other)).toBeGreaterThanOrEqual(1);
    });

    it('creates each time without a key, and refuses a key over 100 characters', async () => {
      const before = await countFor(table, owner);
      expect((await send(owner, url, body)).statusCode).toBe(201);
      expect((await send(owner, url, body)).statusCode).toBe(201);
      expect(await countFor(table, owner)).toBe(before + 2);
      const long = await send(owner, url, body, 'k'.repeat(101));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Idempotency-Key must be at most 100 characters');
      // Paystack's references are Kora's own keys: a client's key never passes for one.
      const reserved = await send(owner, url, body, 'PayStack:T123');
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().message).toBe('Idempotency-Key must not start with "paystack:"');
      // A freeze fee's key is Kora's own too: a client's payment never takes a fee's place.
      const fee = await send(owner, url, body, 'Freeze-Fee:12');
      expect(fee.statusCode).toBe(400);
      expect(fee.json().message).toBe('Idempotency-Key must not start with "freeze-fee:"');
      expect(await countFor(table, owner)).toBe(before + 2);
    });
  },
);
