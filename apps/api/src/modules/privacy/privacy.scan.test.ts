import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import { rowsOf } from '../../db/payment-days';
import { memberSignInCodes, outbox } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from '../../test/loopback-paystack';
import {
  addHeldPayment,
  addPaymentLink,
  addTransferAccount,
  connectPaystack,
  useLoopbackPaystack,
} from '../../test/online';
import { pay, paymentBody } from '../../test/payments';
import { signInMember } from '../../test/portal';
import { addMember, addPlan } from '../../test/tenants';

/*
 * After erasure, nothing anywhere in the database names the member or reaches them: every text,
 * character and JSON column of every table (read from the database's own catalogue when the test
 * runs, so a column added later is scanned too) is searched for their names, their phone in each
 * form it is written, its and the e-mail's hashes, their e-mail, home address and card codes.
 */

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const { owner } = useTenants(t, { owner: { code: 'SCAN', name: 'Scan Gym' } });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const PHONE = '0803 555 7788';
const PHONE_E164 = '+2348035557788';
const EMAIL = 'zebedaiah.quix@example.com';
/** What identifies the member, in every form Kora might have written it. */
const NEEDLES = [
  'Zebedaiah',
  'Ngozimma',
  'Quixotewright',
  'Chidinmax',
  'Marigold Crescent',
  EMAIL,
  '8035557788',
  '803 555 7788',
  '803-555-7788',
  '803 5557788',
  sha256(PHONE_E164),
  sha256(EMAIL),
];

/** Every column of every table that can hold text: text, varchar, char, json, jsonb and their arrays. */
const textColumns = async () =>
  rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables tb
        on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
          or c.udt_name in ('_text', '_varchar', '_bpchar', '_json', '_jsonb'))
      order by c.table_name, c.ordinal_position`),
  );

/** "table.column holds …" for each value anywhere that contains one of `needles`. */
const scan = async (needles: string[]) => {
  const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, '\\$&')}%`);
  const any = sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;
  const found: string[] = [];
  const columns = await textColumns();
  for (const { table_name, column_name } of columns) {
    const col = sql.identifier(column_name);
    const rows = rowsOf<{ v: string }>(
      await t.db.execute(
        sql`select ${col}::text as v from ${sql.identifier(table_name)} where ${col}::text ilike any(${any})`,
      ),
    );
    for (const { v } of rows) {
      const hit = needles.find((n) => v.toLowerCase().includes(n.toLowerCase()));
      found.push(`${table_name}.${column_name} holds ${hit}: ${v.slice(0, 200)}`);
    }
  }
  return { found, columns: columns.length };
};

describe('erasing a member with a rich history', () => {
  it('leaves their name, phone, e-mail, address and card nowhere in the database', async () => {
    const token = owner.token;
    const secretKey = LOOPBACK_PAYSTACK_KEYS[0]!;
    await connectPaystack(t, paystack, token, secretKey);
    const m = await addMember(t, token, {
      first_name: 'Zebedaiah',
      middle_name: 'Ngozimma',
      last_name: 'Quixotewright',
      mobile_number: PHONE,
      email_address: EMAIL,
      home_address: '17 Marigold Crescent',
      date_of_birth: '1991-07-09',
      gender: 'Male',
      emergency_contact_name: 'Chidinmax Quixotewright',
      emergency_contact_number: '08059870011',
      emergency_contact_relationship: 'Sister',
      marketing_consent: 'yes',
    });
    const keep = await addMember(t, token, {
      first_name: 'Keepme',
      last_name: 'Stillhere',
      mobile_number: '08035550000',
      email_address: 'keepme@example.com',
    });
    const plan = await addPlan(t, token, {
      name: 'Monthly scan',
      amount: 25000,
      freeze_allowed: true,
      available_online: true,
    });

    // Payments: one voided and one refunded, each with staff text naming the member.
    const voided = await pay(t, owner, paymentBody(m.id, plan.id, 25000));
    const v = await call(t.app, 'POST', `/v1/payment/${voided.id}/void`, {
      token,
      body: { reason: 'Zebedaiah Quixotewright paid twice (0803 555 7788)' },
    });
    expect(v.statusCode, v.body).toBe(200);
    const paid = await pay(t, owner, paymentBody(m.id, plan.id, 25000));
    const r = await call(t.app, 'POST', `/v1/payment/${paid.id}/refund`, {
      token,
      body: {
        amount: 5000,
        method: 'Cash',
        reason: `Part refund to Zebedaiah Quixotewright, ${EMAIL}`,
        subscription: 'keep',
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    for (const channel of ['email', 'whatsapp'])
      expect(
        (
          await call(t.app, 'POST', `/v1/payment/${paid.id}/receipt/send`, {
            token,
            body: { channel },
          })
        ).statusCode,
      ).toBe(200);

    // Cards: sent, replaced, sent again.
    const firstCard = (await call(t.app, 'GET', `/v1/member/${m.id}/card`, { token })).json().data
      .card_code as string;
    await call(t.app, 'POST', `/v1/member/${m.id}/card/send`, {
      token,
      body: { channel: 'email' },
    });
    const replaced = await call(t.app, 'POST', `/v1/member/${m.id}/card/replace`, { token });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const card = replaced.json().data.card_code as string;
    await call(t.app, 'POST', `/v1/member/${m.id}/card/send`, {
      token,
      body: { channel: 'whatsapp' },
    });

    // A freeze, a check-in, a bulk message, online payments.
    const freeze = await call(t.app, 'POST', `/v1/member/${m.id}/freeze`, {
      token,
      body: {
        start_date: addDays(lagosDay(), 20),
        end_date: addDays(lagosDay(), 25),
        reason: 'Zebedaiah is travelling',
      },
    });
    expect(freeze.statusCode, freeze.body).toBe(201);
    const visit = await call(t.app, 'POST', '/v1/check-in', { token, body: { card_code: card } });
    expect(visit.statusCode, visit.body).toBe(201);
    const comms = await call(t.app, 'POST', '/v1/comms', {
      token,
      body: { group: 'all_members', channel: 'sms', message: '<p>Hello {first_name}</p>' },
    });
    expect(comms.statusCode, comms.body).toBe(201);
    await addPaymentLink(t, token, { member: m.id, plan: plan.id, channel: 'whatsapp' });
    await addTransferAccount(t, token, m.id);
    await addHeldPayment(t, paystack, token, { member: m.id, plan: plan.id, secretKey });

    // The member's page: signed in by phone and by e-mail, a freeze asked for, erasure asked for.
    const member = await signInMember(t, owner.code, PHONE_E164);
    await signInMember(t, owner.code, EMAIL);
    const portal = (path: string, body: unknown) =>
      call(t.app, 'POST', `/v1/portal/${owner.code}${path}`, {
        token: member,
        body,
        headers: { 'idempotency-key': `scan-${path}` },
      });
    const asked = await portal('/freeze-request', {
      start_date: addDays(lagosDay(), 28),
      end_date: addDays(lagosDay(), 31),
      reason: 'Quixotewright family wedding',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await portal('/erase-request', undefined)).statusCode).toBe(202);

    // Messages and a sign-in code addressed to the member but tied to another record.
    await t.db.insert(outbox).values([
      {
        businessId: owner.businessId,
        memberId: keep.id,
        channel: 'whatsapp',
        to: PHONE_E164,
        text: 'Hi Keepme, your plan ends soon',
      },
      {
        businessId: owner.businessId,
        memberId: keep.id,
        channel: 'email',
        to: EMAIL,
        subject: 'Your receipt',
        text: 'Thank you',
        html: '<p>Thank you</p>',
      },
    ]);
    await t.db.insert(memberSignInCodes).values({
      businessId: owner.businessId,
      memberId: keep.id,
      identifierHash: sha256(EMAIL),
      codeHash: 'c'.repeat(64),
      purpose: 'sign_in',
      expiresAt: new Date(Date.now() + 600_000),
    });
    await t.app.ctx.dispatcher.flush();

    // Before: the scan finds them (it is able to fail).
    const needles = [...NEEDLES, firstCard, card];
    const before = await scan(needles);
    for (const where of [
      'members.first_name',
      'payments.void_reason',
      'refunds.reason',
      'outbox.to',
      'rate_limits.key',
      'member_sign_in_codes.identifier_hash',
    ])
      expect(before.found.some((f) => f.startsWith(`${where} `))).toBe(true);

    const erased = await call(t.app, 'POST', `/v1/member/${m.id}/erase`, {
      token,
      body: { confirm: m.member_id },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const after = await scan(needles);
    expect(after.columns).toBeGreaterThan(100);
    expect(after.found).toEqual([]);
    // The other member is still whole.
    const kept = await call(t.app, 'GET', `/v1/member/${keep.id}`, { token });
    expect(kept.json().data).toMatchObject({
      first_name: 'Keepme',
      mobile_number: '+2348035550000',
      email_address: 'keepme@example.com',
    });
  });
});
