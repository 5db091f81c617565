import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses, outbox } from '../db/schema';
import { smtpTransport, termiiTransport, type Transport } from '../lib/transports';
import {
  call,
  createTestApp,
  json,
  register,
  uniqueEmail,
  withTestApp,
  type TestApp,
} from '../test/app';
import { useTestApp } from '../test/hooks';
import { addMember, createTenant } from '../test/tenants';
import { startLoopbackSmtp, type LoopbackSmtp } from '../test/loopback-smtp';
import { startLoopbackTermii, type LoopbackTermii } from '../test/loopback-termii';
import { Dispatcher } from './dispatcher';

/**
 * A From display name as a mail program shows it: RFC 2047 encoded words (UTF-8, B or Q)
 * decoded, the space between two of them dropped, a quoted string unquoted.
 */
const decodeWords = (value: string): string => {
  const decoded = value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeURIComponent(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, '%$1')
              .replace(/%(?![0-9a-f]{2})/gi, '%25'),
          ),
    );
  return /^".*"$/.test(decoded) ? decoded.slice(1, -1).replace(/\\(.)/g, '$1') : decoded;
};

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

  /**
   * A new gym (`name`, then `changes` to its business row) e-mails `message` to all its members,
   * one member: answers that member's address and the mail the SMTP server received.
   */
  const gymMail = async (
    name: string,
    changes: Partial<typeof businesses.$inferInsert>,
    message: string,
  ) => {
    const gym = await createTenant(t, { name });
    await t.db.update(businesses).set(changes).where(eq(businesses.id, gym.businessId));
    const to = uniqueEmail('member');
    await addMember(t, gym.token, { first_name: 'Kemi', email_address: to });
    const res = await call(t.app, 'POST', '/v1/comms', {
      token: gym.token,
      body: { group: 'all_members', channel: 'email', message },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.dispatcher.flush();
    return { to, mail: smtp.received.find((m) => m.rcptTo.includes(to))! };
  };

  it('sends the verification code e-mail to the SMTP server, text and HTML', async () => {
    const email = uniqueEmail('smtp');
    await register(t, email, 'password-1', 'Bola');
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

  it('delivers even while a periodic job keeps failing (it is tried again each time)', async () => {
    let runs = 0;
    let failing = true;
    t.app.ctx.dispatcher.onTick(async () => {
      runs += 1;
      if (failing) throw new Error('lock timeout');
    });
    const email = uniqueEmail('job');
    await register(t, email, 'password-1', 'Kemi');
    await t.app.ctx.dispatcher.flush();
    expect(smtp.received.some((m) => m.rcptTo.includes(email))).toBe(true);
    const before = runs;
    await t.app.ctx.dispatcher.flush();
    expect(runs).toBeGreaterThan(before);
    failing = false;
  });

  it('keeps a refused message pending with the error, and retries it later', async () => {
    const email = uniqueEmail('retry');
    smtp.state.refuse = true;
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } }); // unknown: nothing queued
    await register(t, email, 'password-1', 'Tunde');
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

  it("sends a gym's bulk e-mail from the gym's name on Kora's address; Kora's own mail stays Kora", async () => {
    const { to, mail } = await gymMail(
      'Iron Temple',
      { businessEmail: 'desk@irontemple.ng' },
      '<p>We open at 6 am.</p>',
    );
    expect(mail.headers.from).toBe('Iron Temple <no-reply@kora.test>');
    expect(mail.mailFrom).toBe('no-reply@kora.test');
    expect(mail.headers['reply-to']).toBe('desk@irontemple.ng');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to));
    expect(row).toMatchObject({ fromName: 'Iron Temple', status: 'sent' });

    // The owner's own verification code (Kora's mail) still comes from Kora.
    const owner = uniqueEmail('owner');
    await register(t, owner, 'password-1', 'Bola');
    await t.app.ctx.dispatcher.flush();
    const code = smtp.received.find((m) => m.rcptTo.includes(owner))!;
    expect(code.headers.from).toBe('Kora <no-reply@kora.test>');
    const [codeRow] = await t.db.select().from(outbox).where(eq(outbox.to, owner));
    expect(codeRow!.fromName).toBeNull();
  });

  it('keeps a hostile gym name to one valid From header: quoted, encoded, no line breaks', async () => {
    // Quotes, a comma, angle brackets, CR/LF trying to add a header, and Yoruba diacritics.
    const hostile = 'Ọ̀ṣọ́ "Iron", <Temple>\r\nBcc: thief@evil.test\n';
    const { to, mail } = await gymMail('Hostile Gym', { name: hostile }, '<p>Hello</p>');
    // Delivered to the member only: nothing was added to the envelope or the headers.
    expect(mail.rcptTo).toEqual([to]);
    const head = mail.raw.slice(0, /\r?\n\r?\n/.exec(mail.raw)!.index);
    expect(head.match(/^from:/gim)).toHaveLength(1);
    expect(head).not.toMatch(/^bcc:/im);
    expect(head).not.toContain('evil.test');
    // Unfolded, the header is ASCII: the name as an encoded word, then Kora's address.
    const from = mail.headers.from!;
    expect(from).toMatch(/^[\x20-\x7e]+$/);
    expect(from).toMatch(/ <no-reply@kora\.test>$/);
    expect(decodeWords(from.replace(/ <no-reply@kora\.test>$/, ''))).toBe(
      'Ọ̀ṣọ́ "Iron", <Temple> Bcc: thief@evil.test'.normalize('NFC'),
    );
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
      // 2 s: ample for a 100-number call on a loaded machine, short for the test of a hang.
      sms: termiiTransport(config, 'sms', fetch, { timeoutMs: 2000 }),
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
    expect((await rowOf(id)).lastError).toMatch(/did not answer within 2 s/);

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

  describe('in bulk (POST /api/sms/send/bulk)', () => {
    /** `n` Nigerian numbers, distinct per `series` (two digits). */
    const numbers = (series: string, n: number) =>
      Array.from({ length: n }, (_, i) => `+2348${series}${String(i).padStart(7, '0')}`);
    const queueMany = async (
      tos: string[],
      values: Partial<typeof outbox.$inferInsert> = {},
    ): Promise<number[]> => {
      const rows = await t.db
        .insert(outbox)
        .values(tos.map((to) => ({ channel: 'sms', text: 'Gym closed Monday', to, ...values })))
        .returning({ id: outbox.id });
      return rows.map((r) => r.id);
    };
    const rowsOf = (ids: number[]) =>
      t.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
    const bulkCalls = () => termii.received.filter((r) => r.path === '/api/sms/send/bulk');
    const singleCalls = () => termii.received.filter((r) => r.path === '/api/sms/send');
    const makeDue = (ids: number[]) =>
      t.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(inArray(outbox.id, ids));

    it('sends 250 rows with one text in 3 calls (100, 100, 50), each row once with its id', async () => {
      const tos = numbers('10', 250);
      const ids = await queueMany(tos, { ref: 'test:bulk-250' });
      const settled: string[] = [];
      await dispatcherAt(DAY, settled).flush();

      const calls = bulkCalls();
      expect(calls.map((c) => (c.body.to as string[]).length)).toEqual([100, 100, 50]);
      expect(singleCalls()).toHaveLength(0);
      for (const call of calls) {
        expect(call.body).toMatchObject({
          api_key: termii.apiKey,
          from: 'Kora',
          sms: 'Gym closed Monday',
          type: 'plain',
          channel: 'generic',
        });
      }
      const sentTo = calls.flatMap((c) => c.body.to as string[]);
      expect([...sentTo].sort()).toEqual(tos.map((to) => to.slice(1)).sort());

      const rows = await rowsOf(ids);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(rows.every((r) => r.lastError === null && r.sentAt !== null)).toBe(true);
      // One message_id per call, on every row of that call.
      const perId = new Map<string, number>();
      for (const r of rows) perId.set(r.providerId!, (perId.get(r.providerId!) ?? 0) + 1);
      expect([...perId.keys()].every((id) => /^3017\d{12}$/.test(id))).toBe(true);
      expect([...perId.values()].sort((a, b) => a - b)).toEqual([50, 100, 100]);
      // The hooks run once per pass (3 passes of up to 100 rows) for the ref.
      expect(settled).toEqual(['test:bulk-250', 'test:bulk-250', 'test:bulk-250']);
    });

    it('sends rows with different texts, and WhatsApp, one by one', async () => {
      const [a, b, c, w1, w2] = numbers('11', 5);
      const sms = [
        ...(await queueMany([a!], { text: 'Hello Ada, your plan renews Friday' })),
        ...(await queueMany([b!], { text: 'Hello Bayo, your plan renews Friday' })),
        ...(await queueMany([c!], { text: 'Hello Chi, your plan renews Friday' })),
      ];
      const whatsapp = await queueMany([w1!, w2!], { channel: 'whatsapp' });
      await dispatcherAt(DAY).flush();

      expect(bulkCalls()).toHaveLength(0);
      expect(
        singleCalls()
          .map((r) => `${String(r.body.channel)} ${String(r.body.to)}`)
          .sort(),
      ).toEqual(
        [
          `generic ${a!.slice(1)}`,
          `generic ${b!.slice(1)}`,
          `generic ${c!.slice(1)}`,
          `whatsapp ${w1!.slice(1)}`,
          `whatsapp ${w2!.slice(1)}`,
        ].sort(),
      );
      const rows = await rowsOf([...sms, ...whatsapp]);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(new Set(rows.map((r) => r.providerId)).size).toBe(5);
    });

    it('keeps every row of a bulk call answered 500 pending with the error, then retries it', async () => {
      const ids = await queueMany(numbers('12', 40));
      termii.script.push('error');
      await dispatcherAt(DAY).flush();
      let rows = await rowsOf(ids);
      expect(bulkCalls()).toHaveLength(1);
      expect(rows.every((r) => r.status === 'pending' && r.attempts === 1)).toBe(true);
      expect(rows.every((r) => /Termii answered 500/.test(r.lastError ?? ''))).toBe(true);
      expect(rows.every((r) => r.nextAttemptAt.getTime() > Date.now())).toBe(true);
      expect(rows.every((r) => r.providerId === null && r.sentAt === null)).toBe(true);

      // Not due yet: nothing goes.
      await dispatcherAt(DAY).flush();
      expect(bulkCalls()).toHaveLength(1);

      await makeDue(ids);
      await dispatcherAt(DAY).flush();
      rows = await rowsOf(ids);
      expect(bulkCalls()).toHaveLength(2);
      expect(bulkCalls()[1]!.body.to).toHaveLength(40);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
      expect(rows.every((r) => r.lastError === null)).toBe(true);
      expect(new Set(rows.map((r) => r.providerId)).size).toBe(1);
      expect(rows[0]!.providerId).toMatch(/^3017\d{12}$/);
    });

    it('fails every row of a bulk call answered 400 for good, without retrying', async () => {
      const ids = await queueMany(numbers('13', 30), { ref: 'test:bulk-400' });
      termii.script.push('invalid');
      const settled: string[] = [];
      await dispatcherAt(DAY, settled).flush();
      let rows = await rowsOf(ids);
      expect(rows.every((r) => r.status === 'failed' && r.attempts === 1)).toBe(true);
      expect(rows.every((r) => /Termii answered 400/.test(r.lastError ?? ''))).toBe(true);
      expect(rows.every((r) => r.providerId === null)).toBe(true);
      expect(settled).toEqual(['test:bulk-400']);

      await makeDue(ids);
      await dispatcherAt(DAY).flush();
      rows = await rowsOf(ids);
      expect(rows.every((r) => r.status === 'failed' && r.attempts === 1)).toBe(true);
      expect(termii.received).toHaveLength(1);
    });

    it('holds quiet-hours rows at night and sends the others of the same text in bulk', async () => {
      const [q1, q2, n1, n2] = numbers('14', 4);
      const quiet = await queueMany([q1!, q2!], { quietHours: true });
      const now = await queueMany([n1!, n2!]);
      await dispatcherAt(lagos('2025-03-10T22:30:00')).flush();
      expect(bulkCalls().map((c) => c.body.to)).toEqual([[n1!.slice(1), n2!.slice(1)]]);
      expect(singleCalls()).toHaveLength(0);
      expect((await rowsOf(now)).every((r) => r.status === 'sent')).toBe(true);
      const held = await rowsOf(quiet);
      expect(held.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
      expect(held[0]!.nextAttemptAt.toISOString()).toBe(lagos('2025-03-11T08:00:00').toISOString());

      // At 8:00 the held rows go, together.
      await dispatcherAt(lagos('2025-03-11T08:00:00')).flush();
      expect(bulkCalls().map((c) => c.body.to)).toEqual([
        [n1!.slice(1), n2!.slice(1)],
        [q1!.slice(1), q2!.slice(1)],
      ]);
      expect((await rowsOf(quiet)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(
        true,
      );
    });

    it('sends each number once when two dispatchers run together', async () => {
      const tos = numbers('15', 250);
      const ids = await queueMany(tos);
      await Promise.all([dispatcherAt(DAY).flush(), dispatcherAt(DAY).flush()]);
      const calls = bulkCalls();
      expect(calls.every((c) => (c.body.to as string[]).length <= 100)).toBe(true);
      const sentTo = [...calls, ...singleCalls()].flatMap((c) =>
        Array.isArray(c.body.to) ? (c.body.to as string[]) : [String(c.body.to)],
      );
      expect(sentTo).toHaveLength(250);
      expect(new Set(sentTo).size).toBe(250);
      expect((await rowsOf(ids)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
  });
});

describe('the local outbox (no SMTP configured)', () => {
  const t = useTestApp();

  it('stores messages and lists them newest first at /dev/outbox', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const email of [first, second]) {
      await register(t, email, 'password-1', 'Ife');
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

  it("stores a gym's e-mail with its sender name and Reply-To, and lists them at /dev/outbox", async () => {
    const gym = await createTenant(t, { name: 'Iron Temple' });
    await t.db
      .update(businesses)
      .set({ businessEmail: 'desk@irontemple.ng' })
      .where(eq(businesses.id, gym.businessId));
    const to = uniqueEmail('local');
    await addMember(t, gym.token, { first_name: 'Kemi', email_address: to });
    await call(t.app, 'POST', '/v1/comms', {
      token: gym.token,
      body: { group: 'all_members', channel: 'email', message: '<p>We open at 6 am.</p>' },
    });
    await t.app.ctx.dispatcher.flush();
    const data = json(await call(t.app, 'GET', '/dev/outbox')).data as Record<string, unknown>[];
    expect(data.find((m) => m.to === to)).toMatchObject({
      status: 'stored',
      from_name: 'Iron Temple',
      reply_to: 'desk@irontemple.ng',
    });
  });

  it('is not served in production', async () => {
    await withTestApp({ isProduction: true, env: 'production' }, async (prod) => {
      const res = await call(prod.app, 'GET', '/dev/outbox');
      expect(res.statusCode).toBe(404);
    });
  });
});
