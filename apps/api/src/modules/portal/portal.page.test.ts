import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@kora/shared';
import { businesses, outbox } from '../../db/schema';
import { withTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, createTenant, type Tenant } from '../../test/tenants';

/*
 * The member's pages through the real app on a real database: the sign-in by code with its
 * cookies, the Origin check on every form, the code step surviving a reload, signing out, and a
 * cookie of one gym meaning nothing on another gym's page.
 */

const t: TestApp = useTestApp();
const ORIGIN = 'http://kora.test';

let gymA: Tenant;
let gymB: Tenant;
let phone = '';
/** A second member, for the signed-in pages (each phone may ask 5 codes an hour). */
let phone2 = '';

beforeAll(async () => {
  gymA = await createTenant(t, { name: 'Iron Temple' });
  gymB = await createTenant(t, { name: 'Body Shop Gym' });
  const plan = await addPlan(t, gymA.token, {
    name: 'Monthly',
    amount: 25000,
    freeze_allowed: true,
    freeze_min_days: 3,
    freeze_fee: 1500,
  });
  const member = await addMember(t, gymA.token, { first_name: 'Chiamaka' });
  phone = member.mobile_number;
  const second = await addMember(t, gymA.token, { first_name: 'Bisi' });
  phone2 = second.mobile_number;
  await pay(t, gymA, paymentBody(second.id, plan.id, 25000));
  await pay(t, gymA, paymentBody(member.id, plan.id, 25000));
});

type Cookies = Record<string, string>;

/** The cookies an answer sets (value '' when it clears one). */
const setCookies = (res: LightMyRequestResponse) =>
  Object.fromEntries(
    (res.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]),
  );
const setCookieHeader = (res: LightMyRequestResponse, name: string): string => {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return all.find((c) => c.startsWith(`${name}=`)) ?? '';
};

const get = (url: string, cookies: Cookies = {}) => t.app.inject({ method: 'GET', url, cookies });

/** A form POST as a browser sends it from our page (Origin set), or with `headers` instead. */
const post = (
  url: string,
  form: Record<string, string>,
  cookies: Cookies = {},
  headers: Record<string, string> = { origin: ORIGIN },
) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });

/** The newest 6-digit sign-in code sent to `to`. */
const codeSentTo = async (to: string): Promise<string> => {
  const [msg] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code for ${to}`);
  return code;
};

const outboxCount = async () => (await t.db.select({ id: outbox.id }).from(outbox)).length;

/** Signs in through the pages and answers the session cookie. */
const signIn = async (code: string, who = phone): Promise<Cookies> => {
  const step = await post(`/m/${code}/sign-in`, { identifier: who });
  expect(step.statusCode).toBe(303);
  const stepCookies = setCookies(step);
  const verify = await post(`/m/${code}/verify`, { code: await codeSentTo(who) }, stepCookies);
  expect(verify.statusCode).toBe(303);
  const name = `kora_member_${code.toLowerCase()}`;
  return { [name]: setCookies(verify)[name]! };
};

describe('member page: signed out', () => {
  it('shows the gym and one field, never cached or indexed', async () => {
    const res = await get(`/m/${gymA.code}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Iron Temple');
    expect(res.body).toContain('Sign in with your phone number or e-mail');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('the code in small letters opens the gym’s own address (where its cookie lives)', async () => {
    const res = await get(`/m/${gymA.code.toLowerCase()}/code?sent=1`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/m/${gymA.code}/code?sent=1`);
  });

  it('an unknown gym answers 404 "Gym not found"', async () => {
    for (const code of ['NOSUCH', 'x'.repeat(100), '%00', '__proto__']) {
      const res = await get(`/m/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.body).toContain('Gym not found');
    }
  });
});

describe('member page: the Origin check', () => {
  it('refuses a form sent from another site, or without Origin and Referer: 403, no code sent', async () => {
    const before = await outboxCount();
    const refusedHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/m/x' },
      { origin: 'null' },
      {},
    ];
    for (const headers of refusedHeaders) {
      const res = await post(`/m/${gymA.code}/sign-in`, { identifier: phone }, {}, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain('This form was sent from another site');
    }
    expect(await outboxCount()).toBe(before);
  });

  it('takes a form whose Referer is our own page when the browser sent no Origin', async () => {
    const res = await post(
      `/m/${gymA.code}/sign-in`,
      { identifier: phone },
      {},
      { referer: `${ORIGIN}/m/${gymA.code}` },
    );
    expect(res.statusCode).toBe(303);
  });
});

describe('member page: signing in', () => {
  it('keeps the phone number in a signed cookie, not the address; the code step survives a reload', async () => {
    const res = await post(`/m/${gymA.code}/sign-in`, { identifier: phone });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/m/${gymA.code}/code`);
    const header = setCookieHeader(res, `kora_member_step_${gymA.code.toLowerCase()}`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toContain(`Path=/m/${gymA.code}`);
    expect(header).toMatch(/Max-Age=600/);
    const cookies = setCookies(res);
    for (let reload = 0; reload < 2; reload++) {
      const page = await get(`/m/${gymA.code}/code`, cookies);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('If you are a member of Iron Temple, we sent you a code.');
      expect(page.body).toContain(`••••${phone.slice(-4)}`);
      expect(page.body).not.toContain(phone);
    }
  });

  it('a changed step cookie is not trusted: back to the sign-in page', async () => {
    const name = `kora_member_step_${gymA.code.toLowerCase()}`;
    const page = await get(`/m/${gymA.code}/code`, { [name]: '08099999999.forged' });
    expect(page.body).toContain('Sign in with your phone number or e-mail');
  });

  it('a wrong code is refused in words; the right one sets the session cookie and shows the member', async () => {
    const step = await post(`/m/${gymA.code}/sign-in`, { identifier: phone });
    const stepCookies = setCookies(step);
    const right = await codeSentTo(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(`/m/${gymA.code}/verify`, { code: wrong }, stepCookies);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('That code is not right or has expired.');

    const ok = await post(`/m/${gymA.code}/verify`, { code: right }, stepCookies);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/m/${gymA.code}`);
    const name = `kora_member_${gymA.code.toLowerCase()}`;
    const header = setCookieHeader(ok, name);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toContain(`Path=/m/${gymA.code}`);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).not.toMatch(/Secure/i); // http here; Secure over https

    const home = await get(`/m/${gymA.code}`, { [name]: setCookies(ok)[name]! });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Hi Chiamaka');
    expect(home.body).toMatch(/class="verdict green">Active, \d+ days left</);
    expect(home.body).toContain('₦25,000');
  });

  it('hostile form input answers a page in words, never a 500', async () => {
    const bodies = [
      { identifier: '' },
      { identifier: '\u0000\u0001' },
      { identifier: 'a'.repeat(100_000) },
      { __proto__: 'x', identifier: '\u200b\u200b' } as Record<string, string>,
    ];
    for (const body of bodies) {
      const res = await post(`/m/${gymA.code}/sign-in`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/m/${gymA.code}/sign-in`,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"identifier":"x"}',
    });
    expect(json.statusCode).toBeLessThan(500);
    // Values that are not text (a JSON body) are no value: a page in words, not a failure.
    const cookies = await signIn(gymA.code, phone2);
    for (const payload of ['{"email_address":12}', '{"home_address":{"a":1}}', '[1,2]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/m/${gymA.code}/details`,
        cookies,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('member page: another gym and signing out', () => {
  it('gym A’s session cookie on gym B’s page answers B’s signed-out page', async () => {
    const cookies = await signIn(gymA.code);
    const token = Object.values(cookies)[0]!;
    const res = await get(`/m/${gymB.code}`, { [`kora_member_${gymB.code.toLowerCase()}`]: token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Body Shop Gym');
    expect(res.body).toContain('Sign in with your phone number or e-mail');
    expect(res.body).not.toContain('Chiamaka');
    const card = await get(`/m/${gymB.code}/card`, {
      [`kora_member_${gymB.code.toLowerCase()}`]: token,
    });
    expect(card.statusCode).toBe(303);
    expect(card.headers.location).toBe(`/m/${gymB.code}`);
  });

  it('signing out clears the cookie and ends the session: the old cookie no longer signs in', async () => {
    const cookies = await signIn(gymA.code);
    const refused = await post(`/m/${gymA.code}/sign-out`, {}, cookies, {
      origin: 'https://evil.example',
    });
    expect(refused.statusCode).toBe(403);
    expect((await get(`/m/${gymA.code}`, cookies)).body).toContain('Hi Chiamaka');

    const out = await post(`/m/${gymA.code}/sign-out`, {}, cookies);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(`/m/${gymA.code}?signed_out=1`);
    expect(setCookies(out)[`kora_member_${gymA.code.toLowerCase()}`]).toBe('');
    const after = await get(`/m/${gymA.code}?signed_out=1`, cookies);
    expect(after.body).toContain('You are signed out.');
    expect(after.body).not.toContain('Hi Chiamaka');
  });

  it('signed-in pages send a signed-out visitor to the sign-in page', async () => {
    for (const path of ['card', 'renew', 'details', 'freeze', 'privacy', 'privacy/export']) {
      const res = await get(`/m/${gymA.code}/${path}`);
      expect(res.statusCode, path).toBe(303);
      expect(res.headers.location).toBe(`/m/${gymA.code}`);
    }
  });
});

describe('member page: signed in', () => {
  let cookies: Cookies = {};
  beforeAll(async () => {
    cookies = await signIn(gymA.code, phone2);
  });

  it('the card shows the QR code and the brightness hint', async () => {
    const res = await get(`/m/${gymA.code}/card`, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('Turn your screen brightness up');
  });

  it('details: a save answers 303 and the page shows the new value', async () => {
    const saved = await post(
      `/m/${gymA.code}/details`,
      { home_address: '5 <Adeola> Odeku', email_address: 'chi@example.com' },
      cookies,
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/m/${gymA.code}/details?saved=1`);
    const page = await get(`/m/${gymA.code}/details?saved=1`, cookies);
    expect(page.body).toContain('Your details were saved.');
    expect(page.body).toContain('5 &lt;Adeola&gt; Odeku');
  });

  it('a new phone number is changed only with the code sent to it, kept between steps in a cookie', async () => {
    const asked = await post(
      `/m/${gymA.code}/details/phone`,
      { mobile_number: '0803 999 8888' },
      cookies,
    );
    expect(asked.statusCode).toBe(303);
    const step = { ...cookies, ...setCookies(asked) };
    const page = await get(`/m/${gymA.code}/details`, step);
    expect(page.body).toContain('action="/m/' + gymA.code + '/details/phone/verify"');
    const right = await codeSentTo('+2348039998888');
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(`/m/${gymA.code}/details/phone/verify`, { code: wrong }, step);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('That code is not right or has expired.');
    const done = await post(`/m/${gymA.code}/details/phone/verify`, { code: right }, step);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/m/${gymA.code}/details?saved=phone`);
    const after = await get(`/m/${gymA.code}/details?saved=phone`, cookies);
    expect(after.body).toContain('Your phone number was changed.');
    // Shown as the back office shows a phone.
    expect(after.body).toContain('<p>Now 0803 999 8888.</p>');
  });

  it('privacy: the choice is saved and shown', async () => {
    const saved = await post(
      `/m/${gymA.code}/privacy/consent`,
      { marketing_consent: 'yes' },
      cookies,
    );
    expect(saved.statusCode).toBe(303);
    const page = await get(`/m/${gymA.code}/privacy?saved=1`, cookies);
    expect(page.body).toMatch(/value="yes" checked/);
    const bad = await post(
      `/m/${gymA.code}/privacy/consent`,
      { marketing_consent: 'maybe' },
      cookies,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Choose Yes or No.');
  });

  it('details: a bad e-mail is refused next to its field, nothing saved', async () => {
    const res = await post(`/m/${gymA.code}/details`, { email_address: 'not-an-email' }, cookies);
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/aria-invalid="true" aria-describedby="f-email_address-error"/);
    const page = await get(`/m/${gymA.code}/details`, cookies);
    expect(page.body).not.toContain('not-an-email');
  });

  it('renew without Paystack says the gym does not take payments online', async () => {
    const res = await get(`/m/${gymA.code}/renew`, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This gym does not take payments online yet.');
    const refused = await post(
      `/m/${gymA.code}/renew`,
      { subscription_type_id: '1', duration: '1' },
      cookies,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This gym does not take payments online yet.');
  });

  it('freeze: a start in the past is refused in words; a request is shown as waiting', async () => {
    const today = lagosDay();
    const past = await post(
      `/m/${gymA.code}/freeze`,
      { start_date: addDays(today, -3), end_date: addDays(today, 3), reason: 'Travel' },
      cookies,
    );
    expect(past.statusCode).toBeGreaterThanOrEqual(400);
    expect(past.statusCode).toBeLessThan(500);
    expect(past.body).toContain('class="error"');

    const key = 'a1b2c3d4-freeze-key';
    const form = {
      start_date: addDays(today, 5),
      end_date: addDays(today, 11),
      reason: 'Travelling to Abuja',
      idempotency_key: key,
    };
    const sent = await post(`/m/${gymA.code}/freeze`, form, cookies);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/m/${gymA.code}/freeze?sent=1`);
    // The same form sent twice (a double tap) asks once.
    expect((await post(`/m/${gymA.code}/freeze`, form, cookies)).statusCode).toBe(303);
    const page = await get(`/m/${gymA.code}/freeze?sent=1`, cookies);
    // The plan's rules, in words, before the member asks.
    expect(page.body).toContain('A freeze must be at least 3 days.');
    expect(page.body).toContain('Each freeze costs ₦1,500.');
    expect(page.body).toContain('Your freeze request was sent.');
    expect(page.body.match(/Waiting for the gym/g)).toHaveLength(1);
  });

  it('privacy: the data downloads as a ZIP; the erasure request is sent and shown', async () => {
    const zip = await get(`/m/${gymA.code}/privacy/export`, cookies);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/attachment; filename="member-.+\.zip"/);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const erase = await post(`/m/${gymA.code}/privacy/erase`, { confirm: 'yes' }, cookies);
    expect(erase.statusCode).toBe(303);
    const page = await get(`/m/${gymA.code}/privacy`, cookies);
    expect(page.body).toContain('Your request was sent to Iron Temple');
  });
});

describe('member page: the per-IP limit', () => {
  it('past the limit a page answers 429 "Too many requests" with the wait, in the page', async () => {
    await withTestApp(
      { apiRateLimit: { enabled: true, perUserPerMinute: 1000, perIpPerMinute: 3 } },
      async (limited) => {
        // The gym straight in the database: the API's own calls share the tight limit.
        await limited.db.insert(businesses).values({
          name: 'Limit Gym',
          code: 'LIMITGYM',
          address: '1 Broad Street',
          city: 'Lagos Island',
          state: 'Lagos',
        });
        const statuses: number[] = [];
        let last: LightMyRequestResponse | undefined;
        for (let i = 0; i < 4; i++) {
          last = await limited.app.inject({ method: 'GET', url: '/m/LIMITGYM' });
          statuses.push(last.statusCode);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
        expect(last!.headers['content-type']).toMatch(/text\/html/);
        expect(last!.body).toContain('Too many requests');
        expect(last!.body).toMatch(/Please wait .+ and try again\./);
      },
    );
  });
});
