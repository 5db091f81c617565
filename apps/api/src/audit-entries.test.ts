import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import FormData from 'form-data';
import { describe, expect, it } from 'vitest';
import { communicationsModule } from './modules/communications';
import { call, linkTokenFromOutbox } from './test/app';
import { auditEntriesAfter, lastAuditId } from './test/audit';
import { addMemberImport } from './test/contract-matrix';
import { useTenants, useTestApp } from './test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from './test/online';
import { addMember, addPlan, memberBody, type Tenant } from './test/tenants';

/*
 * What the audit trail says about each kind of change a gym owner makes: who, what and each
 * field before → after, in plain values, and never a secret, a code or a link. The audit matrix
 * (audit-matrix.test.ts) proves every call writes its entries; this file reads what they say.
 */

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'AUDT', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'AUDO', name: 'Other Gym' },
});

const lastId = () => lastAuditId(t);

/** The entries written after entry `id`, oldest first. */
const since = (id: number) => auditEntriesAfter(t, id);

/** Runs `fn` and answers the entries it wrote. */
const written = async (fn: () => Promise<unknown>) => {
  const before = await lastId();
  await fn();
  return since(before);
};

const ok = async (res: { statusCode: number; body: string }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).data;
};

const byOwner = (tenant: Tenant) => ({
  actor_kind: 'user',
  actor_user_id: tenant.userId,
  actor_name: 'Ada Okafor',
  actor_role: tenant.role,
});

describe('members in the trail', () => {
  it('an edit records each changed field before → after; a deactivation is its own entry', async () => {
    const member = await addMember(t, owner.token, {
      first_name: 'Chidi',
      last_name: 'Obi',
      city: 'Ikeja',
    });
    const entries = await written(async () =>
      ok(
        await call(t.app, 'PATCH', `/v1/member/${member.id}`, {
          token: staff.token,
          body: { first_name: 'Chidinma', city: 'Yaba', state: 'Lagos', is_active: false },
        }),
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        ...byOwner(staff),
        business_id: owner.businessId,
        action: 'member.deactivate',
        record_kind: 'member',
        record_id: member.id,
        member_id: member.id,
        record_label: `Chidinma Obi (${member.member_id})`,
      }),
      expect.objectContaining({
        ...byOwner(staff),
        action: 'member.update',
        member_id: member.id,
        // The state was Lagos already: not a change.
        changes: {
          first_name: { from: 'Chidi', to: 'Chidinma' },
          city: { from: 'Ikeja', to: 'Yaba' },
        },
      }),
    ]);
    // Saving the form again unchanged writes nothing.
    const again = await written(async () =>
      ok(
        await call(t.app, 'PATCH', `/v1/member/${member.id}`, {
          token: staff.token,
          body: { first_name: 'Chidinma', city: 'Yaba' },
        }),
      ),
    );
    expect(again).toEqual([]);
  });

  it('a create sent twice with its Idempotency-Key is one member and one entry', async () => {
    const body = { ...memberBody({ first_name: 'Uche', last_name: 'Nwosu' }) };
    const send = () =>
      call(t.app, 'POST', '/v1/member', {
        token: staff.token,
        body,
        headers: { 'idempotency-key': 'audit-member-twice' },
      });
    const entries = await written(async () => {
      await ok(await send(), 201);
      await ok(await send(), 200);
    });
    expect(entries.map((e) => [e.action, e.record_label.startsWith('Uche Nwosu (AUDT-')])).toEqual([
      ['member.create', true],
    ]);
  });

  it('a new picture and a new card say so, never the picture address or the card code', async () => {
    const member = await addMember(t, owner.token);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#00a' },
    })
      .png()
      .toBuffer();
    const entries = await written(async () => {
      const form = new FormData();
      form.append('file', png, { filename: 'me.png', contentType: 'image/png' });
      form.append('file_type', 'member_picture');
      form.append('entity_id', String(member.id));
      const up = await t.app.inject({
        method: 'POST',
        url: '/v1/business/upload_file',
        payload: form.getBuffer(),
        headers: { ...form.getHeaders(), authorization: `Bearer ${owner.token}` },
      });
      expect(up.statusCode, up.body).toBe(201);
      const card = await ok(
        await call(t.app, 'POST', `/v1/member/${member.id}/card/replace`, { token: owner.token }),
        201,
      );
      expect(JSON.stringify(await since(0))).not.toContain(card.card_code);
      expect(JSON.stringify(await since(0))).not.toContain(JSON.parse(up.body).data.s3_url);
    });
    expect(entries.map((e) => [e.action, e.member_id])).toEqual([
      ['member.picture', member.id],
      ['member.card_replace', member.id],
    ]);
  });
});

describe('plans in the trail', () => {
  it('records the price in naira before → after, and a deactivation', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const entries = await written(async () =>
      ok(
        await call(t.app, 'PATCH', `/v1/subscription-type/${plan.id}`, {
          token: owner.token,
          body: { amount: 27500, is_active: 0 },
        }),
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({ action: 'plan.deactivate', record_label: 'Monthly' }),
      expect.objectContaining({
        action: 'plan.update',
        record_id: plan.id,
        changes: { amount: { from: 25000, to: 27500 } },
      }),
    ]);
  });

  it('a plan that cannot be deleted (it has history) writes nothing', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Used' });
    await addMember(t, owner.token, { subscription_type_id: plan.id });
    const entries = await written(async () => {
      const res = await call(t.app, 'DELETE', `/v1/subscription-type/${plan.id}`, {
        token: owner.token,
      });
      expect(res.statusCode).toBe(409);
    });
    expect(entries).toEqual([]);
  });
});

describe('the business, its team and its Paystack connection', () => {
  it('a profile edit names each field; the logo only as changed', async () => {
    const entries = await written(async () =>
      ok(
        await call(t.app, 'PATCH', '/v1/business/profile', {
          token: owner.token,
          body: { city: 'Lekki', logo_url: 'https://cdn.example.com/secret-logo-path.png' },
        }),
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        ...byOwner(owner),
        action: 'business.update',
        record_kind: 'business',
        changes: { city: { from: 'Ikeja', to: 'Lekki' }, logo: { from: null, to: 'changed' } },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-logo-path');
  });

  it('a role change names the person, the old and new role, and who changed it', async () => {
    const invited = await ok(
      await call(t.app, 'POST', '/v1/user/invite', {
        token: owner.token,
        body: { email: 'ngozi.audit@example.com', role: 'staff', first_name: 'Ngozi' },
      }),
      201,
    );
    const entries = await written(async () =>
      ok(
        await call(t.app, 'PATCH', `/v1/user/${invited.id}/role`, {
          token: owner.token,
          body: { role: 'admin' },
        }),
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        ...byOwner(owner),
        action: 'team.role',
        record_kind: 'user',
        record_id: invited.id,
        changes: { role: { from: 'staff', to: 'admin' } },
      }),
    ]);
    // The invitation's link is in the outbox, never in the trail.
    expect(JSON.stringify(await since(0))).not.toMatch(/token=|\/invite/);
  });

  it('accepting an invitation is the person joining the team, never the link', async () => {
    const email = 'femi.audit@example.com';
    await ok(
      await call(t.app, 'POST', '/v1/user/invite', {
        token: owner.token,
        body: { email, role: 'staff' },
      }),
      201,
    );
    const link = await linkTokenFromOutbox(t.db, email);
    const entries = await written(async () =>
      ok(
        await call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
          body: {
            token: link,
            type: 'setup',
            password: 'correct-horse-42',
            confirm_password: 'correct-horse-42',
            first_name: 'Femi',
            last_name: 'Adeyemi',
          },
        }),
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        business_id: owner.businessId,
        actor_kind: 'user',
        actor_name: 'Femi Adeyemi',
        actor_role: 'staff',
        action: 'team.join',
        record_id: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(link);
    const [read] = await ok(
      await call(t.app, 'GET', '/v1/audit?record_kind=user&per_page=1', { token: owner.token }),
    );
    expect(read.text).toBe('Femi Adeyemi (staff) joined the team');
  });

  it('connecting Paystack never stores the key, only that it changed', async () => {
    const [key] = LOOPBACK_PAYSTACK_KEYS;
    const entries = await written(() => connectPaystack(t, paystack, other.token, key!));
    expect(entries[0]).toMatchObject({
      business_id: other.businessId,
      action: 'paystack.connect',
      changes: { 'secret key': { from: null, to: 'changed' } },
    });
    const everything = JSON.stringify(await since(0));
    expect(everything).not.toContain(key!);
    expect(everything).not.toContain(key!.slice(-12));
    const off = await written(async () =>
      ok(await call(t.app, 'DELETE', '/v1/business/paystack', { token: other.token })),
    );
    expect(off).toEqual([
      expect.objectContaining({ action: 'paystack.disconnect', business_id: other.businessId }),
    ]);
  });
});

describe('the front desk in the trail', () => {
  it('"Let in anyway" records the reason; an ordinary check-in writes nothing', async () => {
    const plan = await addPlan(t, owner.token);
    const unpaid = await addMember(t, owner.token, { first_name: 'Bola', last_name: 'Ade' });
    const paid = await addMember(t, owner.token);
    await ok(
      await call(t.app, 'POST', '/v1/payment', {
        token: owner.token,
        body: {
          member_id: paid.id,
          subscription_type_id: plan.id,
          amount: 25000,
          method: 'Cash',
          duration: 1,
        },
      }),
      201,
    );
    const plain = await written(async () =>
      ok(
        await call(t.app, 'POST', '/v1/check-in', {
          token: staff.token,
          body: { member_id: paid.id },
        }),
        201,
      ),
    );
    expect(plain).toEqual([]);
    const let_in = await written(async () =>
      ok(
        await call(t.app, 'POST', '/v1/check-in', {
          token: staff.token,
          body: { member_id: unpaid.id, override_reason: 'Paying tomorrow' },
        }),
        201,
      ),
    );
    expect(let_in).toEqual([
      expect.objectContaining({
        ...byOwner(staff),
        action: 'check_in.override',
        record_kind: 'visit',
        member_id: unpaid.id,
        record_label: `Bola Ade (${unpaid.member_id})`,
        detail: expect.objectContaining({ reason: 'Paying tomorrow' }),
      }),
    ]);
    // The owner reads it in plain words on the member's history.
    const history = await ok(
      await call(t.app, 'GET', `/v1/audit?member_id=${unpaid.id}`, { token: owner.token }),
    );
    expect(history.map((e: { text: string }) => e.text)).toContain(
      `Ada Okafor (staff) let in anyway Bola Ade (${unpaid.member_id}): Paying tomorrow`,
    );
  });

  it('a bulk message records group, channel and count, never its text', async () => {
    await addMember(t, owner.token);
    const entries = await written(async () =>
      ok(
        await call(t.app, 'POST', '/v1/comms', {
          token: owner.token,
          body: {
            group: 'all_members',
            channel: 'email',
            message: '<p>Pay here: https://pay.example.com/secret-code-123</p>',
          },
        }),
        201,
      ),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'message.send',
      record_kind: 'message',
      detail: { group: 'all_members', channel: 'email' },
    });
    expect(entries[0]!.detail.count).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain('secret-code-123');
  });

  it('a scheduled message is recorded when it is scheduled, and by the System when it goes out', async () => {
    const message = await ok(
      await call(t.app, 'POST', '/v1/comms', {
        token: owner.token,
        body: {
          group: 'all_members',
          channel: 'sms',
          message: '<p>Later</p>',
          is_scheduled: true,
          schedule_date: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
      201,
    );
    await t.db.execute(
      sql`update comms_messages set schedule_at = now() - interval '1 minute' where id = ${message.id}`,
    );
    const [scheduled] = await ok(
      await call(t.app, 'GET', '/v1/audit?record_kind=message&per_page=1', { token: owner.token }),
    );
    expect(scheduled.text).toBe('Ada Okafor (owner) scheduled message All Members by SMS');
    const entries = await written(() => communicationsModule.jobs![0]!(t.db, t.app.ctx));
    expect(entries).toEqual([
      expect.objectContaining({
        actor_kind: 'system',
        actor_user_id: null,
        action: 'message.send',
        record_id: message.id,
        business_id: owner.businessId,
      }),
    ]);
  });

  it('an export records who exported what, with which filters', async () => {
    const entries = await written(async () => {
      const res = await call(t.app, 'GET', '/v1/member/export?format=csv&account_status=inactive', {
        token: staff.token,
      });
      expect(res.statusCode).toBe(200);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        ...byOwner(staff),
        action: 'export.download',
        record_kind: 'export',
        detail: expect.objectContaining({
          export: 'members',
          filters: expect.objectContaining({ format: 'csv', account_status: 'inactive' }),
        }),
      }),
    ]);
  });

  it('an import is summed up once, by the Import, when it is done', async () => {
    const entries = await written(() => addMemberImport(t, owner.token, 'done'));
    const applied = entries.filter((e) => e.action === 'import.apply');
    expect(applied).toEqual([
      expect.objectContaining({
        actor_kind: 'import',
        record_kind: 'import',
        business_id: owner.businessId,
        detail: expect.objectContaining({ count: 1, created: 1, refused: 1 }),
      }),
    ]);
    expect(entries.map((e) => e.action)).toEqual(['import.upload', 'import.start', 'import.apply']);
  });
});
