import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, type Tenant } from '../../test/tenants';
import { addVisits } from '../../test/visits';

// A fixed clock: Wednesday 18 March 2026, 10:00 in Lagos.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-18T10:00:00+01:00') });
afterAll(() => vi.useRealTimers());

const t = useTestApp();
const { owner, staff, admin, other } = useTenants(t, {
  owner: { code: 'VEX', name: 'Visits Gym' },
  staff: { role: 'staff', of: 'owner' },
  admin: { role: 'admin', of: 'owner' },
  other: { code: 'VEO' },
});

const exportOf = (tenant: Tenant, query = '') =>
  call(t.app, 'GET', `/v1/check-in/export${query ? `?${query}` : ''}`, { token: tenant.token });

/** The CSV's lines (without the BOM). */
const linesOf = (body: string) => {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return body.slice(1).split('\r\n').slice(0, -1);
};

const HEADER =
  'Date,Time,Member ID,First name,Last name,Found by,Recorded by,Overridden,Override reason';

let ada: { id: number; member_id: string };
let bola: { id: number; member_id: string };

beforeAll(async () => {
  ada = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
  bola = await addMember(t, owner.token, { first_name: 'Bola', last_name: '=Tinubu' });
  const zed = await addMember(t, other.token, { first_name: 'Zed', last_name: 'Secretother' });
  const b = owner.businessId;
  await addVisits(t, [
    // 23:30 UTC on the 16th is 00:30 on the 17th in Lagos.
    { businessId: b, memberId: ada.id, at: '2026-03-16T23:30:00Z', recordedByUserId: owner.userId },
    {
      businessId: b,
      memberId: bola.id,
      at: '2026-03-17T07:42:00+01:00',
      foundBy: 'card',
      recordedByUserId: staff.userId,
      overrideReason: 'Paying at the end of the week',
    },
    {
      businessId: b,
      memberId: ada.id,
      at: '2026-03-18T06:05:00+01:00',
      foundBy: 'name',
      recordedByUserId: owner.userId,
      overrideReason: 'Owner let her in',
    },
    { businessId: b, memberId: bola.id, at: '2026-03-10T18:00:00+01:00', foundBy: 'kiosk' },
    { businessId: other.businessId, memberId: zed.id, at: '2026-03-17T09:00:00+01:00' },
  ]);
});

describe('GET /v1/check-in/export', () => {
  it('answers every visit of the days asked, newest first, in Lagos time', async () => {
    const res = await exportOf(owner, 'date_from=2026-03-17&date_to=2026-03-18');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="visits-2026-03-18.csv"');
    const lines = linesOf(res.body);
    expect(lines).toEqual([
      HEADER,
      `18/03/2026,06:05,${ada.member_id},Ada,Obi,Name,Ada Okafor,Yes,Owner let her in`,
      `17/03/2026,07:42,${bola.member_id},Bola,'=Tinubu,Card,Ada Okafor,Yes,Paying at the end of the week`,
      `17/03/2026,00:30,${ada.member_id},Ada,Obi,Phone,Ada Okafor,No,`,
    ]);
  });

  it('shows staff the override reasons of the visits they recorded only; admins see all', async () => {
    const forStaff = linesOf((await exportOf(staff, 'date_from=2026-03-17')).body);
    expect(forStaff[1]).toMatch(/,Yes,$/);
    expect(forStaff[2]).toMatch(/,Yes,Paying at the end of the week$/);
    const forAdmin = linesOf((await exportOf(admin, 'date_from=2026-03-17')).body);
    expect(forAdmin[1]).toMatch(/,Yes,Owner let her in$/);
  });

  it('filters by how the member was found; a kiosk visit says Kiosk', async () => {
    const lines = linesOf((await exportOf(owner, 'found_by=kiosk')).body);
    expect(lines).toEqual([
      HEADER,
      `10/03/2026,18:00,${bola.member_id},Bola,'=Tinubu,Kiosk,Kiosk,No,`,
    ]);
  });

  it("never holds another gym's visits", async () => {
    const ours = (await exportOf(owner)).body;
    expect(linesOf(ours)).toHaveLength(5);
    expect(ours).not.toContain('Secretother');
    const theirs = linesOf((await exportOf(other)).body);
    expect(theirs).toHaveLength(2);
    expect(theirs[1]).toContain('Secretother');
  });

  it('answers an .xlsx with real date cells', async () => {
    const res = await exportOf(owner, 'format=xlsx&date_from=2026-03-18');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Visits')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date('2026-03-18T00:00:00Z'));
    expect(sheet.getRow(2).getCell(2).value).toBe('06:05');
  });

  it('refuses bad filters in words', async () => {
    const backwards = await exportOf(owner, 'date_from=2026-03-18&date_to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.date_to).toBe('To date must be on or after From date');
    const notADay = await exportOf(owner, 'date_from=2026-02-30');
    expect(notADay.json().errors.date_from).toBe('From date must be a date (YYYY-MM-DD)');
    const found = await exportOf(owner, 'found_by=%00');
    expect(found.statusCode).toBe(400);
    expect((await exportOf(owner, 'format=pdf')).statusCode).toBe(400);
  });
});
