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
    await transport.send({
      channel: 'email',
      to: 'plain@example.ng',
      replyTo: null,
      subject: 'Hi',
      text: 'Hi',
      html: null,
    });
    const mail = smtp.received.find((m) => m.rcptTo.includes('plain@example.ng'))!;
    expect(mail.headers['reply-to']).toBeUndefined();
    expect(mail.text?.trim()).toBe('Hi');
    expect(mail.html).toBeUndefined();
  });

  it('fails for good on a recipient refused with 550', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    const err = await transport
      .send({
        channel: 'email',
        to: 'nobody@example.ng',
        replyTo: null,
        subject: 'Hi',
        text: 'Hi',
        html: null,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toMatch(/mailbox unavailable/);
  });

  it('keeps a 4xx refusal temporary', async () => {
    const transport = smtpTransport(smtp.url, 'Kora <no-reply@kora.test>');
    smtp.state.refuse = true;
    try {
      const err = await transport
        .send({
          channel: 'email',
          to: 'busy@example.ng',
          replyTo: null,
          subject: 'Hi',
          text: 'Hi',
          html: null,
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      expect((err as Error).message).toMatch(/mailbox busy/);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('keeps a server that cannot be reached temporary', async () => {
    const closed = await startLoopbackSmtp();
    await closed.close();
    const err = await smtpTransport(closed.url, 'Kora <no-reply@kora.test>')
      .send({
        channel: 'email',
        to: 'a@example.ng',
        replyTo: null,
        subject: 'Hi',
        text: 'Hi',
        html: null,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentDeliveryError);
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

  it("sends an SMS with Termii's documented fields and answers its message_id", async () => {
    const result = await termiiTransport(config(), 'sms').send(sms('+2348031234567'));
    expect(termii.received).toEqual([
      {
        path: '/api/sms/send',
        body: {
          api_key: termii.apiKey,
          to: '2348031234567',
          from: 'Kora',
          sms: 'Hello from the gym',
          type: 'plain',
          channel: 'generic',
        },
      },
    ]);
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
    const err = await termiiTransport(config(), 'sms')
      .send(sms('+2348000000000'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toMatch(/400.*Invalid phone number/);
  });

  it('fails for good when Termii finds a documented field wrong (422)', async () => {
    const err = await termiiTransport({ ...config(), apiKey: 'wrong' }, 'sms')
      .send(sms('+2348031234567'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toMatch(/422.*api_key/);
  });

  it('keeps a 500 temporary', async () => {
    termii.script.push('error');
    const err = await termiiTransport(config(), 'sms')
      .send(sms('+2348031234567'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toMatch(/Termii answered 500/);
  });

  it('keeps an answer that never comes temporary, after the timeout', async () => {
    termii.script.push('hang');
    const started = Date.now();
    const err = await termiiTransport(config(), 'sms', fetch, { timeoutMs: 300 })
      .send(sms('+2348031234567'))
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentDeliveryError);
    expect((err as Error).message).toBe('Termii did not answer within 0.3 s');
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
