import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@kora/shared';
import { outbox, salesTickets } from '../../db/schema';
import { expectFieldErrors, json, uniqueEmail } from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { CONTACT_SENT } from './contact.routes';
import { CONTACT_RATE_LIMIT, TICKET_CODE_PATTERN, newTicketCode } from './contact.service';

const SALES = 'sales@kora.test';
const t = useTestApp({ salesEmail: SALES });

let ipCounter = 0;
/** Each request from an address of its own unless told: the limits are tested on purpose only. */
const freshIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const send = (body: unknown, opts: { ip?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/contact',
    payload: body as object,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

const request = (over: Record<string, unknown> = {}) => ({
  business_name: 'Iron Paradise Gym',
  business_email: uniqueEmail('owner'),
  member_stats: '100-200',
  features: ['Streamlined membership management', 'Automated Payment Processing'],
  how_you_found_us: 'Google Search',
  contact_number: '08031234567',
  additional_information: 'We have two branches in Lekki.\nCan you call after 5 pm?',
  ...over,
});

const ticketsOf = (email: string) =>
  t.db.select().from(salesTickets).where(eq(salesTickets.businessEmail, email));
const mailsAbout = async (code: string) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.ref, `contact:${code}`))
  ).filter((m) => m.to === SALES);

describe('POST /v1/contact: validation', () => {
  it('answers every required field with the form’s text', async () => {
    expectFieldErrors(await send({}), {
      business_name: CONTACT_MESSAGES.businessName,
      business_email: CONTACT_MESSAGES.businessEmail,
      member_stats: CONTACT_MESSAGES.memberCount,
      features: CONTACT_MESSAGES.needs,
      how_you_found_us: CONTACT_MESSAGES.discovery,
    });
    expect(CONTACT_MESSAGES).toMatchObject({
      businessName: 'Business name is required',
      businessEmail: 'Please enter a valid email address',
      memberCount: 'Please select your member count',
      needs: 'Please select at least one area where you need help',
      discovery: 'Please tell us how you heard about us',
    });
  });

  it.each([
    ['business_name', '', CONTACT_MESSAGES.businessName],
    ['business_name', '\u200b\u200b ', CONTACT_MESSAGES.businessName],
    ['business_name', 'Iron\u0000Gym', "Business name contains characters that can't be used"],
    ['business_email', 'not-an-email', CONTACT_MESSAGES.businessEmail],
    ['member_stats', 'lots', CONTACT_MESSAGES.memberCount],
    ['member_stats', '', CONTACT_MESSAGES.memberCount],
    ['features', [], CONTACT_MESSAGES.needs],
    ['features', 'Gym growth strategy', CONTACT_MESSAGES.needs],
    ['how_you_found_us', '   ', CONTACT_MESSAGES.discovery],
    ['additional_information', 'x'.repeat(3001), 'Message must be at most 3000 characters'],
    ['website', 42, 'Website must be text'],
  ])('refuses %s = %j', async (field, value, message) => {
    const res = await send(request({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ [field]: message });
  });

  it('refuses an empty area of help with the same text', async () => {
    const res = await send(request({ features: ['Gym growth strategy', ' '] }));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ 'features.1': CONTACT_MESSAGES.needs });
  });
});

describe('POST /v1/contact: a request', () => {
  it('stores a ticket with exactly what was sent and answers its ID', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await send(request({ business_email: `  ${email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe(CONTACT_SENT);
    expect(Object.keys(body.data)).toEqual(['entity_id']);
    const code: string = body.data.entity_id;
    expect(code).toMatch(TICKET_CODE_PATTERN);

    const rows = await ticketsOf(email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ticketCode: code,
      businessName: 'Iron Paradise Gym',
      businessEmail: email.toLowerCase(),
      memberStats: '100-200',
      features: ['Streamlined membership management', 'Automated Payment Processing'],
      howYouFoundUs: 'Google Search',
      contactNumber: '08031234567',
      additionalInformation: 'We have two branches in Lekki.\nCan you call after 5 pm?',
      idempotencyKey: null,
    });
    expect(rows[0]!.ip).toMatch(/^10\.20\./);
  });

  it('keeps the optional fields empty when they are not given', async () => {
    const email = uniqueEmail('minimal');
    const res = await send({
      business_name: 'Yaba Fit',
      business_email: email,
      member_stats: '<50',
      features: ['Other: a second branch'],
      how_you_found_us: 'A friend at church',
      contact_number: '',
    });
    expect(res.statusCode).toBe(201);
    expect((await ticketsOf(email))[0]).toMatchObject({
      contactNumber: null,
      additionalInformation: null,
    });
  });

  it('e-mails every field to SALES_EMAIL, escaped, with the business as the reply-to', async () => {
    const email = uniqueEmail('mail');
    const res = await send(
      request({
        business_email: email,
        business_name: 'Body & <b>Soul</b> Gym',
        additional_information: '<script>alert(1)</script>\nSecond line',
      }),
    );
    const code: string = json(res).data.entity_id;
    const mails = await mailsAbout(code);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ channel: 'email', to: SALES, replyTo: email, status: 'pending' });
    expect(mail.subject).toBe(`Sales request ${code}: Body & <b>Soul</b> Gym`);
    for (const text of [
      `Ticket ID: ${code}`,
      'Business name: Body & <b>Soul</b> Gym',
      `Business e-mail: ${email}`,
      'Phone number: 08031234567',
      'Members: 100 to 200 members',
      'Needs help with: Streamlined membership management, Automated Payment Processing',
      'Heard about us from: Google Search',
      '<script>alert(1)</script>\nSecond line',
    ])
      expect(mail.text).toContain(text);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Body &amp; &lt;b&gt;Soul&lt;/b&gt; Gym');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<b>Soul');
    expect(mail.html).not.toContain('<script>');
    for (const label of ['Automated Payment Processing', '100 to 200 members', 'Google Search'])
      expect(mail.html).toContain(label);
  });

  it('answers the first ticket to the same Idempotency-Key: one ticket, one e-mail', async () => {
    const body = request();
    const key = `contact-${Date.now()}`;
    const first = await send(body, { key });
    const again = await send(body, { key, ip: freshIp() });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    const code = json(first).data.entity_id;
    expect(json(again).data.entity_id).toBe(code);
    expect(await ticketsOf(body.business_email)).toHaveLength(1);
    expect(await mailsAbout(code)).toHaveLength(1);

    const other = await send({ ...body, business_name: 'Another Gym' }, { key });
    expect(other.statusCode).toBe(409);
    expect(json(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ticketsOf(body.business_email)).toHaveLength(1);

    const concurrent = request();
    const both = await Promise.all([
      send(concurrent, { key: `${key}-2` }),
      send(concurrent, { key: `${key}-2` }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => json(r).data.entity_id)).size).toBe(1);
    expect(await ticketsOf(concurrent.business_email)).toHaveLength(1);
  });

  it('answers a filled honeypot like a success, and stores and sends nothing', async () => {
    const body = request({ website: 'http://cheap-pills.example' });
    const res = await send(body);
    expect(res.statusCode).toBe(201);
    expect(json(res).data.entity_id).toMatch(TICKET_CODE_PATTERN);
    expect(await ticketsOf(body.business_email)).toEqual([]);
    expect(await mailsAbout(json(res).data.entity_id)).toEqual([]);
    const mailsToSales = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.replyTo, body.business_email));
    expect(mailsToSales).toEqual([]);
    // An empty honeypot is a person.
    const person = await send(request({ website: '' }));
    expect(person.statusCode).toBe(201);
  });
});

describe('POST /v1/contact: limits', () => {
  it(`refuses past ${CONTACT_RATE_LIMIT.perIp} requests an hour from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++)
      expect((await send(request(), { ip })).statusCode).toBe(201);
    const over = await send(request(), { ip });
    expect(over.statusCode).toBe(429);
    expect(json(over)).toEqual({
      message: 'Too many attempts. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    // Another address is not affected.
    expect((await send(request())).statusCode).toBe(201);
  });

  it(`refuses past ${CONTACT_RATE_LIMIT.perEmail} requests an hour for one e-mail`, async () => {
    const business_email = uniqueEmail('busy');
    for (let i = 0; i < CONTACT_RATE_LIMIT.perEmail; i++)
      expect((await send(request({ business_email }))).statusCode).toBe(201);
    const over = await send(request({ business_email: business_email.toUpperCase() }));
    expect(over.statusCode).toBe(429);
    expect(await ticketsOf(business_email)).toHaveLength(CONTACT_RATE_LIMIT.perEmail);
  });

  it('counts honeypot requests against the address', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++)
      expect((await send(request({ website: 'x' }), { ip })).statusCode).toBe(201);
    expect((await send(request({ website: 'x' }), { ip })).statusCode).toBe(429);
    const person = request();
    expect((await send(person, { ip })).statusCode).toBe(429);
    expect(await ticketsOf(person.business_email)).toEqual([]);
  });

  it('refuses an Idempotency-Key longer than 100 characters', async () => {
    const res = await send(request(), { key: 'k'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      'idempotency-key': 'Idempotency-Key must be at most 100 characters',
    });
  });
});

describe('ticket IDs', () => {
  it('are KS- and 8 symbols of an alphabet without 0, O, 1 or I', () => {
    const codes = new Set(Array.from({ length: 2000 }, newTicketCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(TICKET_CODE_PATTERN);
    const symbols = new Set([...codes].flatMap((c) => [...c.slice(3)]));
    expect(symbols.size).toBe(32);
    for (const ambiguous of ['0', 'O', '1', 'I']) expect(symbols.has(ambiguous)).toBe(false);
  });
});
