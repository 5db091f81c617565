import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { call, createTestApp, json, uniqueEmail, withTestApp, type TestApp } from '../test/app';
import { useTestApp } from '../test/hooks';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that records what arrives, or refuses while `refuse` is set. */
const startSmtp = async () => {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (state.refuse)
          return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, state, port, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe('delivery over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
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
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('Subject: Your Kora verification code:');
    expect(mail!.raw).toMatch(/From: Kora <no-reply@kora\.test>/);
    expect(mail!.raw).toContain('text/html');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(row!.status).toBe('sent');
    expect(mail!.raw).toContain(row!.text.match(/\d{7}/)![0]);
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
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends each message once when several dispatchers run together', async () => {
    const { enqueueMessages } = await import('../lib/outbox');
    const recipients = Array.from({ length: 30 }, () => uniqueEmail('once'));
    await enqueueMessages(
      t.db,
      recipients.map((to) => ({ channel: 'email' as const, to, subject: 'Hello', text: 'Hi' })),
    );
    const { Dispatcher } = await import('./dispatcher');
    const { smtpTransport } = await import('../lib/transports');
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Kora <no-reply@kora.test>');
    const instances = [1, 2, 3, 4].map(
      () =>
        new Dispatcher(t.db, { email: transport, sms: transport, whatsapp: transport }, t.app.log),
    );
    await Promise.all(instances.map((d) => d.flush()));
    for (const to of recipients) {
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    }
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
