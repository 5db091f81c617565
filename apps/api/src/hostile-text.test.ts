import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, json, uniqueEmail } from './test/app';
import { useTestApp, useTenants } from './test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from './test/loopback-paystack';
import { addHeldPayment, connectPaystack, useLoopbackPaystack } from './test/online';
import { paymentBody, postPayment } from './test/payments';
import { addMember, addPlan, memberBody } from './test/tenants';

/*
 * Text a script or a paste may carry — a NUL byte, escape codes, line breaks in a name, names
 * made of invisible characters, a number for a website — is refused with the field's message on
 * every route that stores text, and never reaches the database.
 */

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const { owner } = useTenants(t, { owner: {} });

const NUL = 'Chi\u0000nedu';
/** Control characters but line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

describe('hostile text on every route that stores text', () => {
  it.each([
    [
      'POST',
      '/v1/auth/register',
      () => ({
        first_name: NUL,
        last_name: 'Obi',
        email: uniqueEmail(),
        phone_number: '08031234567',
        password: 'strong-pass-1',
      }),
      'first_name',
      "First name contains characters that can't be used",
    ],
    [
      'PATCH',
      '/v1/auth/update-profile',
      () => ({ last_name: 'Ok\u0000afor' }),
      'last_name',
      "Last name contains characters that can't be used",
    ],
    [
      'PATCH',
      '/v1/business/profile',
      () => ({ business_name: 'Iron\u0000Gym' }),
      'business_name',
      "Business name contains characters that can't be used",
    ],
    [
      'PATCH',
      '/v1/business/profile',
      () => ({ city: 'Ike\nja' }),
      'city',
      'City must be on one line',
    ],
    [
      'PATCH',
      '/v1/business/profile',
      () => ({ website_url: '12' }),
      'website_url',
      'Please enter a valid website URL',
    ],
    [
      'PATCH',
      '/v1/business/profile',
      () => ({ website_url: '0x10' }),
      'website_url',
      'Please enter a valid website URL',
    ],
    [
      'POST',
      '/v1/member',
      () => memberBody({ first_name: NUL }),
      'first_name',
      "First name contains characters that can't be used",
    ],
    [
      'POST',
      '/v1/member',
      () => memberBody({ last_name: 'Ab\u0007\u001bcd' }),
      'last_name',
      "Last name contains characters that can't be used",
    ],
    [
      'POST',
      '/v1/member',
      () => memberBody({ first_name: '\u200b\u200b\u200b' }),
      'first_name',
      'First name must be at least 2 characters',
    ],
    [
      'POST',
      '/v1/subscription-type',
      () => ({ name: 'Gold\u0000', amount: 5000, duration: 1, duration_type: 'month' }),
      'name',
      "Plan name contains characters that can't be used",
    ],
    [
      'PUT',
      '/v1/business/reminders',
      () => ({ enabled: true, reminders: [{ offset_days: -3, text: 'Renew\u0000now' }] }),
      'reminders.0.text',
      "Reminder text contains characters that can't be used",
    ],
    [
      'PUT',
      '/v1/business/reminders',
      () => ({ enabled: true, reminders: [{ offset_days: -3, text: 'Renew \u001b[31mnow' }] }),
      'reminders.0.text',
      "Reminder text contains characters that can't be used",
    ],
    [
      'POST',
      '/v1/comms',
      () => ({ group: 'all_members', channel: 'sms', message: '<p>Chi\u0000nedu</p>' }),
      'message',
      "Message contains characters that can't be used",
    ],
    [
      'POST',
      '/v1/comms',
      () => ({ group: 'all_members', channel: 'email', message: '<p>Renew \u001b[31mnow</p>' }),
      'message',
      "Message contains characters that can't be used",
    ],
  ] as const)('%s %s refuses %s', async (method, url, body, field, message) => {
    const res = await call(t.app, method, url, { token: owner.token, body: body() });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[field]).toBe(message);
  });

  it('member edit and payment purpose refuse a NUL byte', async () => {
    const member = await addMember(t, owner.token);
    const edit = await call(t.app, 'PATCH', `/v1/member/${member.id}`, {
      token: owner.token,
      body: { city: 'La\u0000gos' },
    });
    expect(edit.statusCode).toBe(400);
    expect(json(edit).errors.city).toBe("City contains characters that can't be used");
    const plan = await addPlan(t, owner.token);
    const pay = await postPayment(
      t,
      owner,
      paymentBody(member.id, plan.id, plan.amount, { method: 'Cash', purpose: 'Dues\u0000' }),
    );
    expect(pay.statusCode).toBe(400);
    expect(json(pay).errors.purpose).toBe("Purpose contains characters that can't be used");
  });

  it('the note of a held payment marked handled refuses a NUL byte and a line break', async () => {
    await connectPaystack(t, paystack, owner.token, LOOPBACK_PAYSTACK_KEYS[0]);
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token);
    const held = await addHeldPayment(t, paystack, owner.token, {
      member: member.id,
      plan: plan.id,
      secretKey: LOOPBACK_PAYSTACK_KEYS[0],
    });
    for (const [note, message] of [
      ['Refunded\u0000', "Note contains characters that can't be used"],
      ['Refunded\nby transfer', 'Note must be on one line'],
    ]) {
      const res = await call(t.app, 'POST', `/v1/held-payment/${held.id}/dismiss`, {
        token: owner.token,
        body: { note },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors.note).toBe(message);
    }
    const rows = (await t.db.execute(
      sql`select state, note from paystack_charges where id = ${held.id}`,
    )) as unknown as { rows: { state: string; note: string | null }[] };
    expect(rows.rows).toEqual([{ state: 'held', note: null }]);
  });

  it('a bulk message stores and sends no control character an entity or a name decodes to', async () => {
    await addMember(t, owner.token, { first_name: 'Tobi' });
    for (const channel of ['email', 'sms', 'whatsapp']) {
      const res = await call(t.app, 'POST', '/v1/comms', {
        token: owner.token,
        body: {
          group: 'all_members',
          channel,
          message: '<p>Hi {{first_name}}&#1;&#27;[31m,&#0; line&#7;</p><ul><li>one</li></ul>',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).data.message).not.toMatch(CONTROL);
    }
    const stored = (await t.db.execute(
      sql`select count(*)::int as n from comms_messages where html ~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);
    const sent = (await t.db.execute(
      sql`select text, html from outbox where ref like 'comms:%'`,
    )) as unknown as { rows: { text: string; html: string | null }[] };
    expect(sent.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of sent.rows) {
      expect(row.text).not.toMatch(CONTROL);
      expect(row.html ?? '').not.toMatch(CONTROL);
      expect(row.text).toMatch(/^Hi \p{L}+\[31m,/u);
    }
    expect(sent.rows.some((row) => row.text.startsWith('Hi Tobi[31m,'))).toBe(true);
  });

  it('a NUL byte in the member search is ignored, not a 500', async () => {
    const res = await call(t.app, 'GET', '/v1/member?search=a%00b', { token: owner.token });
    expect(res.statusCode).toBe(200);
  });

  it('a name typed with combining accents is stored composed (NFC)', async () => {
    const typed = 'Adébáyọ̀'.normalize('NFD');
    const member = await addMember(t, owner.token, { first_name: typed });
    expect(member.first_name).toBe('Adébáyọ̀'.normalize('NFC'));
    const rows = (await t.db.execute(
      sql`select first_name from members where id = ${member.id}`,
    )) as unknown as { rows: { first_name: string }[] };
    expect(rows.rows[0]!.first_name).toBe('Adébáyọ̀'.normalize('NFC'));
  });

  it('no stored text holds a control character after all of the above', async () => {
    const res = (await t.db.execute(
      sql`select count(*)::int as n from members where first_name ~ '[[:cntrl:]]' or last_name ~ '[[:cntrl:]]' or city ~ '[[:cntrl:]]'`,
    )) as unknown as { rows: { n: number }[] };
    expect(res.rows[0]!.n).toBe(0);
  });
});
