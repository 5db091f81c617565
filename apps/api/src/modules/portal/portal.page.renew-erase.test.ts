import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { businesses, erasureRequests } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { memberTokenFor } from '../../test/portal';
import { addMember, createTenant, type Tenant } from '../../test/tenants';

/*
 * The members' page of a gym without online payments says how to pay instead (the desk, the
 * gym's phone, the bank account it entered); "Ask to erase my data" asks once more, and only the
 * confirming POST (from this site) sends the request; the QR poster of the page for reception.
 */

const t: TestApp = useTestApp();
const ORIGIN = 'http://kora.test';

let gym: Tenant;
let other: Tenant;
let cookies: Record<string, string>;
let memberId: number;
let memberCode: string;

beforeAll(async () => {
  gym = await createTenant(t, { name: 'Iron Temple' });
  other = await createTenant(t, { name: 'Body Shop Gym' });
  const member = await addMember(t, gym.token, { first_name: 'Chiamaka' });
  memberId = member.id;
  memberCode = member.member_id;
  cookies = {
    [`kora_member_${gym.code.toLowerCase()}`]: await memberTokenFor(t, gym.businessId, member.id),
  };
});

const get = (url: string, c = cookies) => t.app.inject({ method: 'GET', url, cookies: c });
const post = (url: string, form: Record<string, string>, headers = { origin: ORIGIN }) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const setBusiness = (id: number, values: Partial<typeof businesses.$inferInsert>) =>
  t.db.update(businesses).set(values).where(eq(businesses.id, id));
const requests = () =>
  t.db.select().from(erasureRequests).where(eq(erasureRequests.memberId, memberId));

describe('renew without online payments', () => {
  it('says to pay at the desk; with the gym’s phone and bank account when it gave them', async () => {
    await setBusiness(gym.businessId, {
      businessPhone: null,
      bankName: null,
      bankAccountNumber: null,
      bankAccountName: null,
    });
    const bare = await get(`/m/${gym.code}/renew`);
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('This gym does not take payments online yet.');
    expect(bare.body).toContain('How to pay');
    expect(bare.body).toContain('Pay at the front desk of Iron Temple: cash, card or transfer.');
    expect(bare.body).not.toContain('Account number');
    expect(bare.body).not.toContain('tel:');

    await setBusiness(gym.businessId, {
      businessPhone: '0803 123 4567',
      bankName: 'GTBank <Lekki>',
      bankAccountNumber: '0123456789',
      bankAccountName: 'Iron Temple Ltd',
    });
    // Another gym's details never show here.
    await setBusiness(other.businessId, {
      businessPhone: '0809 999 9999',
      bankName: 'Zenith Bank',
      bankAccountNumber: '9876543210',
      bankAccountName: 'Body Shop Ltd',
    });
    const page = await get(`/m/${gym.code}/renew`);
    expect(page.body).toContain('Pay at the front desk of Iron Temple');
    expect(page.body).toContain(
      'Call Iron Temple on <a class="phone" href="tel:08031234567">0803 123 4567</a>',
    );
    expect(page.body).toContain('<dt>Bank</dt><dd>GTBank &lt;Lekki&gt;</dd>');
    expect(page.body).toContain('<dt>Account number</dt><dd>0123456789</dd>');
    expect(page.body).toContain('<dt>Account name</dt><dd>Iron Temple Ltd</dd>');
    expect(page.body).toContain(`Use your member ID ${memberCode} as the transfer’s reference`);
    expect(page.body).not.toContain('9876543210');
    expect(page.body).not.toContain('Zenith');
    expect(page.body).not.toContain('<script');

    // A renewal sent anyway is refused with the same directions.
    const refused = await post(`/m/${gym.code}/renew`, {
      subscription_type_id: '1',
      duration: '1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('<dt>Account number</dt><dd>0123456789</dd>');

    // The home page leads there.
    expect((await get(`/m/${gym.code}`)).body).toContain(`href="/m/${gym.code}/renew"`);
  });
});

describe('Ask to erase my data', () => {
  it('asks once more; only the confirming POST from this site sends the request', async () => {
    const privacy = await get(`/m/${gym.code}/privacy`);
    expect(privacy.body).toContain(`href="/m/${gym.code}/privacy/erase"`);
    expect(privacy.body).not.toContain(`action="/m/${gym.code}/privacy/erase"`);

    const confirm = await get(`/m/${gym.code}/privacy/erase`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Erase my data?');
    expect(confirm.body).toContain(`action="/m/${gym.code}/privacy/erase"`);
    expect(confirm.body).toContain('name="confirm" value="yes"');
    expect(confirm.body).toContain('Yes, ask to erase my data');
    expect(confirm.body).toContain(`href="/m/${gym.code}/privacy"`);
    expect(await requests()).toHaveLength(0);

    // A POST without the confirmation (the old one-click form) only asks.
    const unconfirmed = await post(`/m/${gym.code}/privacy/erase`, {});
    expect(unconfirmed.statusCode).toBe(303);
    expect(unconfirmed.headers.location).toBe(`/m/${gym.code}/privacy/erase`);
    expect(await requests()).toHaveLength(0);

    // From another site: 403, nothing sent.
    const forged = await post(
      `/m/${gym.code}/privacy/erase`,
      { confirm: 'yes' },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect(await requests()).toHaveLength(0);

    const sent = await post(`/m/${gym.code}/privacy/erase`, { confirm: 'yes' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/m/${gym.code}/privacy`);
    expect(await requests()).toHaveLength(1);
    expect((await get(`/m/${gym.code}/privacy`)).body).toContain(
      'Your request was sent to Iron Temple',
    );
    // Asked already: the step leads back to Privacy.
    const again = await get(`/m/${gym.code}/privacy/erase`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/m/${gym.code}/privacy`);
  });

  it('signed out, the step sends to the sign-in page', async () => {
    const res = await get(`/m/${gym.code}/privacy/erase`, {});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/m/${gym.code}`);
  });
});

describe("the members' page QR poster", () => {
  it('shows the gym and a QR code of the page’s full address, made for printing', async () => {
    const res = await get(`/m/${gym.code}/poster`, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const url = `http://kora.test/m/${gym.code}`;
    expect(res.body).toContain('<h1>Iron Temple</h1>');
    expect(res.body).toContain(`<p class="address">${url}</p>`);
    expect(res.body).toContain('@page{size:A4 portrait');
    expect(res.body).not.toContain('<script');
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(res.body).toContain(qr);
    expect((await get('/m/NOSUCH/poster', {})).statusCode).toBe(404);
  });
});
