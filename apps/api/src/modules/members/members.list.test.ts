import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, createTenant, dataOfNewBusiness, type Tenant } from '../../test/tenants';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'LIST' }, other: { code: 'OTHR' } });

const list = (tenant: Tenant, query: string) =>
  call(t.app, 'GET', `/v1/member?${query}`, { token: tenant.token });

describe('GET /v1/member paging', () => {
  let made: { id: number }[] = [];
  beforeAll(async () => {
    made = [];
    for (let i = 0; i < 25; i++) made.push(await addMember(t, owner.token));
    await addMember(t, other.token);
  });

  it('pages newest first with meta, showing only this business', async () => {
    const first = await list(owner, 'page=1&per_page=10');
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, per_page: 10, pages: 3, total: 25 });
    expect(first.json().data.map((m: { id: number }) => m.id)).toEqual(
      made
        .slice(15)
        .reverse()
        .map((m) => m.id),
    );
    const third = await list(owner, 'page=3&per_page=10');
    expect(third.json().data).toHaveLength(5);
    expect(third.json().meta).toEqual({ page: 3, per_page: 10, pages: 3, total: 25 });
    expect(third.json().data.at(-1).id).toBe(made[0]!.id);
    const beyond = await list(owner, 'page=4&per_page=10');
    expect(beyond.json().data).toEqual([]);
  });

  it('accepts up to 1000 per page and refuses more, and bad page numbers', async () => {
    expect((await list(owner, 'per_page=1000')).json().data).toHaveLength(25);
    const tooMany = await list(owner, 'per_page=1001');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.per_page).toBe('Page size must be at most 1000');
    for (const q of ['page=0', 'page=abc', 'per_page=0', `search=${'x'.repeat(101)}`])
      expect((await list(owner, q)).statusCode).toBe(400);
  });
});

describe('GET /v1/member search', () => {
  let ada: { id: number; member_id: string };
  let bisi: { id: number };
  let pct: { id: number };
  let under: { id: number };
  let s: Tenant;
  beforeAll(async () => {
    s = await createTenant(t, { code: 'SRCH' });
    ada = await addMember(t, s.token, {
      first_name: 'Adaeze',
      middle_name: 'Chinwe',
      last_name: 'Nwosu',
      email_address: 'ada.nwosu@gmail.com',
      mobile_number: '08167654321',
    });
    bisi = await addMember(t, s.token, {
      first_name: 'Olubisi',
      last_name: 'Adeyemi',
      email_address: 'bisi@yahoo.com',
      mobile_number: '07031112233',
    });
    pct = await addMember(t, s.token, { first_name: 'Hundred%', email_address: 'p@x.ng' });
    under = await addMember(t, s.token, { first_name: 'Snake_Case', email_address: 'u@x.ng' });
    // Another business's member that would match every term below.
    await addMember(t, other.token, {
      first_name: 'Adaeze',
      middle_name: 'Chinwe',
      last_name: 'Nwosu',
      email_address: 'ada.nwosu@gmail.com',
      mobile_number: '08167654321',
    });
  });

  const ids = async (term: string) => {
    const res = await list(s, `search=${encodeURIComponent(term)}`);
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .data.map((m: { id: number }) => m.id)
      .sort();
  };

  it('matches first, middle and last name, case-insensitively', async () => {
    expect(await ids('adaEZE')).toEqual([ada.id]);
    expect(await ids('CHINWE')).toEqual([ada.id]);
    expect(await ids('nwosu')).toEqual([ada.id]);
    expect(await ids('ade')).toEqual([bisi.id]);
    // A full name as staff type it, with or without a middle name.
    expect(await ids('olubisi  adeyemi')).toEqual([bisi.id]);
    expect(await ids('adaeze chinwe nwosu')).toEqual([ada.id]);
  });

  it('matches e-mail, member ID and phone in local and international form', async () => {
    expect(await ids('@GMAIL.com')).toEqual([ada.id]);
    expect(await ids(ada.member_id.toLowerCase())).toEqual([ada.id]);
    expect(await ids('08167654321')).toEqual([ada.id]);
    expect(await ids('0816 765')).toEqual([ada.id]);
    expect(await ids('+2348167654321')).toEqual([ada.id]);
    expect(await ids('2347031112233')).toEqual([bisi.id]);
    const res = await list(s, 'search=0703111&per_page=10');
    expect(res.json().meta.total).toBe(1);
  });

  it('treats % and _ as the characters typed', async () => {
    expect(await ids('%')).toEqual([pct.id]);
    expect(await ids('_')).toEqual([under.id]);
    expect(await ids('e_c')).toEqual([under.id]);
    expect(await ids('nothing-like-this')).toEqual([]);
  });

  it('answers everyone for an empty search', async () => {
    expect(await ids('')).toHaveLength(4);
  });

  it('folds accents and tone marks both ways', async () => {
    const g = await createTenant(t, { code: 'ACC' });
    const adebayo = await addMember(t, g.token, {
      first_name: 'Adébáyọ̀',
      last_name: 'Ọláníyàn',
      email_address: 'a@x.ng',
    });
    // Stored without marks, typed with them.
    const seun = await addMember(t, g.token, { first_name: 'Seun', last_name: 'Ogunleye' });
    const find = async (term: string) =>
      (await list(g, `search=${encodeURIComponent(term)}`))
        .json()
        .data.map((m: { id: number }) => m.id);
    expect(await find('olaniyan')).toEqual([adebayo.id]);
    expect(await find('ADEBAYO OLANIYAN')).toEqual([adebayo.id]);
    expect(await find('Ọláníyàn')).toEqual([adebayo.id]);
    expect(await find('Ṣèùn')).toEqual([seun.id]);
    expect(await find('ògúnlèyè')).toEqual([seun.id]);
    // Decomposed input (what some phone keyboards send) matches too.
    expect(await find('Ọláníyàn'.normalize('NFD'))).toEqual([adebayo.id]);
  });
});

describe('GET /v1/member account filter', () => {
  it('lists active, inactive or all accounts, with matching totals', async () => {
    const g = await createTenant(t, { code: 'ACCT' });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await addMember(t, g.token, { first_name: `Kemi${i}` }));
    for (const m of [made[1]!, made[3]!]) {
      const off = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
        token: g.token,
        body: { is_active: false },
      });
      expect(off.statusCode).toBe(200);
    }
    const page = async (query: string) => {
      const res = await list(g, query);
      expect(res.statusCode).toBe(200);
      return {
        ids: res.json().data.map((m: { id: number }) => m.id),
        total: res.json().meta.total,
      };
    };
    const newestFirst = (ms: { id: number }[]) => ms.map((m) => m.id).reverse();
    expect(await page('account_status=inactive')).toEqual({
      ids: newestFirst([made[1]!, made[3]!]),
      total: 2,
    });
    expect(await page('account_status=active')).toEqual({
      ids: newestFirst([made[0]!, made[2]!, made[4]!]),
      total: 3,
    });
    expect(await page('account_status=all')).toEqual({ ids: newestFirst(made), total: 5 });
    expect(await page('')).toEqual({ ids: newestFirst(made), total: 5 });
    expect(await page('account_status=inactive&search=kemi3')).toEqual({
      ids: [made[3]!.id],
      total: 1,
    });
    const bad = await list(g, 'account_status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.account_status).toBe('Account status must be active, inactive or all');
    // Another business's filter never shows these.
    expect((await list(other, 'account_status=inactive')).json().data).toEqual([]);
  });
});

describe('GET /v1/member/summary', () => {
  it('counts total, active, new this month and deactivated', async () => {
    const s = await createTenant(t, { code: 'SUMM' });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await addMember(t, s.token));
    // Two deactivated; one joined long ago.
    for (const m of made.slice(0, 2)) {
      const body = { is_active: false };
      await call(t.app, 'PATCH', `/v1/member/${m.id}`, { token: s.token, body });
    }
    await t.db
      .update(members)
      .set({ createdAt: sql`now() - interval '70 days'` })
      .where(eq(members.id, made[4]!.id));
    const res = await call(t.app, 'GET', '/v1/member/summary', { token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 5,
      active: 3,
      new_this_month: 4,
      deactivated: 2,
      lapsed: 0,
      walk_ins: 0,
    });
    expect(await dataOfNewBusiness(t, '/v1/member/summary')).toEqual({
      total: 0,
      active: 0,
      new_this_month: 0,
      deactivated: 0,
      lapsed: 0,
      walk_ins: 0,
    });
  });
});

describe('GET /v1/member search count cap', () => {
  it('counts a broad search up to 1,000 and says the total is a floor', async () => {
    const broad = await createTenant(t, { code: 'BRD' });
    // 1,005 members sharing a surname, written directly: the API would take minutes for this.
    await t.db.execute(sql`
      insert into members (business_id, member_number, member_id, first_name, last_name,
        mobile_number, email_address, city, state)
      select ${broad.businessId}, i, 'BRD-' || lpad(i::text, 5, '0'), 'Member', 'Capwell',
        '+2348030000000', 'm' || i || '@example.com', 'Ikeja', 'Lagos'
      from generate_series(1, 1005) as i`);
    await t.db.execute(sql`update businesses set member_seq = 1005 where id = ${broad.businessId}`);
    const res = await list(broad, 'search=capwell&per_page=10&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({
      page: 2,
      per_page: 10,
      pages: 100,
      total: 1000,
      total_capped: true,
    });
    expect(res.json().data).toHaveLength(10);
    const all = await list(broad, 'per_page=10');
    expect(all.json().meta.total).toBe(1005);
    expect(all.json().meta.total_capped).toBeUndefined();
    const few = await list(broad, 'search=m1000@');
    expect(few.json().meta).toMatchObject({ total: 1, pages: 1 });
    expect(few.json().meta.total_capped).toBeUndefined();
  });
});

describe('GET /v1/member search pages', () => {
  it('pages a search whose matches are all old the same as sorting every match, past the 1,001st too', async () => {
    const gym = await createTenant(t, { code: 'OLD' });
    // 3,200 members joined one a minute: the 1,100 oldest are "Oldfield", the 2,100 newest
    // "Newman", and the 50 newest of those are called Nancy.
    await t.db.execute(sql`
      insert into members (business_id, member_number, member_id, first_name, last_name,
        mobile_number, email_address, city, state, created_at)
      select ${gym.businessId}, i, 'OLD-' || lpad(i::text, 5, '0'),
        case when i > 3150 then 'Nancy' else 'Member' end,
        case when i <= 1100 then 'Oldfield' else 'Newman' end,
        '+2348030000000', 'm' || i || '@example.com', 'Ikeja', 'Lagos',
        now() - (3201 - i) * interval '1 minute'
      from generate_series(1, 3200) as i`);
    await t.db.execute(sql`update businesses set member_seq = 3200 where id = ${gym.businessId}`);
    const codes = (res: { json: () => { data: { member_id: string }[] } }) =>
      res.json().data.map((m) => m.member_id);
    const code = (i: number) => `OLD-${String(i).padStart(5, '0')}`;
    const newest = (from: number, n: number) => Array.from({ length: n }, (_, k) => code(from - k));
    // None of the 2,000 newest members is an Oldfield: the page comes from every match sorted.
    const first = await list(gym, 'search=oldfield&per_page=10');
    expect(first.json().meta).toMatchObject({ total: 1000, total_capped: true });
    expect(codes(first)).toEqual(newest(1100, 10));
    // Page 11 of 100 holds the matches past the 1,000th: members 100 … 1.
    const deep = await list(gym, 'search=oldfield&per_page=100&page=11');
    expect(deep.statusCode).toBe(200);
    expect(codes(deep)).toEqual(newest(100, 100));
    expect(deep.json().meta).toMatchObject({ page: 11, total: 1000, total_capped: true });
    // A page past every match is empty and still counts them.
    const past = await list(gym, 'search=oldfield&per_page=1000&page=3');
    expect(past.json().data).toEqual([]);
    expect(past.json().meta).toMatchObject({ total: 1000, total_capped: true });
    // A broad term among the newest members: the page comes from them.
    expect(codes(await list(gym, 'search=newman&per_page=20&page=2'))).toEqual(newest(3180, 20));
    // A narrow search: every match known, sorted newest first; a page past it keeps its total.
    const narrow = await list(gym, 'search=nancy&per_page=20&page=2');
    expect(codes(narrow)).toEqual(newest(3180, 20));
    expect(narrow.json().meta).toMatchObject({ total: 50, pages: 3 });
    expect((await list(gym, 'search=nancy&per_page=20&page=5')).json().meta.total).toBe(50);
    // The same terms in capitals, and a term with letters beyond ASCII, match the same way.
    expect(codes(await list(gym, 'search=OLDFIELD&per_page=5'))).toEqual(newest(1100, 5));
    expect((await list(gym, 'search=Ñancy')).json().meta.total).toBe(50);
    await t.db.execute(sql`update members set first_name = 'Søren' where member_id = ${code(1)}`);
    expect(codes(await list(gym, `search=${encodeURIComponent('SØREN')}`))).toEqual([code(1)]);
  });
});
