import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant } from '../../test/tenants';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'IPG' }, other: { code: 'FITX' } });

const rowOf = async (id: number) =>
  (await t.db.select().from(members).where(eq(members.id, id)))[0]!;

describe('GET /v1/member/:id', () => {
  it('answers the member', async () => {
    const m = await addMember(t, owner.token, { first_name: 'Tunde' });
    const res = await call(t.app, 'GET', `/v1/member/${m.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(m);
  });

  it("answers 404 for a missing member and for another business's member alike", async () => {
    const theirs = await addMember(t, other.token);
    for (const id of [theirs.id, 999999]) {
      const res = await call(t.app, 'GET', `/v1/member/${id}`, { token: owner.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Member not found.');
    }
  });

  it('answers 400 for ids that are not ids', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await call(t.app, 'GET', `/v1/member/${id}`, { token: owner.token });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('PATCH /v1/member/:id', () => {
  it('changes only the given fields', async () => {
    const m = await addMember(t, owner.token, {
      middle_name: 'Bola',
      home_address: '3 Awolowo Rd',
    });
    const res = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { city: 'Lekki', middle_name: null, mobile_number: '+234 809 000 1111' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ...m,
      city: 'Lekki',
      middle_name: null,
      mobile_number: '+2348090001111',
      updated_at: expect.any(String),
    });
    expect((await rowOf(m.id)).homeAddress).toBe('3 Awolowo Rd');
  });

  it('deactivates and reactivates a member', async () => {
    const m = await addMember(t, owner.token);
    const off = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    expect(off.json().data.is_active).toBe(false);
    const on = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { is_active: true },
    });
    expect(on.json().data.is_active).toBe(true);
  });

  it('changes the chosen plan, and refuses a plan of another business', async () => {
    const m = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { name: 'Annual', duration_type: 'year' });
    const ok = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { subscription_type_id: plan.id },
    });
    expect(ok.json().data.subscription_type.name).toBe('Annual');
    const theirs = await addPlan(t, other.token);
    const bad = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { subscription_type_id: theirs.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Subscription plan not found.');
    const cleared = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { subscription_type_id: null },
    });
    expect(cleared.json().data.subscription_type).toBeNull();
  });

  it('validates what it changes', async () => {
    const m = await addMember(t, owner.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mobile_number: '09999999999' }, 'mobile_number', 'Enter a valid Nigerian phone number'],
      [{ first_name: 'A' }, 'first_name', 'First name must be at least 2 characters'],
      [{ email_address: 'x@' }, 'email_address', 'Invalid email address'],
      [{ is_active: 'no' }, 'is_active', 'Active status must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t.app, 'PATCH', `/v1/member/${m.id}`, { token: owner.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await rowOf(m.id)).toMatchObject({ firstName: m.first_name, isActive: true });
  });

  it('lets staff edit members', async () => {
    const staff = await createTenant(t, { role: 'staff', businessId: owner.businessId });
    const m = await addMember(t, owner.token);
    const res = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: staff.token,
      body: { state: 'Ogun' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('Ogun');
  });

  it("answers 404 for another business's member and leaves it unchanged", async () => {
    const theirs = await addMember(t, other.token, { first_name: 'Kemi' });
    const before = await rowOf(theirs.id);
    const res = await call(t.app, 'PATCH', `/v1/member/${theirs.id}`, {
      token: owner.token,
      body: { first_name: 'Hacked', is_active: false },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Member not found.');
    expect(await rowOf(theirs.id)).toEqual(before);
  });
});
