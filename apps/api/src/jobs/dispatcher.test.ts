import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { smtpTransport, termiiTransport, type Transport } from '../lib/transports';
import { call, createTestApp, json, uniqueEmail, withTestApp, type TestApp } from '../test/app';
import { useTestApp } from '../test/hooks';
import { startLoopbackSmtp, type LoopbackSmtp } from '../test/loopback-smtp';
import { startLoopbackTermii, type LoopbackTermii } from '../test/loopback-termii';
import { Dispatcher } from './dispatcher';

describe('delivery over SMTP', () => {
  let smtp: LoopbackSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp({ rejects: (a) => a.startsWith('nobody') });
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'Kora <no-reply@kora.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the verification code e-mail to the SMTP server, text and HTML', async () => {
    const email = uniqueEmail('smtp');
    await call(t.app, 'POST', '/v1/auth/register', {
      body: {
        first_name: 'Bola',
        last_name: 'Ade',
        email,
        phone_number: '08031234567',
        password: 'password-1',
      },
    });
    await t.app.ctx.dispatcher.flush();
    const mail = smtp.received.find((m) => m.rcptTo.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.headers.subject).toMatch(/^Your Kora verification code:/);
    expect(mail!.headers.from).toBe('Kora <no-reply@kora.test>');
    expect(mail!.html).toContain('<!doctype html>');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(row!.status).toBe('sent');
    expect(mail!.text).toContain(row!.text.match(/\d{7}/)![0]);
    expect(row!.providerId).toBe(mail!.headers['message-id']);
  });

  it('keeps a refused message pending with the error, and retries it later', async () => {
    const email = uniqueEmail('retry');
    smtp.state.refuse = true;
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } }); // unknown: nothing queued
    await call(t.app, 'POST', '/v1/auth/register', {
      body: {
        first_name: 'Tunde',
        last_name: 'Ade',
        email,
        phone_number: '08031234567',
        password: 'password-1',
      },
    });
    await t.app.ctx.dispatcher.flush();
    let [row] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/mailbox busy/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    smtp.state.refuse = false;
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, row!.id));
    await t.app.ctx.dispatcher.flush();
    [row] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(2);
    expect(smtp.received.filter((m) => m.rcptTo.includes(email))).toHaveLength(1);
  });

  it('sends each message once when several dispatchers run together', async () => {
    const { enqueueMessages } = await import('../lib/outbox');
    const recipients = Array.from({ length: 30 }, () => uniqueEmail('once'));
    await enqueueMessages(
      t.db,
      recipients.map((to) => ({ channel: 'email' as const, to, subject: 'Hello', text: 'Hi' })),
    );
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Kora <no-reply@kora.test>');
    const instances = [1, 2, 3, 4].map(
      () =>
        new Dispatcher(t.db, { email: transport, sms: transport, whatsapp: transport }, t.app.log),
    );
    await Promise.all(instances.map((d) => d.flush()));
    for (const to of recipients) {
      expect(smtp.received.filter((m) => m.rcptTo.includes(to))).toHaveLength(1);
    }
  });

  it('sends the Reply-To of a row and keeps the Message-ID', async () => {
    const to = uniqueEmail('reply');
    const [queued] = await t.db
      .insert(outbox)
      .values({
        channel: 'email',
        to,
        subject: 'Message from Iron Paradise',
        text: 'Hello',
        html: '<p>Hello</p>',
        replyTo: 'desk@ironparadise.ng',
      })
      .returning();
    await t.app.ctx.dispatcher.flush();
    const mail = smtp.received.find((m) => m.rcptTo.includes(to))!;
    expect(mail.headers['reply-to']).toBe('desk@ironparadise.ng');
    expect(mail.headers.from).toBe('Kora <no-reply@kora.test>');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.providerId).toBe(mail.headers['message-id']);
  });

  it('fails a recipient refused with 550 at once, without retrying', async () => {
    const to = `nobody-${Date.now()}@example.ng`;
    const [queued] = await t.db
      .insert(outbox)
      .values({ channel: 'email', to, subject: 'Hi', text: 'Hi', ref: 'test:550' })
      .returning();
    const settled: string[] = [];
    const dispatcher = new Dispatcher(
      t.db,
      {
        email: smtpTransport(smtp.url, 'Kora <no-reply@kora.test>'),
        sms: smtpTransport(smtp.url, 'x@kora.test'),
        whatsapp: smtpTransport(smtp.url, 'x@kora.test'),
      },
      t.app.log,
    );
    dispatcher.onSettled(async (ref) => void settled.push(ref));
    await dispatcher.flush();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerId: null });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    expect(settled).toContain('test:550');
  });
});

describe('delivery over Termii', () => {
  const t = useTestApp();
  let termii: LoopbackTermii;
  let transports: Record<'email' | 'sms' | 'whatsapp', Transport>;
  /** Lagos wall-clock time as an instant. */
  const lagos = (local: string) => new Date(`${local}+01:00`);
  const dispatcherAt = (now: Date, settled: string[] = []) => {
    const d = new Dispatcher(t.db, transports, t.app.log, { clock: () => now });
    d.onSettled(async (ref) => void settled.push(ref));
    return d;
  };
  const queue = async (values: Partial<typeof outbox.$inferInsert> & { to: string }) => {
    const [row] = await t.db
      .insert(outbox)
      .values({ channel: 'sms', text: 'Promo: 20% off this week', ...values })
      .returning();
    return row!.id;
  };
  const rowOf = async (id: number) =>
    (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
  /** Makes a backed-off row due now. */
  const due = (id: number) =>
    t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
  const DAY = lagos('2025-03-11T10:00:00');

  beforeAll(async () => {
    termii = await startLoopbackTermii();
    const config = { apiKey: termii.apiKey, senderId: termii.senderId, baseUrl: termii.baseUrl };
    transports = {
      email: termiiTransport(config, 'sms'),
      sms: termiiTransport(config, 'sms', fetch, { timeoutMs: 500 }),
      whatsapp: termiiTransport(config, 'whatsapp'),
    };
  });
  afterAll(() => termii.close());
  beforeEach(() => {
    termii.received.length = 0;
    termii.script.length = 0;
  });

  it('fails an invalid number at once: one attempt, no retry', async () => {
    const id = await queue({ to: '+2348000000001', ref: 'test:invalid' });
    termii.script.push('invalid');
    const settled: string[] = [];
    await dispatcherAt(DAY, settled).flush();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerId: null, sentAt: null });
    expect(row.lastError).toMatch(/Termii answered 400/);
    expect(settled).toEqual(['test:invalid']);

    await due(id);
    await dispatcherAt(DAY).flush();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(termii.received).toHaveLength(1);
  });

  it('retries a provider failing twice, then stores the message_id once it recovers', async () => {
    const id = await queue({ to: '+2348000000002' });
    termii.script.push('error', 'hang');
    await dispatcherAt(DAY).flush();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowOf(id)).lastError).toMatch(/Termii answered 500/);
    expect((await rowOf(id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await due(id);
    await dispatcherAt(DAY).flush();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await rowOf(id)).lastError).toMatch(/did not answer within 0.5 s/);

    await due(id);
    await dispatcherAt(DAY).flush();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(row.providerId).toMatch(/^3017\d{12}$/);
    expect(row.sentAt).not.toBeNull();
    expect(termii.received.map((r) => r.body.to)).toEqual([
      '2348000000002',
      '2348000000002',
      '2348000000002',
    ]);
  });

  it('holds a quiet-hours SMS claimed at night until 8:00 Lagos, and sends the others', async () => {
    const promo = await queue({ to: '+2348000000003', quietHours: true, ref: 'test:promo' });
    const code = await queue({
      to: '+2348000000004',
      text: 'Your code is 123456',
      ref: 'test:code',
    });
    const settled: string[] = [];
    await dispatcherAt(lagos('2025-03-10T22:30:00'), settled).flush();
    let row = await rowOf(promo);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, providerId: null });
    expect(row.nextAttemptAt.toISOString()).toBe(lagos('2025-03-11T08:00:00').toISOString());
    expect(await rowOf(code)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(termii.received.map((r) => r.body.to)).toEqual(['2348000000004']);
    expect(settled).toEqual(['test:code']);

    // Still night (the release time has passed for the database, not for this clock).
    await dispatcherAt(lagos('2025-03-11T07:59:00')).flush();
    expect(await rowOf(promo)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(termii.received).toHaveLength(1);

    await dispatcherAt(lagos('2025-03-11T08:00:00'), settled).flush();
    row = await rowOf(promo);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.providerId).toMatch(/^3017\d{12}$/);
    expect(termii.received.map((r) => r.body.to)).toEqual(['2348000000004', '2348000000003']);
    expect(termii.received[1]!.body).toMatchObject({
      channel: 'generic',
      sms: 'Promo: 20% off this week',
    });
    expect(settled).toEqual(['test:code', 'test:promo']);
  });
});

describe('the local outbox (no SMTP configured)', () => {
  const t = useTestApp();

  it('stores messages and lists them newest first at /dev/outbox', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const email of [first, second]) {
      await call(t.app, 'POST', '/v1/auth/register', {
        body: {
          first_name: 'Ife',
          last_name: 'Ola',
          email,
          phone_number: '08031234567',
          password: 'password-1',
        },
      });
    }
    await t.app.ctx.dispatcher.flush();
    const res = await call(t.app, 'GET', '/dev/outbox');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data[0].to).toBe(second);
    expect(data[1].to).toBe(first);
    expect(Object.keys(data[0])).toEqual(
      expect.arrayContaining(['id', 'channel', 'to', 'subject', 'text', 'html', 'created_at']),
    );
    expect(data[0].status).toBe('stored');
  });

  it('is not served in production', async () => {
    await withTestApp({ isProduction: true, env: 'production' }, async (prod) => {
      const res = await call(prod.app, 'GET', '/dev/outbox');
      expect(res.statusCode).toBe(404);
    });
  });
});
