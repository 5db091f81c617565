import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, businesses, members } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { call, json, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { memberTokenFor } from '../../test/portal';
import { addMember, addPlan, createTenant, type Tenant } from '../../test/tenants';

/*
 * The member's kiosk PIN on their card page: shown only where the gym lets its kiosk take a
 * typed phone or member ID; the PIN typed twice, 4 to 6 digits, sent from this site only, kept
 * hashed; with it the kiosk lets them in by phone.
 */

const t: TestApp = useTestApp();
const ORIGIN = 'http://kora.test';

let gym: Tenant;
let cookies: Record<string, string>;
let memberId: number;
let phone: string;

beforeAll(async () => {
  gym = await createTenant(t, { name: 'Iron Temple' });
  const plan = await addPlan(t, gym.token, { name: 'Monthly', amount: 25000 });
  const member = await addMember(t, gym.token, { first_name: 'Chiamaka' });
  await pay(t, gym, paymentBody(member.id, plan.id, 25000));
  memberId = member.id;
  phone = member.mobile_number;
  cookies = {
    [`kora_member_${gym.code.toLowerCase()}`]: await memberTokenFor(t, gym.businessId, member.id),
  };
});

const get = (url: string) => t.app.inject({ method: 'GET', url, cookies });
const post = (url: string, form: Record<string, string>, headers = { origin: ORIGIN }) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const typedEntry = (on: boolean) =>
  t.db.update(businesses).set({ kioskTypedEntry: on }).where(eq(businesses.id, gym.businessId));
const pinHash = async () =>
  (await t.db.select().from(members).where(eq(members.id, memberId)))[0]!.kioskPinHash;

describe('kiosk PIN on the members’ page', () => {
  it('is not offered, and not taken, where the kiosk takes cards only', async () => {
    await typedEntry(false);
    const page = await get(`/m/${gym.code}/card`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Kiosk PIN');
    expect(page.body).not.toContain('/card/kiosk-pin');

    const res = await post(`/m/${gym.code}/card/kiosk-pin`, { pin: '4821', pin_confirm: '4821' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Iron Temple’s kiosk takes member cards only.');
    expect(await pinHash()).toBeNull();
  });

  it('where typed entry is allowed: a PIN typed twice is saved hashed, and opens the kiosk by phone', async () => {
    await typedEntry(true);
    const page = await get(`/m/${gym.code}/card`);
    expect(page.body).toContain('<h2>Kiosk PIN</h2>');
    expect(page.body).toContain(
      'At Iron Temple’s kiosk you may type your phone number or member ID with this PIN instead of showing your card.',
    );
    expect(page.body).toContain('You have no kiosk PIN yet.');
    expect(page.body).toContain(`action="/m/${gym.code}/card/kiosk-pin"`);
    // Dots, not digits; no script on the page.
    expect(page.body).toMatch(
      /<input type="password" id="f-pin" name="pin"[^>]*inputmode="numeric"/,
    );
    expect(page.body).not.toContain('<script');

    const res = await post(`/m/${gym.code}/card/kiosk-pin`, { pin: '4821', pin_confirm: '4821' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/m/${gym.code}/card?pin=saved`);
    const hash = await pinHash();
    expect(hash).not.toContain('4821');
    expect(await verifyPassword(hash, '4821')).toBe(true);
    const after = await get(res.headers.location as string);
    expect(after.body).toContain('Kiosk PIN saved.');
    expect(after.body).toContain('You have a kiosk PIN. A new one replaces it.');

    // The member's trail says they set it, never the PIN.
    const trail = await t.db.select().from(auditEntries).where(eq(auditEntries.memberId, memberId));
    const entry = trail.find((e) => JSON.stringify(e).includes('kiosk_pin'));
    expect(entry).toMatchObject({ action: 'member.update', actorKind: 'member' });
    expect(JSON.stringify(entry)).not.toContain('4821');

    // At the kiosk, the phone and that PIN check them in.
    const opened = await call(t.app, 'POST', '/v1/kiosk/open', { token: gym.token });
    expect(opened.statusCode, opened.body).toBe(201);
    const atKiosk = await call(t.app, 'POST', '/v1/kiosk/check-in', {
      headers: { authorization: `Kiosk ${json(opened).data.token}` },
      body: { code: phone, pin: '4821' },
    });
    expect(atKiosk.statusCode, atKiosk.body).toBe(200);
    expect(json(atKiosk).data).toMatchObject({ tone: 'green', first_name: 'Chiamaka' });
  });

  it('refuses a PIN of the wrong length, or two that differ, beside the field; nothing saved', async () => {
    await typedEntry(true);
    const before = await pinHash();
    for (const [pin, confirm, status, text] of [
      ['12', '12', 422, 'Enter a PIN of 4 to 6 digits'],
      ['1234567', '1234567', 422, 'Enter a PIN of 4 to 6 digits'],
      ['12ab', '12ab', 422, 'Enter a PIN of 4 to 6 digits'],
      ['', '', 422, 'Enter a PIN of 4 to 6 digits'],
      ['5555', '5556', 422, 'The two PINs do not match'],
    ] as const) {
      const res = await post(`/m/${gym.code}/card/kiosk-pin`, { pin, pin_confirm: confirm });
      expect(res.statusCode, pin).toBe(status);
      expect(res.body, pin).toContain(text);
      expect(res.body, pin).toContain('aria-invalid="true"');
    }
    expect(await pinHash()).toBe(before);
  });

  it('takes a form sent from this site only, and only from a signed-in member', async () => {
    await typedEntry(true);
    const before = await pinHash();
    const foreign = await post(
      `/m/${gym.code}/card/kiosk-pin`,
      { pin: '9999', pin_confirm: '9999' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/m/${gym.code}/card/kiosk-pin`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: 'pin=9999&pin_confirm=9999',
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe(`/m/${gym.code}`);
    expect(await pinHash()).toBe(before);
  });
});
