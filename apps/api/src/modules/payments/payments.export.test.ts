import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates } from '../../test/payments';

/* The payments and subscriptions exports (the members export: members.export.test.ts). */

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'PEX' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'POT' },
});

const get = (tenant: Tenant, url: string) => call(t.app, 'GET', url, { token: tenant.token });

/** The CSV's lines (without the BOM). */
const linesOf = (body: string) => {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return body.slice(1).split('\r\n').slice(0, -1);
};

const today = lagosDay();
const en = (day: string) => day.split('-').reverse().join('/');

const loadXlsx = async (payload: Buffer, sheet: string) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  return book.getWorksheet(sheet)!;
};

let ngozi: { id: number; member_id: string };
let tunde: { id: number; member_id: string };
let monthly: { id: number };
let quarterly: { id: number };
let expiredSub: number;
/** The receipt numbers of Ngozi's and Tunde's payments. */
let ngoziReceipt: string;
let tundeReceipt: string;

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  quarterly = await addPlan(t, owner.token, {
    name: 'Quarterly Ọ̀pẹ́',
    amount: 60000.5,
    duration: 3,
  });
  ngozi = await addMember(t, owner.token, { first_name: 'Ngozi', last_name: 'Okafor' });
  tunde = await addMember(t, owner.token, { first_name: 'Túndé', last_name: 'Bákàrè' });
  const first = await pay(t, owner, paymentBody(ngozi.id, monthly.id, 25000, { method: 'Cash' }));
  expiredSub = first.subscription.id;
  ngoziReceipt = first.receipt_number;
  await setSubscriptionDates(t, expiredSub, '2026-01-01', '2026-01-31');
  const second = await pay(
    t,
    owner,
    paymentBody(tunde.id, quarterly.id, 120001, {
      method: 'Transfer',
      duration: 2,
      purpose: '=cmd|calc',
    }),
  );
  tundeReceipt = second.receipt_number;
  const otherPlan = await addPlan(t, other.token, { name: 'Secret plan' });
  const otherMember = await addMember(t, other.token, { first_name: 'Secretother' });
  await pay(t, other, paymentBody(otherMember.id, otherPlan.id, 25000));
});

describe('GET /v1/payment/export', () => {
  const HEADER =
    'Date,Receipt,Member,Member ID,Plan,Periods,Amount (₦),Method,Purpose,Status,Refunded (₦),Net (₦)';

  it('answers a CSV of the payments, newest first, in naira and en-NG days', async () => {
    const res = await get(owner, '/v1/payment/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payments-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(linesOf(res.body)).toEqual([
      HEADER,
      // A transfer recorded at the desk waits to be confirmed against the bank statement.
      `${en(today)},${tundeReceipt},Túndé Bákàrè,${tunde.member_id},Quarterly Ọ̀pẹ́,2,120001.00,Transfer,'=cmd|calc,Unconfirmed,0.00,120001.00`,
      `${en(today)},${ngoziReceipt},Ngozi Okafor,${ngozi.member_id},Monthly,1,25000.00,Cash,Subscription payment,,0.00,25000.00`,
    ]);
    expect(res.body).not.toContain('Secret');
  });

  it('applies the list filters: method, member, plan, days', async () => {
    const lines = async (query: string) =>
      linesOf((await get(owner, `/v1/payment/export?${query}`)).body).slice(1);
    expect(await lines('method=Cash')).toHaveLength(1);
    expect((await lines('method=Cash'))[0]).toContain('Ngozi');
    expect(await lines(`member_id=${tunde.id}`)).toHaveLength(1);
    expect(await lines(`subscription_type_id=${monthly.id}`)).toHaveLength(1);
    expect(await lines(`start_date=${addDays(today, 1)}`)).toEqual([]);
    expect(await lines(`end_date=${today}&start_date=${today}`)).toHaveLength(2);
    const bad = await get(owner, `/v1/payment/export?start_date=${today}&end_date=2020-01-01`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers an .xlsx with real day cells and numeric naira cells', async () => {
    const res = await get(owner, '/v1/payment/export?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await loadXlsx(res.rawPayload, 'Payments');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(7).value).toBe('Amount');
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toEqual(new Date(`${today}T00:00:00Z`));
    expect(row.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(2).value).toBe(tundeReceipt);
    expect(row.getCell(3).value).toBe('Túndé Bákàrè');
    expect(row.getCell(6).value).toBe(2);
    expect(row.getCell(7).value).toBe(120001);
    expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(7).numFmt).toBe('"₦"#,##0.00');
    expect(row.getCell(9).value).toBe('=cmd|calc');
    expect(row.getCell(12).value).toBe(120001);
  });

  it('is refused to staff while the owner keeps revenue from them', async () => {
    expect((await get(staff, '/v1/payment/export')).statusCode).toBe(403);
  });
});

describe('GET /v1/subscription/export', () => {
  const HEADER = 'Member,Member ID,Plan,Start,Last day,Periods,Amount (₦),Group,Status';

  it('answers a CSV of the subscriptions with the status the list shows', async () => {
    const res = await get(owner, '/v1/subscription/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="subscriptions-${today}.csv"`,
    );
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Túndé Bákàrè,${tunde.member_id},Quarterly Ọ̀pẹ́,${en(today)},\\d\\d/\\d\\d/\\d{4},2,120001\\.00,,Active$`,
      ),
    );
    expect(lines[2]).toBe(
      `Ngozi Okafor,${ngozi.member_id},Monthly,01/01/2026,31/01/2026,1,25000.00,,Expired`,
    );
    expect(res.body).not.toContain('Secret');
  });

  it('applies the list filters (status, member, days) and answers an .xlsx', async () => {
    const lines = async (query: string) =>
      linesOf((await get(owner, `/v1/subscription/export?${query}`)).body).slice(1);
    expect(await lines('status=expired')).toHaveLength(1);
    expect((await lines('status=active'))[0]).toContain('Túndé');
    expect(await lines(`member_id=${ngozi.id}`)).toHaveLength(1);
    expect(await lines('start_date=2026-01-10&end_date=2026-01-20')).toHaveLength(1);

    const res = await get(owner, '/v1/subscription/export?format=xlsx&status=expired');
    const sheet = await loadXlsx(res.rawPayload, 'Subscriptions');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(4).value).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(row.getCell(5).value).toEqual(new Date('2026-01-31T00:00:00Z'));
    expect(row.getCell(7).value).toBe(25000);
    expect(row.getCell(9).value).toBe('Expired');
  });

  it('is open to staff (subscriptions.read)', async () => {
    expect((await get(staff, '/v1/subscription/export')).statusCode).toBe(200);
  });

  it("names a group plan's people: whom the payer covers, and who covers each member", async () => {
    const duo = await addGroupPlan(t, owner.token, 3);
    const kemi = await addMember(t, owner.token, { first_name: 'Kemi', last_name: 'Ade' });
    const femi = await addMember(t, owner.token, { first_name: 'Femi', last_name: 'Ade' });
    const bola = await addMember(t, owner.token, { first_name: 'Bola', last_name: 'Ade' });
    await pay(
      t,
      owner,
      paymentBody(kemi.id, duo.id, 30000, { group_member_ids: [femi.id, bola.id] }),
    );
    const line = async (memberId: number) =>
      linesOf((await get(owner, `/v1/subscription/export?member_id=${memberId}`)).body)[1];
    expect(await line(kemi.id)).toMatch(/,30000\.00,Covers 2 others,Active$/);
    expect(await line(femi.id)).toMatch(
      new RegExp(`,,Covered by Kemi Ade \\(${kemi.member_id}\\),Active$`),
    );
    expect(await line(bola.id)).toContain(`Covered by Kemi Ade (${kemi.member_id})`);
  });
});
