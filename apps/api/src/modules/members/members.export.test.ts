import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '@kora/shared';
import { call, json, logIn } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, type Tenant } from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'EXP' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTH' },
});

const exportOf = (tenant: Tenant, query = '') =>
  call(t.app, 'GET', `/v1/member/export${query ? `?${query}` : ''}`, { token: tenant.token });

/** The CSV's lines (without the BOM), split into fields (no field here holds a comma). */
const linesOf = (body: string) => {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return body.slice(1).split('\r\n').slice(0, -1);
};

const HEADER =
  'Member ID,First name,Middle name,Last name,Phone,E-mail,City,State,Gender,Date of birth,' +
  'Status,Current plan,Expiry date,Account,Last visit,Joined';

const today = lagosDay();
const [y, m, d] = today.split('-');
const todayText = `${d}/${m}/${y}`;

describe('GET /v1/member/export', () => {
  let ade: { id: number; member_id: string };
  let plan: { id: number };
  beforeAll(async () => {
    plan = await addPlan(t, owner.token, { name: 'Gold Monthly', amount: 25000 });
    await addMember(t, owner.token, {
      first_name: 'Chiamaka',
      last_name: 'Eze',
      mobile_number: '08031112222',
      email_address: 'chiamaka@example.com',
    });
    ade = await addMember(t, owner.token, {
      first_name: 'Adébáyọ̀',
      middle_name: 'Olúwaṣeun',
      last_name: 'Ọláníyàn',
      mobile_number: '08035556666',
      email_address: 'adebayo@example.com',
      city: 'Ìbàdàn',
      state: 'Ọ̀yọ́',
      gender: 'Male',
      date_of_birth: '1990-03-07',
    });
    await pay(t, owner, paymentBody(ade.id, plan.id, 25000));
    const risky = await addMember(t, owner.token, {
      first_name: '=HYPERLINK("http://evil.example")',
      last_name: '@SUM(A1)',
      city: '+Lagos',
      state: '-Lagos',
      email_address: 'risky@example.com',
    });
    await call(t.app, 'PATCH', `/v1/member/${risky.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    await addMember(t, other.token, { first_name: 'Secretother', email_address: 'x@other.com' });
  });

  it('answers a CSV attachment a gym owner can open: header, every member, newest first', async () => {
    const res = await exportOf(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="members-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
    // Newest first: the risky member, then Adébáyọ̀, then Chiamaka.
    expect(lines[2]).toBe(
      `${ade.member_id},Adébáyọ̀,Olúwaṣeun,Ọláníyàn,08035556666,adebayo@example.com,Ìbàdàn,Ọ̀yọ́,` +
        `Male,07/03/1990,Active,Gold Monthly,${lines[2]!.split(',')[12]},Active,,${todayText}`,
    );
    expect(lines[2]!.split(',')[12]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(lines[3]).toMatch(
      /^EXP-\d+,Chiamaka,,Eze,08031112222,chiamaka@example\.com,Ikeja,Lagos,,,No Subscription,,,Active,/,
    );
    // Diacritics intact, as UTF-8.
    expect(Buffer.from(res.rawPayload).includes(Buffer.from('Ọláníyàn', 'utf8'))).toBe(true);
    // Another business's members are never there.
    expect(res.body).not.toContain('Secretother');
  });

  it('neutralises formulas: a cell starting with = + - @ gets a leading apostrophe', async () => {
    const lines = linesOf((await exportOf(owner)).body);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(`,'@SUM(A1),`);
    expect(lines[1]).toContain(`,'+Lagos,'-Lagos,`);
    expect(lines[1]).toContain(',Deactivated,');
  });

  it('applies the list filters: search (with or without accents) and account status', async () => {
    const search = linesOf((await exportOf(owner, 'search=olaniyan')).body);
    expect(search).toHaveLength(2);
    expect(search[1]).toContain('Adébáyọ̀');
    const byPhone = linesOf((await exportOf(owner, 'search=08031112222')).body);
    expect(byPhone.slice(1).map((l) => l.split(',')[1])).toEqual(['Chiamaka']);
    const inactive = linesOf((await exportOf(owner, 'account_status=inactive')).body);
    expect(inactive).toHaveLength(2);
    expect(inactive[1]).toContain('Deactivated');
    const active = linesOf((await exportOf(owner, 'account_status=active&page=3')).body);
    expect(active).toHaveLength(3);
    expect(linesOf((await exportOf(owner, 'search=secretother')).body)).toEqual([HEADER]);
  });

  it('answers an .xlsx with typed cells: text, real dates (dd/mm/yyyy)', async () => {
    const res = await exportOf(owner, 'format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="members-${today}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Members')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    const row = sheet.getRow(3);
    expect(row.getCell(2).value).toBe('Adébáyọ̀');
    expect(row.getCell(4).value).toBe('Ọláníyàn');
    expect(row.getCell(5).value).toBe('08035556666');
    expect(row.getCell(10).value).toEqual(new Date('1990-03-07T00:00:00Z'));
    expect(row.getCell(10).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(13).value).toBeInstanceOf(Date);
    expect(row.getCell(16).value).toEqual(new Date(`${today}T00:00:00Z`));
    expect(row.getCell(11).value).toBe('Active');
    // Text cells stay text: no formula, whatever they start with.
    expect(sheet.getRow(2).getCell(2).value).toBe('=HYPERLINK("http://evil.example")');
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain('Secretother');
  });

  it('is open to every role that reads members; refuses a user without a business and a bad format', async () => {
    expect((await exportOf(staff)).statusCode).toBe(200);
    const loner = await createTenant(t);
    await t.db.execute(sql`update users set business_id = null where id = ${loner.userId}`);
    // Signed in again: a session of a user without a business (the old token names the
    // business the user left, which answers ACCESS_REMOVED instead).
    const login = await logIn(t, loner.email, loner.password);
    const res = await exportOf({ ...loner, token: json(login).data.access_token as string });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Complete your business setup first.');
    const bad = await exportOf(owner, 'format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ format: 'Format must be csv or xlsx' });
    expect((await call(t.app, 'GET', '/v1/member/export')).statusCode).toBe(401);
  });
});

describe('GET /v1/member/export of many members', () => {
  const { big } = useTenants(t, { big: { code: 'BIG' } });
  const COUNT = 2500;

  beforeAll(async () => {
    // 2,500 members written at once, with equal created_at by tens (the keyset must keep ties).
    await t.db.execute(sql`
      insert into members (business_id, member_number, member_id, first_name, last_name,
        mobile_number, email_address, city, state, created_at, updated_at)
      select ${big.businessId}, g, 'BIG-' || lpad(g::text, 5, '0'), 'Member' || g, 'Bulk',
        '+234803' || lpad(g::text, 7, '0'), 'bulk' || g || '@example.com', 'Ikeja', 'Lagos',
        timestamptz '2026-01-01 00:00:00.123456+00' + (g / 10) * interval '1 second',
        now()
      from generate_series(1, ${COUNT}) g`);
    await t.db.execute(
      sql`update businesses set member_seq = ${COUNT} where id = ${big.businessId}`,
    );
  });

  it('exports every one of 2,500 members once, newest first, read in batches', async () => {
    const csv = linesOf((await exportOf(big)).body).slice(1);
    expect(csv).toHaveLength(COUNT);
    const numbers = csv.map((l) => Number(l.split(',')[0]!.slice(4)));
    expect(new Set(numbers).size).toBe(COUNT);
    // created_at desc, then id desc among equal created_at (ids follow the numbers here).
    const expected = Array.from({ length: COUNT }, (_, i) => i + 1).sort(
      (a, b) => Math.floor(b / 10) - Math.floor(a / 10) || b - a,
    );
    expect(numbers).toEqual(expected);
    expect(csv[0]).toContain(',08030002500,');

    const xlsx = await exportOf(big, 'format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Members')!.rowCount).toBe(COUNT + 1);
  });
});

describe('GET /v1/member/export with compression on', () => {
  const c = useTestApp({ httpCompression: true });
  const { gym } = useTenants(c, { gym: { code: 'ZIP' } });
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) await addMember(c, gym.token, { first_name: `Zipped${i}` });
  });

  it('compresses the CSV but not the .xlsx (already zipped)', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const csv = await call(c.app, 'GET', '/v1/member/export', { token: gym.token, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBeDefined();
    const xlsx = await call(c.app, 'GET', '/v1/member/export?format=xlsx', {
      token: gym.token,
      headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Members')!.rowCount).toBe(31);
  });
});
