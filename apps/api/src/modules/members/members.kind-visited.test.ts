import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMembersNamed, firstNamesOf } from '../../test/tenants';
import { addVisits, visitsByName } from '../../test/visits';

// A fixed clock: Wednesday 18 March 2026, 10:00 in Lagos.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
afterAll(() => vi.useRealTimers());

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'KVS' } });

const people: Record<string, { id: number }> = {};
const get = (url: string) => call(t.app, 'GET', url, { token: owner.token });

beforeAll(async () => {
  // Walk-ins: Ada came today, Bola 20 days ago, Chidi never (and is deactivated).
  // Others: Dayo came today, Efe never.
  Object.assign(
    people,
    await addMembersNamed(t, owner.token, ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe']),
  );
  const walkIns = ['Ada', 'Bola', 'Chidi'].map((n) => people[n]!.id);
  await t.db.update(members).set({ isWalkIn: true }).where(inArray(members.id, walkIns));
  await t.db
    .update(members)
    .set({ isActive: false })
    .where(inArray(members.id, [people.Chidi!.id]));
  await addVisits(
    t,
    visitsByName(people, () => owner.businessId, [
      ['Ada', '2026-03-18T07:00:00+01:00'],
      ['Bola', '2026-02-26T07:00:00+01:00'],
      ['Dayo', '2026-03-18T08:00:00+01:00'],
    ]),
  );
});

describe('the walk-ins filter with the last-visit filter', () => {
  it('keeps the walk-ins the last-visit filter keeps, with their total', async () => {
    const cases: [string, string[]][] = [
      ['kind=walk_in&visited=last_7', ['Ada']],
      ['kind=walk_in&visited=last_30', ['Ada', 'Bola']],
      ['kind=walk_in&visited=not_14', ['Bola', 'Chidi']],
      ['kind=walk_in&visited=not_14&account_status=active', ['Bola']],
      ['kind=walk_in&visited=not_14&account_status=inactive', ['Chidi']],
      ['kind=walk_in&visited=last_7&account_status=inactive', []],
      ['kind=walk_in', ['Ada', 'Bola', 'Chidi']],
      // Walk-ins are not members until they join: the list leaves them out unless asked.
      ['', ['Dayo', 'Efe']],
      ['kind=member', ['Dayo', 'Efe']],
      ['account_status=active', ['Dayo', 'Efe']],
      ['account_status=inactive', []],
      ['visited=not_14', ['Efe']],
      ['visited=last_7', ['Dayo']],
      ['kind=all', ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe']],
      ['kind=all&account_status=inactive', ['Chidi']],
      ['kind=all&visited=not_14', ['Bola', 'Chidi', 'Efe']],
      ['kind=all&visited=last_7', ['Ada', 'Dayo']],
    ];
    for (const [query, names] of cases) {
      const res = await get(`/v1/member?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(firstNamesOf(res), query).toEqual(names);
      expect(res.json().meta.total, query).toBe(names.length);
    }
  });

  it('pages them, a page past the last still counting them', async () => {
    const second = await get('/v1/member?kind=walk_in&visited=not_14&per_page=1&page=2');
    expect(second.json().data).toHaveLength(1);
    expect(second.json().meta).toMatchObject({ total: 2, pages: 2 });
    const past = await get('/v1/member?kind=walk_in&visited=not_14&per_page=1&page=5');
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.total).toBe(2);
  });

  it('leaves walk-ins out of a search unless asked', async () => {
    expect(firstNamesOf(await get('/v1/member?search=okafor'))).toEqual(['Dayo', 'Efe']);
    expect(firstNamesOf(await get('/v1/member?kind=all&search=okafor'))).toHaveLength(5);
    expect((await get('/v1/member?kind=lead')).statusCode).toBe(400);
  });

  it('combines both with a search', async () => {
    expect(firstNamesOf(await get('/v1/member?kind=walk_in&visited=not_14&search=okafor'))).toEqual(
      ['Bola', 'Chidi'],
    );
    expect(firstNamesOf(await get('/v1/member?kind=walk_in&visited=last_7&search=dayo'))).toEqual(
      [],
    );
  });

  it('exports the members both filters keep', async () => {
    const res = await get('/v1/member/export?kind=walk_in&visited=last_30');
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes('Ada'))).toBe(true);
    expect(lines.some((l) => l.includes('Bola'))).toBe(true);
  });
});
