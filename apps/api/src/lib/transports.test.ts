import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackSmtp, type LoopbackSmtp } from '../test/loopback-smtp';
import { startLoopbackTermii, type LoopbackTermii } from '../test/loopback-termii';
import { renderMessage } from './message-content';
import {
  PermanentDeliveryError,
  smtpTransport,
  termiiTransport,
  type Delivery,
} from './transports';

const sms = (to: string, text = 'Hello from the gym'): Delivery => ({
  channel: 'sms',
  to,
  subject: null,
  text,
  html: null,
  replyTo: null,
});

/** A short e-mail to `to`, without a Reply-To or HTML. */
const hi = (to: string): Delivery => ({
  channel: 'email',
  to,
  replyTo: null,
  subject: 'Hi',
  text: 'Hi',
  html: null,
});

/** What a send settled with: its answer, or what it threw. */
const outcome = (sending: Promise<unknown>): Promise<unknown> => sending.catch((e: unknown) => e);

/** A failure sending again cannot change (the dispatcher fails the row at once). */
const expectPermanent = (err: unknown, message: RegExp) => {
  expect(err).toBeInstanceOf(PermanentDeliveryError);
  expect((err as Error).message).toMatch(message);
};

/** A failure worth trying again: an error, but no permanent one. */
const expectTemporary = (err: unknown, message?: RegExp) => {
  expect(err).toBeInstanceOf(Error);
  expect(err).not.toBeInstanceOf(PermanentDeliveryError);
  if (message) expect((err as Error).message).toMatch(message);
};

describe('smtpTransport (loopback SMTP server)', () => {
  let smtp: LoopbackSmtp;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp({ rejects: (a) => a.startsWith('nobody@') });
  });
  afterAll(() => smtp.close());

  it('sends from, to, reply-to, subject, text and HTML, and answers the Message-ID', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    const content = renderMessage(
      'email',
      '<p>Hello {{first_name}},</p><p>Your <strong>plan</strong> ends soon.</p>',
      {
        first_name: 'Ada',
        last_name: 'Obi',
        full_name: 'Ada Obi',
        email: 'ada@example.ng',
        phone: '',
        business_name: 'Iron Paradise',
        subscription_plan: 'Gold',
        expiry_date: '1 June 2025',
      },
    );
    const result = await transport.send({
      channel: 'email',
      to: 'ada@example.ng',
      replyTo: 'desk@ironparadise.ng',
      ...content,
    });
    const mail = smtp.received.find((m) => m.rcptTo.includes('ada@example.ng'))!;
    expect(mail).toBeDefined();
    expect(mail.mailFrom).toBe('no-reply@kora.test');
    expect(mail.headers.from).toBe('Kora <no-reply@kora.test>');
    expect(mail.headers.to).toBe('ada@example.ng');
    expect(mail.headers['reply-to']).toBe('desk@ironparadise.ng');
    expect(mail.headers.subject).toBe('Message from Iron Paradise');
    expect(mail.text?.trim()).toBe('Hello Ada,\n\nYour plan ends soon.');
    expect(mail.html).toContain('<p>Hello Ada,</p><p>Your <strong>plan</strong> ends soon.</p>');
    expect(mail.html).toContain('<title>Message from Iron Paradise</title>');
    expect(result.providerId).toMatch(/^<.+@.+>$/);
    expect(mail.headers['message-id']).toBe(result.providerId);
  });

  it('sends no Reply-To when there is none', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    await transport.send(hi('plain@example.ng'));
    const mail = smtp.received.find((m) => m.rcptTo.includes('plain@example.ng'))!;
    expect(mail.headers['reply-to']).toBeUndefined();
    expect(mail.text?.trim()).toBe('Hi');
    expect(mail.html).toBeUndefined();
  });

  it('fails for good on a recipient refused with 550', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    expectPermanent(await outcome(transport.send(hi('nobody@example.ng'))), /mailbox unavailable/);
  });

  it('keeps a 4xx refusal temporary', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    smtp.state.refuse = true;
    try {
      expectTemporary(await outcome(transport.send(hi('busy@example.ng'))), /mailbox busy/);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('keeps a server that cannot be reached temporary', async () => {
    const closed = await startLoopbackSmtp();
    await closed.close();
    const transport = smtpTransport(closed.url, 'Kora <no-reply@kora.test>');
    expectTemporary(await outcome(transport.send(hi('a@example.ng'))));
  });
});

describe('termiiTransport (loopback Termii)', () => {
  let termii: LoopbackTermii;
  const config = () => ({
    apiKey: termii.apiKey,
    senderId: termii.senderId,
    baseUrl: termii.baseUrl,
  });
  beforeAll(async () => {
    termii = await startLoopbackTermii();
  });
  afterAll(() => termii.close());
  beforeEach(() => {
    termii.received.length = 0;
    termii.script.length = 0;
  });

  /** Termii received one call: `path`, with its documented fields for `to` and `text`. */
  const expectOneCall = (path: string, to: string | string[], text: string) =>
    expect(termii.received).toEqual([
      {
        path,
        body: {
          api_key: termii.apiKey,
          to,
          from: 'Kora',
          sms: text,
          type: 'plain',
          channel: 'generic',
        },
      },
    ]);

  it("sends an SMS with Termii's documented fields and answers its message_id", async () => {
    const result = await termiiTransport(config(), 'sms').send(sms('+2348031234567'));
    expectOneCall('/api/sms/send', '2348031234567', 'Hello from the gym');
    expect(result.providerId).toMatch(/^3017\d{12}$/);
  });

  it('sends WhatsApp on the whatsapp channel, and SMS on the dnd route when told', async () => {
    await termiiTransport(config(), 'whatsapp').send({
      ...sms('+2348031234567'),
      channel: 'whatsapp',
    });
    await termiiTransport(config(), 'sms', fetch, { route: 'dnd' }).send(sms('+2348031234567'));
    // TERMII_ROUTE=dnd in the configuration does the same.
    await termiiTransport({ ...config(), route: 'dnd' }, 'sms').send(sms('+2348031234567'));
    expect(termii.received.map((r) => r.body.channel)).toEqual(['whatsapp', 'dnd', 'dnd']);
  });

  it('fails for good on a 400 invalid number', async () => {
    termii.script.push('invalid');
    const err = await outcome(termiiTransport(config(), 'sms').send(sms('+2348000000000')));
    expectPermanent(err, /400.*Invalid phone number/);
  });

  it('fails for good when Termii finds a documented field wrong (422)', async () => {
    const transport = termiiTransport({ ...config(), apiKey: 'wrong' }, 'sms');
    expectPermanent(await outcome(transport.send(sms('+2348031234567'))), /422.*api_key/);
  });

  it('keeps a 500 temporary', async () => {
    termii.script.push('error');
    const err = await outcome(termiiTransport(config(), 'sms').send(sms('+2348031234567')));
    expectTemporary(err, /Termii answered 500/);
  });

  it('keeps an answer that never comes temporary, after the timeout', async () => {
    termii.script.push('hang');
    const started = Date.now();
    const transport = termiiTransport(config(), 'sms', fetch, { timeoutMs: 300 });
    const err = await outcome(transport.send(sms('+2348031234567')));
    expect(Date.now() - started).toBeLessThan(5000);
    expectTemporary(err);
    expect((err as Error).message).toBe('Termii did not answer within 0.3 s');
  });

  describe('sendBulk (POST /api/sms/send/bulk)', () => {
    const numbers = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `+23480${String(from + i).padStart(8, '0')}`);

    it("sends one text to an array of numbers with Termii's documented fields", async () => {
      const result = await termiiTransport(config(), 'sms').sendBulk!(
        numbers(3).map((to) => sms(to, 'Gym closed Monday')),
      );
      const to = ['2348000000000', '2348000000001', '2348000000002'];
      expectOneCall('/api/sms/send/bulk', to, 'Gym closed Monday');
      expect(result.providerId).toMatch(/^3017\d{12}$/);
    });

    it('takes 100 numbers in one call, refuses 101 without calling Termii', async () => {
      const sender = termiiTransport(config(), 'sms', fetch, { route: 'dnd' });
      await sender.sendBulk!(numbers(100).map((to) => sms(to)));
      expect(termii.received).toHaveLength(1);
      expect(termii.received[0]!.body.to).toHaveLength(100);
      expect(termii.received[0]!.body.channel).toBe('dnd');
      const err = await sender.sendBulk!(numbers(101).map((to) => sms(to))).catch(
        (e: unknown) => e,
      );
      expect((err as Error).message).toMatch(/at most 100 numbers/);
      expect(termii.received).toHaveLength(1);
    });

    it('refuses different texts in one call', async () => {
      const err = await termiiTransport(config(), 'sms').sendBulk!([
        sms('+2348031234567', 'a'),
        sms('+2348031234568', 'b'),
      ]).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/one text/);
      expect(termii.received).toHaveLength(0);
    });

    it('classifies failures like single sends: 400 for good, 500 temporary', async () => {
      const sender = termiiTransport(config(), 'sms');
      termii.script.push('invalid', 'error');
      const refused = await outcome(sender.sendBulk!(numbers(2).map((to) => sms(to))));
      expectPermanent(refused, /400.*Invalid phone number/);
      const failed = await outcome(sender.sendBulk!(numbers(2).map((to) => sms(to))));
      expectTemporary(failed, /Termii answered 500/);
    });

    it('is not offered for WhatsApp (Termii has no bulk WhatsApp route)', () => {
      expect(termiiTransport(config(), 'whatsapp').sendBulk).toBeUndefined();
      expect(termiiTransport(config(), 'sms').sendBulk).toBeTypeOf('function');
    });
  });

  it('keeps a server that cannot be reached temporary', async () => {
    const gone = await startLoopbackTermii();
    await gone.close();
    const err = await termiiTransport({ ...config(), baseUrl: gone.baseUrl }, 'sms')
      .send(sms('+2348031234567'))
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toMatch(/Termii could not be reached/);
  });
});
