import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import { rowsOf } from '../../db/payment-days';
import { memberImports, members, outbox, paymentLinks, reminderSends } from '../../db/schema';
import { call } from '../../test/app';
import { addMemberImport, memberImportFile } from '../../test/contract-matrix';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, memberBody } from '../../test/tenants';
import { PERSONAL_FIELDS } from '../members';
import { settleHorizon } from '../../test/horizon';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Temple' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'FITX' },
});

const consentOf = async (id: number) =>
  (await t.db.select().from(members).where(eq(members.id, id)))[0]!.marketingConsent;

describe('marketing consent', () => {
  it('is not asked when a create sends none, and the answer of the Add Member form otherwise', async () => {
    const none = await addMember(t, owner.token, { mobile_number: '08030000001' });
    expect(none.marketing_consent).toBe('not_asked');
    const yes = await addMember(t, staff.token, {
      mobile_number: '08030000002',
      marketing_consent: 'yes',
    });
    expect(yes.marketing_consent).toBe('yes');
    const no = await addMember(t, owner.token, {
      mobile_number: '08030000003',
      marketing_consent: 'no',
    });
    expect(no.marketing_consent).toBe('no');

    const history = await call(t.app, 'GET', `/v1/member/${yes.id}/consent`, {
      token: staff.token,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({ choice: 'yes', source: 'staff', user_name: expect.any(String) }),
    ]);
    const noneHistory = await call(t.app, 'GET', `/v1/member/${none.id}/consent`, {
      token: owner.token,
    });
    expect(noneHistory.json().data).toEqual([]);
  });

  it('keeps each change staff make: who, when and how', async () => {
    const m = await addMember(t, owner.token, { mobile_number: '08030000004' });
    const patch = (choice: string) =>
      call(t.app, 'PATCH', `/v1/member/${m.id}`, {
        token: staff.token,
        body: { marketing_consent: choice },
      });
    expect((await patch('yes')).json().data.marketing_consent).toBe('yes');
    expect((await patch('yes')).statusCode).toBe(200);
    expect((await patch('no')).json().data.marketing_consent).toBe('no');
    expect(await consentOf(m.id)).toBe('no');
    const res = await call(t.app, 'GET', `/v1/member/${m.id}/consent`, { token: owner.token });
    const history = res.json().data as { choice: string; source: string; user_name: string }[];
    // Newest first; the same answer twice is one row.
    expect(history.map((h) => h.choice)).toEqual(['no', 'yes']);
    expect(history.every((h) => h.source === 'staff')).toBe(true);
    expect(history[0]!.user_name).toBe('Ada Okafor');
    // Staff cannot choose "not asked": a member was asked once they answered.
    expect((await patch('not_asked')).statusCode).toBe(400);
  });

  it('an imported member was not asked, and has no history', async () => {
    await addMemberImport(t, owner.token, 'done', memberImportFile('Imported'));
    const [imported] = await t.db.select().from(members).where(eq(members.lastName, 'Imported'));
    expect(imported!.marketingConsent).toBe('not_asked');
    const res = await call(t.app, 'GET', `/v1/member/${imported!.id}/consent`, {
      token: owner.token,
    });
    expect(res.json().data).toEqual([]);
  });

  it('answers 404 for another business’s member', async () => {
    const m = await addMember(t, other.token, { mobile_number: '08030000005' });
    const res = await call(t.app, 'GET', `/v1/member/${m.id}/consent`, { token: owner.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Member not found.');
  });
});

/** Sends a bulk message to all members now; answers the message. */
const sendMessage = async (purpose?: string, token = owner.token) => {
  const res = await call(t.app, 'POST', '/v1/comms', {
    token,
    body: {
      group: 'all_members',
      channel: 'sms',
      message: '<p>Hello {first_name}</p>',
      ...(purpose ? { purpose } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; recipients: number };
};

const outboxMembers = async (messageId: number) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.ref, `comms:${messageId}`))
  )
    .map((r) => r.memberId)
    .sort((a, b) => a! - b!);

describe('Service notice and Promotion', () => {
  const { gym } = useTenants(t, { gym: { code: 'PRO' } });

  it('a promotion skips members who said no, and with the setting on also those never asked; a service notice reaches all', async () => {
    const yes = await addMember(t, gym.token, { marketing_consent: 'yes' });
    const no = await addMember(t, gym.token, { marketing_consent: 'no' });
    const notAsked = await addMember(t, gym.token);
    const count = async (purpose: string) =>
      (
        await call(
          t.app,
          'GET',
          `/v1/comms/audience?group=all_members&channel=sms&purpose=${purpose}`,
          {
            token: gym.token,
          },
        )
      ).json().data;

    expect(await count('service')).toEqual({ recipients: 3, skipped: 0, no_consent: 0 });
    expect(await count('promotion')).toEqual({ recipients: 2, skipped: 0, no_consent: 1 });
    const service = await sendMessage('service', gym.token);
    expect(service.recipients).toBe(3);
    expect(await outboxMembers(service.id)).toEqual([yes.id, no.id, notAsked.id]);
    const promotion = await sendMessage('promotion', gym.token);
    expect(promotion).toMatchObject({ recipients: 2, purpose: 'promotion' });
    expect(await outboxMembers(promotion.id)).toEqual([yes.id, notAsked.id]);
    // An older client sends no purpose: a service notice.
    expect((await sendMessage(undefined, gym.token)).recipients).toBe(3);

    const setting = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: gym.token,
      body: { promotions_need_consent: true },
    });
    expect(setting.json().data.promotions_need_consent).toBe(true);
    expect(await count('promotion')).toEqual({ recipients: 1, skipped: 0, no_consent: 2 });
    const onlyYes = await sendMessage('promotion', gym.token);
    expect(await outboxMembers(onlyYes.id)).toEqual([yes.id]);
    expect(await count('service')).toMatchObject({ recipients: 3 });
  });
});

/** Adds a member with every personal field, a payment, a visit and a message. */
const seedMember = async (tag: string, phone: string) => {
  const m = await addMember(t, owner.token, {
    first_name: `Adaeze${tag}`,
    middle_name: `Ngozi${tag}`,
    last_name: `Okonkwo${tag}`,
    mobile_number: phone,
    email_address: `adaeze.${tag.toLowerCase()}@example.com`,
    home_address: `12 Allen Avenue ${tag}`,
    date_of_birth: '1990-04-02',
    gender: 'Female',
    emergency_contact_name: `Chidi${tag}`,
    emergency_contact_number: '08059876543',
    emergency_contact_relationship: 'Brother',
    marketing_consent: 'yes',
  });
  const plan = await addPlan(t, owner.token, {
    name: `Monthly ${tag}`,
    amount: 25000,
    freeze_allowed: true,
  });
  const payment = await pay(t, owner, paymentBody(m.id, plan.id, 25000));
  const freeze = await call(t.app, 'POST', `/v1/member/${m.id}/freeze`, {
    token: owner.token,
    body: {
      start_date: addDays(lagosDay(), 1),
      end_date: addDays(lagosDay(), 7),
      reason: `Knee surgery ${tag}`,
    },
  });
  expect(freeze.statusCode, freeze.body).toBe(201);
  const visit = await call(t.app, 'POST', '/v1/check-in', {
    token: owner.token,
    body: { member_id: m.id },
  });
  expect(visit.statusCode).toBe(201);
  return { member: m, plan, payment };
};

describe('the member’s data as a ZIP', () => {
  it('holds every kind of record of the member and nothing of another member', async () => {
    const a = await seedMember('Exp', '08061110001');
    const b = await seedMember('Other', '08061110002');
    await sendMessage('service');
    const res = await call(t.app, 'GET', `/v1/member/${a.member.id}/export`, {
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="member-${a.member.member_id}.zip"`,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'consents.csv',
      'freezes.csv',
      'member.json',
      'messages.csv',
      'payments.csv',
      'subscriptions.csv',
      'visits.csv',
    ]);
    const text = (name: string) => strFromU8(files[name]!);
    const profile = JSON.parse(text('member.json'));
    expect(profile).toMatchObject({
      member_id: a.member.member_id,
      first_name: 'AdaezeExp',
      email_address: 'adaeze.exp@example.com',
      home_address: '12 Allen Avenue Exp',
      marketing_consent: 'yes',
      card_code: expect.any(String),
    });
    expect(text('payments.csv')).toContain(a.payment.receipt_number);
    expect(text('payments.csv')).toContain('25000.00');
    expect(text('subscriptions.csv')).toContain('Monthly Exp');
    expect(text('visits.csv').trim().split('\r\n')).toHaveLength(2);
    expect(text('consents.csv')).toContain('yes');
    expect(text('messages.csv')).toContain('+2348061110001');
    expect(text('freezes.csv')).toContain('Knee surgery Exp');
    expect(text('README.txt')).toContain('Nigeria Data Protection Act');
    // Nothing of the other member, in any file.
    for (const [name, bytes] of Object.entries(files)) {
      const body = strFromU8(bytes);
      for (const needle of [
        'Knee surgery Other',
        'AdaezeOther',
        'adaeze.other',
        '8061110002',
        b.payment.receipt_number,
        'Monthly Other',
      ])
        expect(body, `${name} holds ${needle}`).not.toContain(needle);
    }
  });

  it('is for owners and admins only (staff 403), and another business’s member is 404', async () => {
    const m = await addMember(t, owner.token);
    const asStaff = await call(t.app, 'GET', `/v1/member/${m.id}/export`, { token: staff.token });
    expect(asStaff.statusCode).toBe(403);
    const foreign = await addMember(t, other.token);
    const res = await call(t.app, 'GET', `/v1/member/${foreign.id}/export`, { token: owner.token });
    expect(res.statusCode).toBe(404);
  });
});

/**
 * Every column that holds a member's personal data, by table, read for the member (or, for the
 * outbox and imports, the business): after erasure none holds what identified them.
 */
const PERSONAL_COLUMNS: Record<string, { columns: string[]; where: 'member' | 'business' }> = {
  members: {
    columns: [...PERSONAL_FIELDS, 'search_text'],
    where: 'member',
  },
  outbox: { columns: ['"to"', 'subject', 'text', 'html', 'reply_to'], where: 'business' },
  reminder_sends: { columns: ['"to"'], where: 'member' },
  payment_links: { columns: ['sent_to'], where: 'member' },
  transfer_accounts: { columns: ['account_name'], where: 'member' },
  member_imports: {
    columns: ['rows::text', 'lead_rows::text', 'preview::text'],
    where: 'business',
  },
  audit_entries: {
    columns: ['record_label', 'actor_name', 'changes::text', 'detail::text'],
    where: 'business',
  },
  freezes: { columns: ['reason'], where: 'member' },
  visits: { columns: ['override_reason'], where: 'member' },
  // The member portal's tables (created by its migration): the member's rows are deleted.
  member_sign_in_codes: { columns: ['new_phone'], where: 'member' },
  member_sessions: { columns: ['user_agent'], where: 'member' },
};
const PORTAL_TABLES = new Set(['member_sign_in_codes', 'member_sessions']);

const tableExists = async (name: string) =>
  rowsOf<{ t: string | null }>(await t.db.execute(sql`select to_regclass(${name})::text as t`))[0]!
    .t !== null;

const valuesOf = async (table: string, column: string, businessId: number, memberId: number) =>
  rowsOf<{ v: string | null }>(
    await t.db.execute(
      sql.raw(
        `select ${column}::text as v from ${table} where business_id = ${businessId}` +
          (PERSONAL_COLUMNS[table]!.where === 'member'
            ? ` and ${table === 'members' ? 'id' : 'member_id'} = ${memberId}`
            : ''),
      ),
    ),
  ).map((r) => r.v ?? '');

describe('erasing a member', () => {
  it('removes every personal detail wherever it is held; money and figures stay as they were', async () => {
    const { member: m, payment } = await seedMember('Erase', '08071110001');
    const { member: keep } = await seedMember('Keep', '08071110002');
    const id = m.id as number;
    const before = (await t.db.select().from(members).where(eq(members.id, id)))[0]!;
    // A picture on file, an edit in the trail, a message, a reminder, a payment link, an import.
    const dir = join(t.config.uploadsDir, String(owner.businessId), 'member_picture');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `erase-${id}.png`), 'png');
    await t.db
      .update(members)
      .set({ pictureUrl: `/uploads/${owner.businessId}/member_picture/erase-${id}.png` })
      .where(eq(members.id, id));
    await call(t.app, 'PATCH', `/v1/member/${id}`, {
      token: owner.token,
      body: { email_address: 'adaeze.new@example.com', home_address: '3 Awolowo Road' },
    });
    // A kiosk PIN set at the desk.
    const pin = await call(t.app, 'PUT', `/v1/member/${id}/kiosk-pin`, {
      token: owner.token,
      body: { pin: '4821' },
    });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(
      (await t.db.select().from(members).where(eq(members.id, id)))[0]!.kioskPinHash,
    ).not.toBeNull();
    await sendMessage('service');
    const [sub] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from subscriptions where member_id = ${id}`),
    );
    await t.db.insert(reminderSends).values({
      businessId: owner.businessId,
      memberId: id,
      subscriptionId: sub!.id,
      offsetDays: 3,
      expiryDate: '2030-01-01',
      channel: 'sms',
      to: '+2348071110001',
    });
    await t.db.insert(paymentLinks).values({
      businessId: owner.businessId,
      memberId: id,
      subscriptionTypeId: payment.subscription_type_id ?? m.subscription_type_id ?? payment.plan_id,
      duration: 1,
      amountKobo: 2_500_000,
      reference: `erase-${id}`,
      authorizationUrl: 'https://checkout.paystack.com/x',
      channel: 'sms',
      sentTo: '+2348071110001',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.db.insert(memberImports).values({
      businessId: owner.businessId,
      createdBy: 1,
      fileName: 'members.csv',
      fileSha256: 'x'.repeat(64),
      headerRow: 1,
      headers: ['Name', 'Phone'],
      rows: [
        { n: 2, cells: ['AdaezeErase OkonkwoErase', '08071110001'] },
        { n: 3, cells: ['AdaezeKeep OkonkwoKeep', '08071110002'] },
      ],
      totalRows: 2,
    });
    const figures = async () => ({
      summary: (await call(t.app, 'GET', '/v1/payment/summary', { token: owner.token })).json()
        .data,
      dashboard: (await call(t.app, 'GET', '/v1/dashboard', { token: owner.token })).json().data,
    });
    // The message delivered first: its status (Sending → Sent) is not what erasing changes.
    await t.app.ctx.dispatcher.flush();
    const figuresBefore = await figures();

    // The wrong confirmation changes nothing.
    const wrong = await call(t.app, 'POST', `/v1/member/${id}/erase`, {
      token: owner.token,
      body: { confirm: 'IRON-99999' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(`Type the member ID ${m.member_id} to confirm`);
    // Staff may not; another business's member is not found.
    const asStaff = await call(t.app, 'POST', `/v1/member/${id}/erase`, {
      token: staff.token,
      body: { confirm: m.member_id },
    });
    expect(asStaff.statusCode).toBe(403);
    const foreign = await addMember(t, other.token);
    const notHere = await call(t.app, 'POST', `/v1/member/${foreign.id}/erase`, {
      token: owner.token,
      body: { confirm: foreign.member_id },
    });
    expect(notHere.statusCode).toBe(404);
    expect((await t.db.select().from(members).where(eq(members.id, id)))[0]!.firstName).toBe(
      'AdaezeErase',
    );

    const res = await call(t.app, 'POST', `/v1/member/${id}/erase`, {
      token: owner.token,
      body: { confirm: m.member_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id,
      member_id: m.member_id,
      first_name: 'Erased',
      last_name: `member ${m.member_id}`,
      is_active: false,
    });

    // Every personal column, table by table.
    const needles = [
      'AdaezeErase',
      'Knee surgery Erase',
      'NgoziErase',
      'OkonkwoErase',
      'ChidiErase',
      'Allen Avenue Erase',
      'Awolowo',
      'adaeze.erase@example.com',
      'adaeze.new@example.com',
      '8071110001',
      '8059876543',
      '1990-04-02',
      before.cardCode,
    ];
    for (const [table, { columns }] of Object.entries(PERSONAL_COLUMNS)) {
      if (PORTAL_TABLES.has(table) && !(await tableExists(table))) continue;
      for (const column of columns)
        for (const value of await valuesOf(table, column, owner.businessId, id))
          for (const needle of needles)
            expect(value, `${table}.${column} still holds ${needle}`).not.toContain(needle);
    }
    for (const table of PORTAL_TABLES)
      if (await tableExists(table))
        expect(
          rowsOf(await t.db.execute(sql.raw(`select 1 from ${table} where member_id = ${id}`))),
        ).toHaveLength(0);
    const after = (await t.db.select().from(members).where(eq(members.id, id)))[0]!;
    expect(after).toMatchObject({
      firstName: 'Erased',
      lastName: `member ${m.member_id}`,
      middleName: null,
      emailAddress: null,
      dateOfBirth: null,
      gender: null,
      pictureUrl: null,
      kioskPinHash: null,
      isActive: false,
      marketingConsent: 'no',
    });
    expect(after.erasedAt).not.toBeNull();
    expect(existsSync(join(dir, `erase-${id}.png`))).toBe(false);
    // The other member is untouched, imports keep their row.
    const kept = (await t.db.select().from(members).where(eq(members.id, keep.id)))[0]!;
    expect(kept.firstName).toBe('AdaezeKeep');
    const [imp] = await t.db
      .select()
      .from(memberImports)
      .where(eq(memberImports.fileName, 'members.csv'));
    expect(imp!.rows).toEqual([
      { n: 2, cells: ['', ''] },
      { n: 3, cells: ['AdaezeKeep OkonkwoKeep', '08071110002'] },
    ]);

    // Search finds nothing by the old name or phone; the desks' copy (the roster) leaves them out.
    for (const term of ['AdaezeErase', '08071110001', 'adaeze.erase'])
      expect(
        (await call(t.app, 'GET', `/v1/member?search=${term}`, { token: owner.token })).json().meta
          .total,
      ).toBe(0);
    // The roster reads below the oldest running transaction of the server (test/horizon.ts).
    await settleHorizon(t);
    const roster = (await call(t.app, 'GET', '/v1/check-in/roster', { token: owner.token })).json()
      .data as { id: number }[];
    expect(roster.some((r) => r.id === id)).toBe(false);
    expect(roster.some((r) => r.id === keep.id)).toBe(true);
    // Money stays: the payment is still theirs, every figure as before.
    const stillPaid = await call(t.app, 'GET', `/v1/payment/${payment.id}`, { token: owner.token });
    expect(stillPaid.json().data).toMatchObject({
      amount: 25000,
      receipt_number: payment.receipt_number,
    });
    // Every money figure is as before; the recent payments name the erased member, and the
    // deactivated account leaves the count of active members.
    const expected = JSON.parse(
      JSON.stringify(figuresBefore).replaceAll(
        '"AdaezeErase OkonkwoErase"',
        `"Erased member ${m.member_id}"`,
      ),
    );
    expected.dashboard.cards.total_members -= 1;
    expect(await figures()).toEqual(expected);
    // The trail names who erased and when, never what.
    const trail = rowsOf<{ action: string; record_label: string; actor_name: string }>(
      await t.db.execute(
        sql`select action, record_label, actor_name from audit_entries where member_id = ${id} and action = 'member.erase'`,
      ),
    );
    expect(trail).toEqual([
      {
        action: 'member.erase',
        record_label: `Erased member ${m.member_id} (${m.member_id})`,
        actor_name: 'Ada Okafor',
      },
    ]);
    // Erasing again is refused, and the trail stays append-only for everything else.
    const again = await call(t.app, 'POST', `/v1/member/${id}/erase`, {
      token: owner.token,
      body: { confirm: m.member_id },
    });
    expect(again.statusCode).toBe(409);
    // Nobody brings the details back: an edit of the erased member is refused.
    const edit = await call(t.app, 'PATCH', `/v1/member/${id}`, {
      token: owner.token,
      body: { first_name: 'AdaezeErase', is_active: true },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      'This member was erased: their details can no longer be changed.',
    );
    await expect(
      t.db.execute(sql`update audit_entries set record_label = 'x' where member_id = ${id}`),
    ).rejects.toThrow();
  });
});

describe('erasing: what waits and what the trail allows', () => {
  it('a message still waiting for the erased member never goes out; the create key goes', async () => {
    const created = await call(t.app, 'POST', '/v1/member', {
      token: owner.token,
      body: memberBody({ mobile_number: '08091110001' }),
      headers: { 'idempotency-key': 'erase-me-create' },
    });
    expect(created.statusCode).toBe(201);
    const m = created.json().data;
    const keys = async () =>
      rowsOf(
        await t.db.execute(
          sql`select 1 from idempotency_keys where business_id = ${owner.businessId} and key = 'erase-me-create'`,
        ),
      ).length;
    expect(await keys()).toBe(1);
    await t.db.insert(outbox).values({
      businessId: owner.businessId,
      channel: 'sms',
      to: '+2348091110001',
      text: 'Your plan ends soon',
      memberId: m.id,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const res = await call(t.app, 'POST', `/v1/member/${m.id}/erase`, {
      token: owner.token,
      body: { confirm: m.member_id },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(outbox).where(eq(outbox.memberId, m.id));
    expect(rows.map((r) => [r.status, r.to, r.text])).toEqual([['cancelled', '', '']]);
    // The digest of the Add Member form (their details) kept for the key is gone too.
    expect(await keys()).toBe(0);
  });

  it('the trail refuses any other change, even while a member is being erased', async () => {
    const a = await addMember(t, owner.token, { mobile_number: '08091110002' });
    const b = await addMember(t, owner.token, { mobile_number: '08091110003' });
    const attempt = (change: ReturnType<typeof sql>, memberId: number) =>
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('kora.erase_member', ${`${owner.businessId}:${a.id}`}, true)`,
        );
        await tx.execute(sql`update audit_entries set ${change} where member_id = ${memberId}`);
      });
    // What was done, by whom and when never changes; another member's entries are closed.
    await expect(attempt(sql`action = 'member.update'`, a.id)).rejects.toThrow();
    await expect(attempt(sql`at = now() - interval '1 day'`, a.id)).rejects.toThrow();
    await expect(attempt(sql`record_label = 'x'`, b.id)).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from audit_entries where member_id = ${a.id}`),
    ).rejects.toThrow();
    // The setting alone opens nothing: only erasure itself rewrites a member's entries.
    await expect(attempt(sql`record_label = 'Erased member'`, a.id)).rejects.toThrow();
    await expect(attempt(sql`actor_name = 'x'`, a.id)).rejects.toThrow();
  });
});

describe('erasure requests', () => {
  it('lists a member’s pending request for owners and admins (staff 403), once per member', async () => {
    const { requestErasure } = await import('./privacy.service');
    const m = await addMember(t, owner.token);
    const ctx = { db: t.db } as Parameters<typeof requestErasure>[0];
    expect(await requestErasure(ctx, owner.businessId, m.id)).toEqual({ status: 'pending' });
    expect(await requestErasure(ctx, owner.businessId, m.id)).toEqual({ status: 'pending' });
    // Asked twice, one request and one entry in the trail.
    const asked = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from audit_entries where member_id = ${m.id} and action = 'member.erasure_request'`,
      ),
    );
    expect(asked[0]!.n).toBe(1);
    const res = await call(t.app, 'GET', '/v1/erasure-request', { token: owner.token });
    expect(res.statusCode).toBe(200);
    const mine = (res.json().data as { member: number }[]).filter((r) => r.member === m.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ member_id: m.member_id, status: 'pending' });
    expect(
      (await call(t.app, 'GET', '/v1/erasure-request', { token: staff.token })).statusCode,
    ).toBe(403);
    const theirs = await call(t.app, 'GET', '/v1/erasure-request', { token: other.token });
    expect((theirs.json().data as { member: number }[]).some((r) => r.member === m.id)).toBe(false);
    // Erasing the member answers the request.
    await call(t.app, 'POST', `/v1/member/${m.id}/erase`, {
      token: owner.token,
      body: { confirm: m.member_id },
    });
    const after = await call(t.app, 'GET', '/v1/erasure-request', { token: owner.token });
    expect((after.json().data as { member: number }[]).some((r) => r.member === m.id)).toBe(false);
  });
});
