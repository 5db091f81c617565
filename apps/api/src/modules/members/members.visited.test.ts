import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addMembersNamed, firstNamesOf, type Tenant } from '../../test/tenants';
import { addVisits, visitsByName } from '../../test/visits';

// A fixed clock: Wednesday 18 March 2026, 10:00 in Lagos.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
afterAll(() => vi.useRealTimers());

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'VIS' }, other: { code: 'VOT' } });

const people: Record<string, { id: number }> = {};
const get = (url: string, tenant: Tenant = owner) =>
  call(t.app, 'GET', url, { token: tenant.token });

beforeAll(async () => {
  Object.assign(
    people,
    await addMembersNamed(t, owner.token, ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe']),
  );
  people.Zed = await addMember(t, other.token, { first_name: 'Zed', last_name: 'Other' });
  const businessOf = (name: string) => (name === 'Zed' ? other.businessId : owner.businessId);
  await addVisits(
    t,
    visitsByName(people, businessOf, [
      // Ada: today (23:30 UTC yesterday is 00:30 today in Lagos) and earlier.
      ['Ada', '2026-03-01T07:00:00+01:00'],
      ['Ada', '2026-03-17T23:30:00Z'],
      // Bola: 6 days ago at 00:05 Lagos, the first minute of the 7-day window.
      ['Bola', '2026-03-12T00:05:00+01:00'],
      // Chidi: 7 days ago just before midnight: outside the last 7 days, inside the last 30.
      ['Chidi', '2026-03-11T23:55:00+01:00'],
      // Dayo: 14 days ago: not in the last 14 days. Efe never came.
      ['Dayo', '2026-03-04T18:00:00+01:00'],
      ['Zed', '2026-03-18T08:00:00+01:00'],
    ]),
  );
  // Deactivated: the account filter and the visit filter combine.
  await t.db.update(members).set({ isActive: false }).where(eq(members.id, people.Dayo!.id));
});

describe('the members list and last visits', () => {
  it("answers each member's last visit in the list and in their details", async () => {
    const ada = (await get(`/v1/member/${people.Ada!.id}`)).json().data;
    expect(ada.last_visit_at).toBe('2026-03-17T23:30:00.000Z');
    const efe = (await get(`/v1/member/${people.Efe!.id}`)).json().data;
    expect(efe.last_visit_at).toBeNull();
    const list = (await get('/v1/member?per_page=10')).json().data;
    const bola = list.find((m: { id: number }) => m.id === people.Bola!.id);
    expect(bola.last_visit_at).toBe('2026-03-11T23:05:00.000Z');
  });

  it('keeps the members seen in the last 7 days (today included), with their total', async () => {
    const res = await get('/v1/member?visited=last_7');
    expect(res.statusCode).toBe(200);
    expect(firstNamesOf(res)).toEqual(['Ada', 'Bola']);
    expect(res.json().meta.total).toBe(2);
  });

  it('keeps the members seen in the last 30 days', async () => {
    const res = await get('/v1/member?visited=last_30');
    expect(firstNamesOf(res)).toEqual(['Ada', 'Bola', 'Chidi', 'Dayo']);
    expect(res.json().meta.total).toBe(4);
  });

  it('keeps the members not seen in the last 14 days, never seen included', async () => {
    const res = await get('/v1/member?visited=not_14');
    expect(firstNamesOf(res)).toEqual(['Dayo', 'Efe']);
    expect(res.json().meta.total).toBe(2);
    const active = await get('/v1/member?visited=not_14&account_status=active');
    expect(firstNamesOf(active)).toEqual(['Efe']);
    expect(active.json().meta.total).toBe(1);
  });

  it('combines the filter with a search and a page past the last', async () => {
    expect(firstNamesOf(await get('/v1/member?visited=last_7&search=bola'))).toEqual(['Bola']);
    expect(firstNamesOf(await get('/v1/member?visited=last_7&search=chidi'))).toEqual([]);
    const past = await get('/v1/member?visited=last_30&page=3&per_page=2');
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.total).toBe(4);
  });

  it("never counts another gym's visits", async () => {
    const res = await get('/v1/member?visited=last_7', other);
    expect(firstNamesOf(res)).toEqual(['Zed']);
    expect(firstNamesOf(await get('/v1/member?visited=not_14', other))).toEqual([]);
  });

  it('refuses an unknown filter in words; `all` is no filter', async () => {
    const res = await get('/v1/member?visited=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.visited).toBe('Visited must be last_7, last_30, not_14 or all');
    expect((await get('/v1/member?visited=all')).json().meta.total).toBe(5);
    expect((await get('/v1/member?visited=%00')).statusCode).toBe(400);
  });

  it('exports the members the filter keeps, with their last visit', async () => {
    const res = await get('/v1/member/export?visited=not_14');
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n').slice(0, -1);
    expect(lines[0]).toContain(',Last visit,');
    expect(lines).toHaveLength(3);
    const dayo = lines.find((l) => l.includes('Dayo'))!;
    expect(dayo).toContain(',04/03/2026,');
    const efe = lines.find((l) => l.includes('Efe'))!;
    expect(efe).toMatch(/Deactivated|Active/);
  });
});
