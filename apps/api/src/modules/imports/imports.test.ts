import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, addDays, addMonths, lagosDay } from '@kora/shared';
import { memberImports, members, subscriptions } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, memberBody, type Tenant } from '../../test/tenants';
import { purgeOldImports } from './imports.job';
import { importNextBatch, IMPORT_BATCH } from './imports.service';
import { parseSheetDay } from './imports.rows';
import { MAX_UNZIPPED_BYTES, declaredUnzippedBytes } from './imports.sheet';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'IMPT', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'IMOT', name: 'Other Gym' },
});

/** Uploads a file as the web app does (multipart, field `file`). */
const upload = (tenant: Tenant, body: Buffer, filename: string) => {
  const form = new FormData();
  form.append('file', body, { filename });
  return t.app.inject({
    method: 'POST',
    url: '/v1/member-import',
    payload: form.getBuffer(),
    headers: { ...form.getHeaders(), authorization: `Bearer ${tenant.token}` },
  });
};

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

/** A workbook's bytes from rows of cell values (a merged title row when `title` is given). */
const workbook = async (rows: ExcelJS.CellValue[][], title?: string) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Members');
  if (title) {
    ws.addRow([title]);
    ws.mergeCells(1, 1, 1, rows[0]!.length);
  }
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const preview = (
  tenant: Tenant,
  id: number,
  mapping: Record<string, number>,
  duplicates = 'skip',
) =>
  call(t.app, 'PUT', `/v1/member-import/${id}`, {
    token: tenant.token,
    body: { mapping, duplicates },
  });

/** Runs the background job until the import is done. */
const runJob = async () => {
  for (let i = 0; i < 100 && (await importNextBatch(t.db)); i++);
};

const membersOf = (tenant: Tenant) =>
  t.db.select().from(members).where(eq(members.businessId, tenant.businessId)).orderBy(members.id);

describe('reading dates from sheets', () => {
  it('reads the day first, as Nigerian sheets write it, and the usual other forms', () => {
    const today = '2026-11-25';
    expect(parseSheetDay('05/03/2026', today)).toBe('2026-03-05');
    expect(parseSheetDay('5-3-26', today)).toBe('2026-03-05');
    expect(parseSheetDay('2026-03-05', today)).toBe('2026-03-05');
    expect(parseSheetDay('5 March 2026', today)).toBe('2026-03-05');
    expect(parseSheetDay('5-Mar-2026', today)).toBe('2026-03-05');
    expect(parseSheetDay('March 5, 2026', today)).toBe('2026-03-05');
    expect(parseSheetDay('14/07/85', today)).toBe('1985-07-14');
    expect(parseSheetDay('46086', today)).toBe('2026-03-05');
    expect(parseSheetDay('31/02/2026', today)).toBeNull();
    expect(parseSheetDay('13/13/2026', today)).toBeNull();
    expect(parseSheetDay('soon', today)).toBeNull();
  });
});

describe('member import', () => {
  it('a messy real-world sheet imports exactly as previewed', async () => {
    const gold = await addPlan(t, owner.token, { name: 'Gold Monthly', amount: 30000 });
    const existing = await addMember(t, owner.token, {
      first_name: 'Existing',
      last_name: 'Member',
      mobile_number: '08035550000',
      email_address: 'existing@example.com',
    });
    const expiry = addDays(lagosDay(), 20);
    const [ey, em, ed] = expiry.split('-');
    const file = await workbook(
      [
        ['S/N', 'First Name', 'Surname', 'Tel', 'E-mail', 'Sex', 'Plan', 'Expiry Date'],
        [
          1,
          'Adébáyọ̀',
          'Ọláníyàn',
          8031234001,
          'ADEBAYO@Example.com',
          'M',
          'gold monthly',
          `${ed}/${em}/${ey}`,
        ],
        [2, 'Chiamaka', 'Eze', '+234 803 123 4002', 'chiamaka@example.com', 'Female', null, null],
        [],
        [3, 'Bad', 'Phone', '12345', 'bad.phone@example.com', 'F', null, null],
        [4, 'No', 'Email', '08031234004', 'not-an-email', null, null, null],
        [5, '', 'Nameless', '08031234005', 'nameless@example.com', null, null, null],
        [6, 'Chiamaka', 'Eze', '0803 123 4002', 'chiamaka2@example.com', 'F', null, null],
        [7, 'Existing', 'Again', '08035550000', 'someone@example.com', null, null, null],
        [
          8,
          'Tunde',
          'Bakare',
          '2348031234008',
          'tunde@example.com',
          null,
          'Platinum',
          '01/01/2027',
        ],
        [9, 'Ngozi', 'Okafor', '08031234009', 'ngozi@example.com', null, null, null],
      ],
      'IRON PARADISE MEMBERS LIST',
    );
    const up = await upload(owner, file, 'members.xlsx');
    expect(up.statusCode).toBe(201);
    const draft = up.json().data;
    expect(draft).toMatchObject({ status: 'draft', header_row: 2, total_rows: 9 });
    expect(draft.mapping).toEqual({
      first_name: 1,
      last_name: 2,
      mobile_number: 3,
      email_address: 4,
      gender: 5,
      plan: 6,
      expiry_date: 7,
    });
    expect(draft.columns[3]).toMatchObject({
      header: 'Tel',
      samples: ['8031234001', '+234 803 123 4002', '12345'],
    });

    const res = await preview(owner, draft.id, draft.mapping);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.counts).toEqual({ create: 3, update: 0, skip: 1, refuse: 5 });
    const byRow = Object.fromEntries(p.preview_rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[3]).toMatchObject({
      outcome: 'create',
      first_name: 'Adébáyọ̀',
      last_name: 'Ọláníyàn',
      mobile_number: '+2348031234001',
      email_address: 'adebayo@example.com',
      plan: 'Gold Monthly',
      expiry_date: expiry,
    });
    expect(byRow[6].problems).toEqual(['Enter a valid Nigerian phone number']);
    expect(byRow[7].problems).toEqual(['Invalid email address']);
    expect(byRow[8].problems).toEqual(['First name must be at least 2 characters']);
    expect(byRow[9].problems).toEqual(['Same phone number as row 4']);
    expect(byRow[10]).toMatchObject({
      outcome: 'skip',
      existing_member: `${existing.member_id} Existing Member`,
    });
    expect(byRow[11].problems).toEqual([
      'No plan named “Platinum”: add it under Subscription Plans first',
    ]);

    const start = await call(t.app, 'POST', `/v1/member-import/${draft.id}/start`, {
      token: owner.token,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().data.status).toBe('running');
    await runJob();
    const done = (
      await call(t.app, 'GET', `/v1/member-import/${draft.id}`, { token: owner.token })
    ).json().data;
    expect(done).toMatchObject({ status: 'done', processed_rows: 9 });
    expect(done.counts).toEqual(p.counts);
    // The answer polled while it runs reads only the first rows, for the same samples.
    expect(done.columns).toEqual(draft.columns);

    const all = await membersOf(owner);
    const imported = all.filter((m) => m.id !== existing.id);
    expect(imported.map((m) => `${m.firstName} ${m.lastName} ${m.mobileNumber}`)).toEqual(
      expect.arrayContaining([
        'Adébáyọ̀ Ọláníyàn +2348031234001',
        'Chiamaka Eze +2348031234002',
        'Ngozi Okafor +2348031234009',
      ]),
    );
    const ade = imported.find((m) => m.firstName === 'Adébáyọ̀')!;
    expect(ade).toMatchObject({
      city: 'Ikeja',
      state: 'Lagos',
      gender: 'Male',
      emailAddress: 'adebayo@example.com',
    });
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.memberId, ade.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      subscriptionTypeId: gold.id,
      paymentId: null,
      expiryDate: expiry,
      startDate: addMonths(addDays(expiry, 1), -1),
    });
    // The subscriptions export leaves the amount of an imported subscription empty.
    const exported = await call(t.app, 'GET', '/v1/subscription/export?format=csv', {
      token: owner.token,
    });
    const csvLines = exported.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const amountAt = csvLines[0]!.split(',').findIndex((h) => h.startsWith('Amount'));
    const adeLine = csvLines.find((l) => l.startsWith('Adébáyọ̀ Ọláníyàn,'))!;
    expect(adeLine.split(',')[amountAt]).toBe('');
    // The member list shows them Active on their plan.
    const listed = await call(t.app, 'GET', `/v1/member/${ade.id}`, { token: owner.token });
    expect(listed.json().data).toMatchObject({ subscription_status: 1 });

    const refused = await call(t.app, 'GET', `/v1/member-import/${draft.id}/refused`, {
      token: owner.token,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['content-type']).toContain('text/csv');
    const lines = refused.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('S/N,First Name,Surname,Tel,E-mail,Sex,Plan,Expiry Date,Row,Reason');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe(
      '3,Bad,Phone,12345,bad.phone@example.com,F,,,6,Enter a valid Nigerian phone number',
    );
  });

  it('refuses files it cannot import, in words', async () => {
    const pdf = await upload(owner, Buffer.from('%PDF-1.4 binary'), 'members.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(IMPORT_MESSAGES.fileType);
    const empty = await upload(owner, csv(['First Name,Last Name,Phone', '', ',,']), 'empty.csv');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMPORT_MESSAGES.empty);
    const big = await upload(
      owner,
      csv([
        'First,Last,Phone,Email',
        ...Array.from({ length: 10_001 }, (_, i) => `A,B,080${i},a${i}@x.com`),
      ]),
      'big.csv',
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(IMPORT_MESSAGES.tooManyRows);
    const broken = await upload(
      owner,
      Buffer.from('PK\u0003\u0004 not really a zip'),
      'members.xlsx',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(IMPORT_MESSAGES.unreadable);
  });

  it('hostile cells are refused with the form’s words, never stored', async () => {
    const up = await upload(
      owner,
      csv([
        'First Name;Last Name;Phone;Email;__proto__',
        `Ada\u0000;Nwosu;08031230001;ada.nul@example.com;x`,
        `\u200b\u200b;Nwosu;08031230002;ada.zw@example.com;x`,
        `${'A'.repeat(100_000)};Nwosu;08031230003;ada.long@example.com;x`,
        `Fine;Person;08031230004;fine@example.com;x`,
      ]),
      'hostile.csv',
    );
    expect(up.statusCode).toBe(201);
    const d = up.json().data;
    const res = await preview(owner, d.id, {
      first_name: 0,
      last_name: 1,
      mobile_number: 2,
      email_address: 3,
    });
    const rows = res.json().data.preview_rows;
    expect(rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'refuse',
      'refuse',
      'refuse',
      'create',
    ]);
    expect(rows[0].problems[0]).toMatch(/First name/);
    expect(rows[1].problems).toEqual(['First name must be at least 2 characters']);
    expect(rows[2].problems).toEqual(['First name must be at most 100 characters']);
    const bad = await call(t.app, 'PUT', `/v1/member-import/${d.id}`, {
      token: owner.token,
      body: {
        mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3, __proto__: 1 },
        duplicates: 'skip',
      },
    });
    expect(bad.statusCode).toBe(200);
    const missing = await preview(owner, d.id, {
      first_name: 0,
      mobile_number: 2,
      email_address: 3,
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(IMPORT_MESSAGES.nameRequired);
    const outside = await preview(owner, d.id, {
      first_name: 0,
      last_name: 1,
      mobile_number: 9,
      email_address: 3,
    });
    expect(outside.statusCode).toBe(400);
    expect(JSON.stringify(outside.json())).toContain(IMPORT_MESSAGES.columnMissing);
  });

  it('updates members already added when asked, and gives them the subscription once', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Quarterly', amount: 60000, duration: 3 });
    const m = await addMember(t, owner.token, {
      first_name: 'Kemi',
      last_name: 'Adeyemi',
      mobile_number: '08036660001',
      email_address: 'kemi@example.com',
      city: 'Yaba',
    });
    const file = csv([
      'Full Name,Phone Number,Email Address,City,Plan,Expires',
      'Kemi Adeyemi-Cole,0803 666 0001,kemi@example.com,,Quarterly,31/12/2030',
    ]);
    for (let round = 0; round < 2; round++) {
      // The same file twice: the second upload is a new draft once the first has run.
      const up = await upload(owner, file, 'update.csv');
      const id = up.json().data.id;
      const res = await preview(owner, id, up.json().data.mapping, 'update');
      expect(res.json().data.counts).toEqual({ create: 0, update: 1, skip: 0, refuse: 0 });
      await call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: owner.token });
      await runJob();
    }
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ firstName: 'Kemi', lastName: 'Adeyemi-Cole', city: 'Yaba' });
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.memberId, m.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      subscriptionTypeId: plan.id,
      startDate: '2030-10-01',
      expiryDate: '2030-12-31',
    });
  });

  it('the same file sent twice answers the same draft; start twice imports once', async () => {
    const file = csv([
      'First Name,Last Name,Phone,Email',
      'Once,Only,08037770001,once@example.com',
    ]);
    const a = await upload(owner, file, 'twice.csv');
    const b = await upload(owner, file, 'twice.csv');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.id).toBe(a.json().data.id);
    const id = a.json().data.id;
    const early = await call(t.app, 'POST', `/v1/member-import/${id}/start`, {
      token: owner.token,
    });
    expect(early.statusCode).toBe(400);
    await preview(owner, id, a.json().data.mapping);
    const [s1, s2] = await Promise.all([
      call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: owner.token }),
      call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: staff.token }),
    ]);
    expect([s1.statusCode, s2.statusCode]).toEqual([200, 200]);
    await runJob();
    await runJob();
    const found = await t.db
      .select()
      .from(members)
      .where(
        and(eq(members.businessId, owner.businessId), eq(members.emailAddress, 'once@example.com')),
      );
    expect(found).toHaveLength(1);
    const late = await preview(owner, id, a.json().data.mapping);
    expect(late.statusCode).toBe(409);
  });

  it('another business’s import is not found', async () => {
    const up = await upload(
      owner,
      csv(['First Name,Last Name,Phone,Email', 'Ada,Obi,08038880001,ada.obi@example.com']),
      'mine.csv',
    );
    const id = up.json().data.id;
    for (const [method, url] of [
      ['GET', `/v1/member-import/${id}`],
      ['POST', `/v1/member-import/${id}/start`],
      ['GET', `/v1/member-import/${id}/refused`],
    ] as const) {
      const res = await call(t.app, method, url, { token: other.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(IMPORT_MESSAGES.notFound);
    }
    const res = await preview(other, id, up.json().data.mapping);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(memberImports).where(eq(memberImports.id, id));
    expect(row!.mapping).toBeNull();
  });

  it('imports in batches, with progress saved with each batch', async () => {
    const n = IMPORT_BATCH + 20;
    const lines = ['First Name,Last Name,Phone,Email'];
    for (let i = 0; i < n; i++)
      lines.push(
        `Batch,Member${i},0809${String(1000000 + i).padStart(7, '0')},batch${i}@example.com`,
      );
    const up = await upload(other, csv(lines), 'batch.csv');
    const id = up.json().data.id;
    await preview(other, id, up.json().data.mapping);
    await call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: other.token });
    expect(await importNextBatch(t.db)).toBe(true);
    const mid = (await call(t.app, 'GET', `/v1/member-import/${id}`, { token: other.token })).json()
      .data;
    expect(mid).toMatchObject({ status: 'running', processed_rows: IMPORT_BATCH });
    expect(mid.counts.create).toBe(IMPORT_BATCH);
    await runJob();
    const done = (
      await call(t.app, 'GET', `/v1/member-import/${id}`, { token: other.token })
    ).json().data;
    expect(done).toMatchObject({ status: 'done', processed_rows: n, counts: { create: n } });
    const codes = (await membersOf(other)).map((m) => m.memberCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.at(-1)).toBe(`IMOT-${String(codes.length).padStart(5, '0')}`);
  });

  it('deletes drafts after 7 days and finished imports after 30, keeping running ones', async () => {
    const day = 86_400_000;
    const lines = (tag: string) =>
      csv([
        'First Name,Last Name,Phone,Email',
        `Keep,${tag},0803999${tag},${tag}@purge.example.com`,
      ]);
    const ids: Record<string, number> = {};
    for (const tag of ['1001', '1002', '1003', '1004'])
      ids[tag] = (await upload(other, lines(tag), `${tag}.csv`)).json().data.id;
    const now = Date.now();
    const set = (id: number, values: Partial<typeof memberImports.$inferInsert>) =>
      t.db.update(memberImports).set(values).where(eq(memberImports.id, id));
    await set(ids['1001']!, { createdAt: new Date(now - 8 * day) }); // an old draft
    await set(ids['1002']!, { createdAt: new Date(now - 6 * day) }); // a recent draft
    await set(ids['1003']!, {
      status: 'done',
      createdAt: new Date(now - 40 * day),
      finishedAt: new Date(now - 31 * day),
    });
    await set(ids['1004']!, { status: 'running', createdAt: new Date(now - 40 * day) });
    expect(await purgeOldImports(t.db, new Date(now))).toBe(2);
    const left = await t.db.select({ id: memberImports.id }).from(memberImports);
    const leftIds = left.map((r) => r.id);
    expect(leftIds).not.toContain(ids['1001']);
    expect(leftIds).not.toContain(ids['1003']);
    expect(leftIds).toEqual(expect.arrayContaining([ids['1002'], ids['1004']]));
    await set(ids['1004']!, { status: 'done', finishedAt: new Date(now) });
  });

  it('the upload is documented as a multipart form with its file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/member-import'].post;
    expect(op.operationId).toBe('uploadMemberImport');
    const form = op.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(op.responses['201']).toBeDefined();
  });

  it('reads real Excel date cells; refuses a workbook that would unzip to gigabytes', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Dated Plan', amount: 10000 });
    const file = await workbook([
      ['First Name', 'Last Name', 'Phone', 'Email', 'Date of Birth', 'Plan', 'Expiry Date'],
      [
        'Dated',
        'Cells',
        '08034440001',
        'dated@example.com',
        new Date(Date.UTC(1990, 4, 17)),
        'Dated Plan',
        new Date(Date.UTC(2031, 0, 31)),
      ],
    ]);
    expect(declaredUnzippedBytes(file)).toBeGreaterThan(0);
    expect(declaredUnzippedBytes(file)).toBeLessThan(MAX_UNZIPPED_BYTES);
    const up = await upload(owner, file, 'dated.xlsx');
    expect(up.statusCode).toBe(201);
    const res = await preview(owner, up.json().data.id, up.json().data.mapping);
    expect(res.json().data.preview_rows[0]).toMatchObject({
      outcome: 'create',
      plan: plan.name,
      expiry_date: '2031-01-31',
    });

    // The same workbook claiming a file of 2 GB once unzipped.
    const bomb = Buffer.from(file);
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, central + 24);
    expect(declaredUnzippedBytes(bomb)).toBeGreaterThan(MAX_UNZIPPED_BYTES);
    const refused = await upload(owner, bomb, 'bomb.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.unreadable);
  });

  it('reads CSV files as Excel saves them: semicolons, Windows-1252, a BOM, quoted line breaks', async () => {
    const latin = Buffer.from(
      'First Name;Last Name;Phone;Email;Address\r\n' +
        'Adébáyo;Olá;08034441001;ade.latin@example.com;"12 Allen Avenue\nIkeja"\r\n',
      'latin1',
    );
    const up = await upload(owner, latin, 'windows.csv');
    expect(up.statusCode).toBe(201);
    const d = up.json().data;
    expect(d.columns.map((c: { header: string }) => c.header)).toEqual([
      'First Name',
      'Last Name',
      'Phone',
      'Email',
      'Address',
    ]);
    expect(d.columns[0].samples).toEqual(['Adébáyo']);
    const res = await preview(owner, d.id, d.mapping);
    expect(res.json().data.preview_rows[0]).toMatchObject({
      outcome: 'create',
      first_name: 'Adébáyo',
      last_name: 'Olá',
    });

    const bom = Buffer.from(
      '\ufeffFirst Name,Last Name,Phone,Email\r\nTolu,Bom,08034441002,bom@example.com\r\n',
    );
    const withBom = await upload(owner, bom, 'bom.csv');
    expect(withBom.json().data.columns[0].header).toBe('First Name');
    expect(withBom.json().data.mapping.first_name).toBe(0);
  });
});

describe('member import of sheets as gym desks keep them', () => {
  /** A desk's workbook: a title row, a grouped row over the column names, then the members. */
  const deskWorkbook = async (members: ExcelJS.CellValue[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Members');
    ws.addRow(['IRON PARADISE GYM — MEMBERS 2026']);
    ws.mergeCells(1, 1, 1, 8);
    ws.addRow(['PERSONAL DETAILS', '', '', 'CONTACT', '', 'MEMBERSHIP', '', '']);
    ws.mergeCells(2, 1, 2, 3);
    ws.mergeCells(2, 4, 2, 5);
    ws.mergeCells(2, 6, 2, 8);
    ws.addRow(['Surname', 'First Name', 'Sex', 'Phone No.', 'E-mail', 'Plan', 'Expiry', 'Remark']);
    for (const m of members) ws.addRow(m);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  it('takes the real column names under a title and a grouped row, and can be told another row', async () => {
    const file = await deskWorkbook([
      ['Okafor', 'Ngozi', 'F', '08071230001', 'ngozi.desk@example.com', null, null, 'paid'],
      ['Bello', 'Sani', 'M', '08071230002', null, null, null, null],
    ]);
    const up = await upload(owner, file, 'desk.xlsx');
    expect(up.statusCode).toBe(201);
    const draft = up.json().data;
    expect(draft).toMatchObject({ header_row: 3, total_rows: 2 });
    expect(draft.mapping).toEqual({
      last_name: 0,
      first_name: 1,
      gender: 2,
      mobile_number: 3,
      email_address: 4,
      plan: 5,
      expiry_date: 6,
    });
    expect(draft.header_rows.map((r: { row: number }) => r.row)).toEqual([1, 2, 3, 4, 5]);
    expect(draft.header_rows[1].text).toContain('PERSONAL DETAILS');

    const res = await preview(owner, draft.id, draft.mapping);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    // The header row is not read as a member.
    expect(p.preview_rows.map((r: { row: number }) => r.row)).toEqual([4, 5]);
    expect(p.counts).toEqual({ create: 2, update: 0, skip: 0, refuse: 0 });

    // The owner says the column names are in row 2: the columns are read again from it.
    const row2 = await call(t.app, 'PUT', `/v1/member-import/${draft.id}`, {
      token: owner.token,
      body: { header_row: 2, duplicates: 'skip' },
    });
    expect(row2.statusCode, row2.body).toBe(200);
    expect(row2.json().data).toMatchObject({ header_row: 2, total_rows: 3, previewed: false });
    expect(row2.json().data.columns[0].header).toBe('PERSONAL DETAILS');
    // And back to row 3, previewed with its mapping in the same call.
    const row3 = await call(t.app, 'PUT', `/v1/member-import/${draft.id}`, {
      token: owner.token,
      body: { header_row: 3, mapping: draft.mapping, duplicates: 'skip' },
    });
    expect(row3.json().data).toMatchObject({ header_row: 3, total_rows: 2, previewed: true });
    expect(row3.json().data.columns[0]).toMatchObject({
      header: 'Surname',
      samples: ['Okafor', 'Bello'],
    });

    const far = await call(t.app, 'PUT', `/v1/member-import/${draft.id}`, {
      token: owner.token,
      body: { header_row: 40, duplicates: 'skip' },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(IMPORT_MESSAGES.headerRow);
    const foreign = await call(t.app, 'PUT', `/v1/member-import/${draft.id}`, {
      token: other.token,
      body: { header_row: 2, duplicates: 'skip' },
    });
    expect(foreign.statusCode).toBe(404);
    const [kept] = await t.db.select().from(memberImports).where(eq(memberImports.id, draft.id));
    expect(kept!.headerRow).toBe(3);
  });

  it('imports a plan without an expiry date, or a date without a plan, with a warning', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Silver Monthly', amount: 20000 });
    const expiry = addDays(lagosDay(), 40);
    const [y, m, d] = expiry.split('-');
    const file = csv([
      'First Name,Last Name,Phone,Email,Plan,Expiry',
      'Plan,Only,08072220001,plan.only@example.com,silver monthly,',
      `Date,Only,08072220002,date.only@example.com,,${d}/${m}/${y}`,
      `Both,Given,08072220003,both.given@example.com,Silver Monthly,${d}/${m}/${y}`,
      'Unknown,Plan,08072220004,unknown.plan@example.com,Diamond,',
    ]);
    const up = await upload(owner, file, 'plans.csv');
    const id = up.json().data.id;
    const res = await preview(owner, id, up.json().data.mapping);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.preview_rows;
    expect(res.json().data.counts).toEqual({ create: 4, update: 0, skip: 0, refuse: 0 });
    expect(rows[0]).toMatchObject({
      outcome: 'create',
      problems: [],
      warnings: ['No expiry date for the plan “silver monthly”: imported without a subscription'],
    });
    expect(rows[1].warnings).toEqual([
      'No plan for the expiry date: imported without a subscription',
    ]);
    expect(rows[2]).toMatchObject({ outcome: 'create', warnings: [], expiry_date: expiry });
    // The rows with a warning are among the rows to check.
    expect(res.json().data.problem_rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 5]);

    // Chosen: a plan without an expiry date starts on the import day.
    const today = lagosDay();
    const started = await call(t.app, 'PUT', `/v1/member-import/${id}`, {
      token: owner.token,
      body: {
        mapping: up.json().data.mapping,
        duplicates: 'skip',
        plan_without_expiry: 'import_day',
      },
    });
    const rows2 = started.json().data.preview_rows;
    expect(started.json().data).toMatchObject({ plan_without_expiry: 'import_day' });
    expect(rows2[0]).toMatchObject({
      outcome: 'create',
      plan: 'Silver Monthly',
      expiry_date: addDays(addMonths(today, 1), -1),
      warnings: ['No expiry date for the plan “silver monthly”: it starts on the import day'],
    });
    // A plan to start today must be one of the gym's.
    expect(rows2[3]).toMatchObject({
      outcome: 'refuse',
      problems: ['No plan named “Diamond”: add it under Subscription Plans first'],
    });
    await call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: owner.token });
    await runJob();
    const added = (await membersOf(owner)).filter((x) => x.mobileNumber.startsWith('+234807222'));
    expect(added.map((x) => x.firstName).sort()).toEqual(['Both', 'Date', 'Plan']);
    const subsOf = async (first: string) =>
      t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.memberId, added.find((x) => x.firstName === first)!.id));
    expect(await subsOf('Plan')).toMatchObject([
      {
        subscriptionTypeId: plan.id,
        startDate: today,
        expiryDate: addDays(addMonths(today, 1), -1),
      },
    ]);
    expect(await subsOf('Date')).toEqual([]);
    expect(await subsOf('Both')).toMatchObject([
      { subscriptionTypeId: plan.id, expiryDate: expiry },
    ]);

    // A plan column without an expiry column is a usable mapping.
    const planOnly = await upload(
      owner,
      csv(['Name,Phone,Email,Plan', 'Solo Plan,08072220009,solo@example.com,Silver Monthly']),
      'plan-only.csv',
    );
    const solo = await preview(owner, planOnly.json().data.id, planOnly.json().data.mapping);
    expect(solo.statusCode, solo.body).toBe(200);
    expect(solo.json().data.counts.create).toBe(1);
  });

  it('a draft saved before warnings and first rows were kept still answers', async () => {
    const up = await upload(
      owner,
      csv(['First Name,Last Name,Phone', 'Old,Draft,08076660001', 'Older,Draft,08076660002']),
      'old-draft.csv',
    );
    const id = up.json().data.id;
    await preview(owner, id, up.json().data.mapping);
    const [row] = await t.db.select().from(memberImports).where(eq(memberImports.id, id));
    const old = row!.preview as { preview_rows: Record<string, unknown>[] };
    for (const r of old.preview_rows) delete r.warnings;
    await t.db
      .update(memberImports)
      .set({ preview: old, leadRows: [] })
      .where(eq(memberImports.id, id));
    const res = await call(t.app, 'GET', `/v1/member-import/${id}`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.preview_rows[0].warnings).toEqual([]);
    expect(res.json().data.header_rows.map((r: { row: number }) => r.row)).toEqual([1, 2, 3]);
    const moved = await call(t.app, 'PUT', `/v1/member-import/${id}`, {
      token: owner.token,
      body: { header_row: 2, duplicates: 'skip' },
    });
    expect(moved.json().data).toMatchObject({ header_row: 2, total_rows: 1 });
  });

  it('a refused row repeating an earlier row reports both reasons', async () => {
    const up = await upload(
      owner,
      csv([
        'First Name,Last Name,Phone,Email,Sex',
        'First,Person,08073330001,first.person@example.com,F',
        'Second,Person,0807 333 0001,not-an-email,F',
        'Third,Person,08073330001,third.person@example.com,Robot',
      ]),
      'repeats.csv',
    );
    const res = await preview(owner, up.json().data.id, up.json().data.mapping);
    const rows = res.json().data.preview_rows;
    expect(rows.map((r: { outcome: string }) => r.outcome)).toEqual(['create', 'refuse', 'refuse']);
    expect(rows[1].problems).toEqual(['Invalid email address', 'Same phone number as row 2']);
    expect(rows[2].problems).toEqual([
      'Gender must be Male, Female or Other',
      'Same phone number as row 2',
    ]);
  });

  it('writes names typed in capitals in Title Case unless told not to', async () => {
    const file = csv([
      'First Name,Middle Name,Last Name,Phone',
      'ADA,,OBI-NWANKWO,08074440001',
      "ADÉBÁYỌ̀,TÓLÚ,O'NEIL,08074440002",
      'chukwuemeka,,okonkwo,08074440003',
      'DeShawn,,McDonald,08074440004',
    ]);
    const up = await upload(owner, file, 'caps.csv');
    const id = up.json().data.id;
    expect(up.json().data.title_case).toBe(true);
    const kept = await call(t.app, 'PUT', `/v1/member-import/${id}`, {
      token: owner.token,
      body: { mapping: up.json().data.mapping, duplicates: 'skip', title_case: false },
    });
    expect(kept.json().data.title_case).toBe(false);
    expect(kept.json().data.preview_rows[0]).toMatchObject({
      first_name: 'ADA',
      last_name: 'OBI-NWANKWO',
    });
    const res = await preview(owner, id, up.json().data.mapping);
    expect(res.json().data.title_case).toBe(true);
    const names = res
      .json()
      .data.preview_rows.map(
        (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`,
      );
    expect(names).toEqual([
      'Ada Obi-Nwankwo',
      "Adébáyọ̀ O'Neil",
      'Chukwuemeka Okonkwo',
      'DeShawn McDonald',
    ]);
    await call(t.app, 'POST', `/v1/member-import/${id}/start`, { token: owner.token });
    await runJob();
    const [ade] = (await membersOf(owner)).filter((x) => x.mobileNumber === '+2348074440002');
    expect(ade).toMatchObject({ firstName: 'Adébáyọ̀', middleName: 'Tólú', lastName: "O'Neil" });
  });

  it('a member without an e-mail: added through the API and the import, listed and found', async () => {
    const gym = await createTenant(t, { name: 'Phone Only Gym' });
    const post = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/v1/member', { token: gym.token, body });
    const api = await post({
      first_name: 'Halima',
      last_name: 'Yusuf',
      mobile_number: '08075550001',
      city: 'Kano',
      state: 'Kano',
    });
    expect(api.statusCode, api.body).toBe(201);
    expect(api.json().data.email_address).toBeNull();
    const blank = await post({
      first_name: 'Emeka',
      last_name: 'Blank',
      mobile_number: '08075550002',
      email_address: '  ',
      city: 'Enugu',
      state: 'Enugu',
    });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.email_address).toBeNull();
    const invalid = await post({ ...memberBody(), email_address: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.email_address).toBe('Invalid email address');
    // Clearing a member's e-mail on edit.
    const withEmail = await addMember(t, gym.token, { email_address: 'clear.me@example.com' });
    const cleared = await call(t.app, 'PATCH', `/v1/member/${withEmail.id}`, {
      token: gym.token,
      body: { email_address: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.email_address).toBeNull();

    const up = await upload(
      gym,
      csv(['First Name,Last Name,Phone', 'Musa,Danjuma,08075550003']),
      'no-email.csv',
    );
    expect(up.json().data.mapping).toEqual({ first_name: 0, last_name: 1, mobile_number: 2 });
    const res = await preview(gym, up.json().data.id, up.json().data.mapping);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.preview_rows[0]).toMatchObject({ outcome: 'create', email_address: '' });
    await call(t.app, 'POST', `/v1/member-import/${up.json().data.id}/start`, {
      token: gym.token,
    });
    await runJob();
    const stored = await membersOf(gym);
    expect(stored.find((x) => x.firstName === 'Musa')!.emailAddress).toBeNull();

    const list = await call(t.app, 'GET', '/v1/member', { token: gym.token });
    expect(
      list
        .json()
        .data.map((x: { first_name: string }) => x.first_name)
        .sort(),
    ).toEqual(['Chiamaka', 'Emeka', 'Halima', 'Musa']);
    for (const [term, first] of [
      ['halima', 'Halima'],
      ['danjuma', 'Musa'],
      ['08075550003', 'Musa'],
      ['emeka blank', 'Emeka'],
    ] as const) {
      const found = await call(t.app, 'GET', `/v1/member?search=${encodeURIComponent(term)}`, {
        token: gym.token,
      });
      expect(
        found.json().data.map((x: { first_name: string }) => x.first_name),
        term,
      ).toEqual([first]);
    }
  });
});
