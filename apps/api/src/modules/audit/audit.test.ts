import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '@kora/shared';
import { auditEntries, users } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';
import { PAYSTACK_ACTOR, recordAudit, SYSTEM_ACTOR, userActor } from '.';

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'AUD', name: 'Audit Gym' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'AUDX' },
});

const list = (tenant: Tenant, query = '') =>
  call(t.app, 'GET', `/v1/audit${query ? `?${query}` : ''}`, { token: tenant.token });

const exportOf = (tenant: Tenant, query = '') =>
  call(t.app, 'GET', `/v1/audit/export${query ? `?${query}` : ''}`, { token: tenant.token });

const rename = (tenant: Tenant, firstName: string, lastName: string) =>
  t.db.update(users).set({ firstName, lastName }).where(eq(users.id, tenant.userId));

/** An entry written straight into the trail at a chosen moment. */
const entryAt = (
  businessId: number,
  at: string,
  over: Partial<typeof auditEntries.$inferInsert> = {},
) =>
  t.db.insert(auditEntries).values({
    businessId,
    at: new Date(at),
    actorKind: 'system',
    action: 'member.update',
    recordKind: 'member',
    recordLabel: 'Someone',
    ...over,
  });

describe('GET /v1/audit', () => {
  it('shows the payment a staff member recorded, in plain words, to owners and admins', async () => {
    await rename(staff, 'Chidi', 'Eze');
    await rename(owner, 'Funke', 'Ade');
    const member = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const paid = await pay(t, staff, paymentBody(member.id, plan.id, 25000, { method: 'Cash' }));

    for (const reader of [owner, admin]) {
      const res = await list(reader, `payment_id=${paid.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = json(res);
      expect(body.meta).toMatchObject({ page: 1, total: 1, pages: 1 });
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        actor: { kind: 'user', user_id: staff.userId, name: 'Chidi Eze', role: 'staff' },
        action: 'payment.record',
        record_kind: 'payment',
        record_id: paid.id,
        record_label: paid.receipt_number,
        member_id: member.id,
        payment_id: paid.id,
        changes: {},
        detail: {
          amount_kobo: 2_500_000,
          method: 'Cash',
          plan: 'Monthly',
          periods: 1,
          start_date: paid.subscription.start_date,
          expiry_date: paid.subscription.expiry_date,
          covered_member_ids: [],
          member_name: 'Ada Obi',
        },
        text: `Chidi Eze (staff) recorded payment ${paid.receipt_number} of ₦25,000 for Ada Obi`,
      });
    }
  });

  it('refuses staff (403) and answers nothing of another business', async () => {
    const refused = await list(staff);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(NOT_ALLOWED);
    expect((await exportOf(staff)).statusCode).toBe(403);

    const member = await addMember(t, other.token, { first_name: 'Zed', last_name: 'Elsewhere' });
    const plan = await addPlan(t, other.token);
    const paid = await pay(t, other, paymentBody(member.id, plan.id, 25000));
    // The other business's entries never show, whatever the filter names.
    for (const query of ['', `member_id=${member.id}`, `payment_id=${paid.id}`]) {
      const body = json(await list(owner, query));
      expect(body.data.map((e: { member_id: number }) => e.member_id)).not.toContain(member.id);
    }
    const theirs = json(await list(other));
    expect(theirs.data.map((e: { payment_id: number }) => e.payment_id)).toContain(paid.id);
    expect(theirs.data.every((e: { record_label: string }) => !e.record_label.startsWith('AUD-')));
  });

  it('filters by person, kind of record, member, payment and Lagos days; pages newest first', async () => {
    const b = owner.businessId;
    // A business of its own for this test's entries would hide nothing: filter by days instead.
    await entryAt(b, '2026-03-16T23:30:00Z', { recordId: 1, memberId: 901 }); // 17 Mar in Lagos
    await entryAt(b, '2026-03-17T12:00:00+01:00', {
      actorKind: 'user',
      actorUserId: admin.userId,
      actorName: 'Bola Ade',
      actorRole: 'admin',
      action: 'plan.update',
      recordKind: 'plan',
      recordLabel: 'Monthly',
      changes: { amount: { from: 20000, to: 25000 } },
    });
    await entryAt(b, '2026-03-18T22:59:59Z', { memberId: 902, paymentId: 777 }); // 18 Mar, 23:59
    await entryAt(b, '2026-03-18T23:00:00Z', { memberId: 901 }); // 19 Mar in Lagos
    await entryAt(other.businessId, '2026-03-17T09:00:00Z', { memberId: 901 });

    const days = (q: string) =>
      list(owner, q).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return json(r);
      });

    const march = await days('start_date=2026-03-17&end_date=2026-03-18');
    expect(march.meta.total).toBe(3);
    expect(march.data.map((e: { at: string }) => e.at)).toEqual([
      '2026-03-18T22:59:59.000Z',
      '2026-03-17T11:00:00.000Z',
      '2026-03-16T23:30:00.000Z',
    ]);

    const byAdmin = await days(`user_id=${admin.userId}&start_date=2026-03-01&end_date=2026-03-31`);
    expect(byAdmin.data).toHaveLength(1);
    expect(byAdmin.data[0].text).toBe(
      'Bola Ade (admin) changed plan Monthly: amount 20000 → 25000',
    );

    const plans = await days('record_kind=plan&start_date=2026-03-01&end_date=2026-03-31');
    expect(plans.data.map((e: { action: string }) => e.action)).toEqual(['plan.update']);

    const ofMember = await days('member_id=901');
    expect(ofMember.data.map((e: { at: string }) => e.at)).toEqual([
      '2026-03-18T23:00:00.000Z',
      '2026-03-16T23:30:00.000Z',
    ]);
    expect((await days('payment_id=777')).data).toHaveLength(1);

    const page2 = await days('start_date=2026-03-17&end_date=2026-03-19&per_page=2&page=2');
    expect(page2.meta).toEqual({ page: 2, per_page: 2, pages: 2, total: 4 });
    expect(page2.data.map((e: { at: string }) => e.at)).toEqual([
      '2026-03-17T11:00:00.000Z',
      '2026-03-16T23:30:00.000Z',
    ]);
  });

  it('refuses filters it cannot read, in words', async () => {
    const cases: [string, Record<string, string>][] = [
      ['per_page=101', { per_page: 'Page size must be at most 100' }],
      ['record_kind=password', { record_kind: 'Unknown kind of record' }],
      [
        'start_date=2026-03-18&end_date=2026-03-17',
        { end_date: 'End date must be on or after the start date' },
      ],
      ['member_id=abc', { member_id: 'member_id must be a whole number of at least 1' }],
      ['start_date=2026-02-30', { start_date: 'Start date must be a date (YYYY-MM-DD)' }],
    ];
    for (const [query, errors] of cases) {
      const res = await list(owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).errors, query).toEqual(errors);
    }
  });

  it('names every kind of actor', async () => {
    const b = owner.businessId;
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, PAYSTACK_ACTOR, {
        businessId: b,
        action: 'payment.confirm',
        recordKind: 'payment',
        recordLabel: 'AUD-000999',
        paymentId: 4242,
        detail: { amount_kobo: 1_000_000, member_name: 'Ada Obi' },
      });
      await recordAudit(tx, SYSTEM_ACTOR, {
        businessId: b,
        action: 'payment.void',
        recordKind: 'payment',
        recordLabel: 'AUD-000998',
        paymentId: 4242,
        detail: { amount_kobo: 2_500_000, member_name: 'Ada Obi', reason: 'wrong member' },
      });
    });
    const body = json(await list(owner, 'payment_id=4242'));
    expect(body.data.map((e: { text: string; actor: unknown }) => [e.text, e.actor])).toEqual([
      [
        'System voided payment AUD-000998 of ₦25,000 for Ada Obi: wrong member',
        { kind: 'system', user_id: null, name: 'System', role: null },
      ],
      [
        'Paystack confirmed transfer AUD-000999 of ₦10,000 for Ada Obi',
        { kind: 'paystack', user_id: null, name: 'Paystack', role: null },
      ],
    ]);
  });
});

describe('recordAudit', () => {
  it('keeps no password, hash, token, code or link, and stores hostile keys as plain data', async () => {
    await recordAudit(t.db, userActor({ id: owner.userId, name: 'Funke Ade', role: 'owner' }), {
      businessId: owner.businessId,
      action: 'member.update',
      recordKind: 'member',
      recordId: 31337,
      recordLabel: 'x'.repeat(500),
      changes: {
        password_hash: { from: '$argon2id$v=19$abc', to: '$argon2id$v=19$def' },
        card_code: { from: 'abcdefghijklmnopqrstuvwxyz', to: 'bcdefghijklmnopqrstuvwxyza' },
        phone: { from: '08031234567', to: '08037654321' },
        website_url: { from: null, to: 'https://irongym.ng' },
      },
      detail: {
        token: 'secret',
        reset_link: 'https://kora.test/reset?token=abc',
        note: 'sent https://kora.test/r/Q3x_9kLm-2PzA7vB0cRtYw8eN5sUjH1d to her',
        ['__proto__' as string]: { polluted: true },
      },
    });
    const row = (
      await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, 31337))
    )[0]!;
    expect(row.changes).toEqual({
      phone: { from: '08031234567', to: '08037654321' },
      website_url: { from: null, to: 'https://irongym.ng' },
    });
    expect(row.detail).toEqual({ note: 'sent [link] to her', ['__proto__']: { polluted: true } });
    expect(Object.prototype.hasOwnProperty.call(row.detail, '__proto__')).toBe(true);
    expect(row.recordLabel).toHaveLength(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET /v1/audit/export', () => {
  it('answers the filtered trail as CSV in plain words and records the export with its filters', async () => {
    const b = owner.businessId;
    await entryAt(b, '2026-04-02T08:15:00+01:00', {
      actorKind: 'user',
      actorUserId: staff.userId,
      actorName: 'Chidi Eze',
      actorRole: 'staff',
      action: 'member.create',
      recordLabel: '=Ada, "Obi" (AUD-00001)',
    });
    const res = await exportOf(admin, 'start_date=2026-04-02&end_date=2026-04-02');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Date,Time,Who,Role,Action,Kind of record,Record,What happened',
      `02/04/2026,08:15:00,Chidi Eze,staff,member.create,member,"'=Ada, ""Obi"" (AUD-00001)","Chidi Eze (staff) added member =Ada, ""Obi"" (AUD-00001)"`,
      '',
    ]);

    const recorded = json(await list(owner, `user_id=${admin.userId}&record_kind=export`));
    expect(recorded.data[0]).toMatchObject({
      actor: { kind: 'user', user_id: admin.userId, role: 'admin' },
      action: 'export.download',
      record_kind: 'export',
      detail: {
        export: 'audit',
        format: 'csv',
        filters: { start_date: '2026-04-02', end_date: '2026-04-02' },
      },
    });
    expect(recorded.data[0].text).toMatch(
      /\(admin\) exported activity \(start date 2026-04-02, end date 2026-04-02\)$/,
    );
  });

  it('writes no export entry when the call is refused', async () => {
    const before = json(await list(owner, 'record_kind=export')).meta.total;
    expect((await exportOf(staff)).statusCode).toBe(403);
    expect((await exportOf(owner, 'end_date=nope')).statusCode).toBe(400);
    expect(json(await list(owner, 'record_kind=export')).meta.total).toBe(before);
  });
});
