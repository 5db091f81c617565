import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Channel } from './outbox';

export interface Delivery {
  channel: Channel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
}

/** Sends one message over one channel; throws on failure (the dispatcher retries). */
export interface Transport {
  /** `sent` went to a provider; `stored` stays in the local outbox (no provider configured). */
  readonly result: 'sent' | 'stored';
  send(message: Delivery): Promise<void>;
}

export const smtpTransport = (smtpUrl: string, from: string): Transport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    result: 'sent',
    send: async (m) => {
      await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject ?? '',
        text: m.text,
        html: m.html ?? undefined,
      });
    },
  };
};

/** Termii's HTTP API for SMS (generic route) and WhatsApp. */
export const termiiTransport = (
  termii: NonNullable<Config['termii']>,
  channel: 'sms' | 'whatsapp',
  fetchImpl: typeof fetch = fetch,
): Transport => ({
  result: 'sent',
  send: async (m) => {
    const res = await fetchImpl(`${termii.baseUrl.replace(/\/$/, '')}/api/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: termii.apiKey,
        to: m.to.replace(/^\+/, ''),
        from: termii.senderId,
        sms: m.text,
        type: 'plain',
        channel: channel === 'sms' ? 'generic' : 'whatsapp',
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok)
      throw new Error(`Termii answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  },
});

/** No provider: the message stays in the outbox table; in development it is printed too. */
export const outboxTransport = (log: FastifyBaseLogger, print: boolean): Transport => ({
  result: 'stored',
  send: async (m) => {
    if (print) {
      log.info(
        { channel: m.channel, to: m.to, subject: m.subject },
        `outbox ${m.channel} to ${m.to}${m.subject ? ` "${m.subject}"` : ''}\n${m.text}`,
      );
    }
  },
});

export const transportsFor = (
  config: Config,
  log: FastifyBaseLogger,
): Record<Channel, Transport> => {
  const local = outboxTransport(log, config.env === 'development');
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : local,
    sms: config.termii ? termiiTransport(config.termii, 'sms') : local,
    whatsapp: config.termii ? termiiTransport(config.termii, 'whatsapp') : local,
  };
};
