import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { senderName, type Channel } from './outbox';

export interface Delivery {
  channel: Channel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** Reply-To of an e-mail (ignored by the other channels). */
  replyTo: string | null;
  /** An e-mail's sender display name on Kora's address (the gym's); null: MAIL_FROM as it is. */
  fromName?: string | null;
}

/** What a provider answered for a message it took. */
interface SendResult {
  /** Its id of the message (the SMTP Message-ID, Termii's message_id), when it gave one. */
  providerId?: string;
}

/** The most recipients one bulk call takes (Termii: `to` holds up to 100 numbers at a time). */
export const BULK_LIMIT = 100;

/** Sends one message over one channel; throws on failure (the dispatcher retries). */
export interface Transport {
  /** `sent` went to a provider; `stored` stays in the local outbox (no provider configured). */
  readonly result: 'sent' | 'stored';
  send(message: Delivery): Promise<SendResult>;
  /**
   * Sends one text to several recipients in one call (at most BULK_LIMIT; every message of the
   * call has the same text), when the provider can. One outcome for them all: it answers one id
   * or throws like `send` (PermanentDeliveryError for a refusal sending again cannot change).
   */
  sendBulk?(messages: Delivery[]): Promise<SendResult>;
  /** Lets go of what the transport holds open (pooled connections); called when the app stops. */
  close?(): void;
}

/**
 * A refusal that sending again cannot change (an address or number the provider rejects): the
 * dispatcher fails the delivery at once instead of retrying it. Any other error is temporary.
 */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** What nodemailer's errors carry besides the message. */
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
}

/**
 * A 550–554 answer (mailbox unavailable or unknown, not allowed, storage exceeded, name not
 * allowed, transaction failed) or an envelope nodemailer could not send for a 5xx or for no
 * valid recipient at all. 4xx (try later), timeouts and connection errors stay temporary.
 */
const isPermanentSmtpError = (err: SmtpError): boolean => {
  const code = err.responseCode;
  if (code !== undefined && code >= 550 && code <= 554) return true;
  return err.code === 'EENVELOPE' && (code === undefined || code >= 500);
};

/** The address of a From like `Kora <no-reply@kora.ng>` (or a bare address). */
const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * E-mail over SMTP, one session per message. An e-mail with a sender name (a gym's message to a
 * member) comes from that name on MAIL_FROM's address, given to nodemailer as `{ name, address }`
 * so it quotes and encodes the name into one valid From header; the others come from MAIL_FROM. (nodemailer's pool of 5 reused connections was
 * measured slower: 95 against 208 deliveries/s for 10,000 e-mails, see bench/README.md.)
 */
export const smtpTransport = (smtpUrl: string, from: string): Transport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  const address = addressOf(from);
  return {
    result: 'sent',
    close: () => transporter.close(),
    send: async (m) => {
      try {
        const name = senderName(m.fromName);
        const info = await transporter.sendMail({
          from: name ? { name, address } : from,
          to: m.to,
          replyTo: m.replyTo ?? undefined,
          subject: m.subject ?? '',
          text: m.text,
          html: m.html ?? undefined,
        });
        return { providerId: typeof info.messageId === 'string' ? info.messageId : undefined };
      } catch (err) {
        if (err instanceof Error && isPermanentSmtpError(err as SmtpError))
          throw new PermanentDeliveryError(err.message, { cause: err });
        throw err;
      }
    },
  };
};

/** Termii's route for SMS: `generic`, or `dnd` (reaches numbers on the do-not-disturb list). */
type TermiiRoute = 'generic' | 'dnd';

export interface TermiiOptions {
  /** The SMS route (WhatsApp goes by `whatsapp`); `generic` unless told. */
  route?: TermiiRoute;
  /** How long to wait for Termii's answer. */
  timeoutMs?: number;
}

/**
 * Termii's HTTP API for SMS and WhatsApp: POST {baseUrl}/api/sms/send with JSON
 * `{ api_key, to, from, sms, type: 'plain', channel }`, `to` in international form without `+`
 * (234…). It answers 200 `{ message_id, message: 'Successfully Sent', balance, user }`.
 *
 * SMS also has the bulk route, POST {baseUrl}/api/sms/send/bulk with the same fields but `to` an
 * array of numbers (one text for them all), answering 200 `{ code: 'ok', message_id, message:
 * 'Successfully Sent', balance, user }`: one message_id for the whole call. WhatsApp has no bulk
 * route, so its transport has no `sendBulk`. We send at most BULK_LIMIT (100) numbers per call.
 *
 * Assumed (Termii documents its statuses, not which refusal means what): 400 and 422 answer a
 * request it will never take, above all an invalid or unsupported number, so they fail the
 * delivery for good, except when the answer speaks of the account's balance (topping up fixes
 * it). 401/403 (a wrong API key or sender id: fixed in configuration), 404, 429, 5xx, timeouts
 * and network errors are temporary: the dispatcher retries with backoff. A bulk call is one
 * request: its answer applies to every number in it.
 */
export const termiiTransport = (
  termii: NonNullable<Config['termii']>,
  channel: 'sms' | 'whatsapp',
  fetchImpl: typeof fetch = fetch,
  options: TermiiOptions = {},
): Transport => {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = termii.baseUrl.replace(/\/$/, '');
  const route = channel === 'sms' ? (options.route ?? termii.route ?? 'generic') : 'whatsapp';
  const number = (to: string) => to.replace(/^\+/, '');

  /** Posts one request to Termii and classifies its answer. */
  const post = async (path: string, to: string | string[], text: string): Promise<SendResult> => {
    let res: Response;
    let body: string;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: termii.apiKey,
          to,
          from: termii.senderId,
          sms: text,
          type: 'plain',
          channel: route,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new Error(
        timedOut
          ? `Termii did not answer within ${timeoutMs / 1000} s`
          : `Termii could not be reached: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    if (!res.ok) {
      const message = `Termii answered ${res.status}: ${body.slice(0, 200)}`;
      const refused =
        (res.status === 400 || res.status === 422) && !/balance|insufficient|credit/i.test(body);
      throw refused ? new PermanentDeliveryError(message) : new Error(message);
    }
    let answer: { message_id?: unknown; message_id_str?: unknown } = {};
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      // Taken (2xx) without a JSON answer: sent, without an id.
    }
    const id = answer.message_id_str ?? answer.message_id;
    return {
      providerId: typeof id === 'string' || typeof id === 'number' ? String(id) : undefined,
    };
  };

  const transport: Transport = {
    result: 'sent',
    send: (m) => post('/api/sms/send', number(m.to), m.text),
  };
  if (channel === 'sms') {
    transport.sendBulk = async (messages) => {
      if (messages.length > BULK_LIMIT)
        throw new Error(
          `A Termii bulk call takes at most ${BULK_LIMIT} numbers, not ${messages.length}`,
        );
      const [first] = messages;
      if (!first) return {};
      if (messages.some((m) => m.text !== first.text))
        throw new Error('A Termii bulk call sends one text to every number');
      return post(
        '/api/sms/send/bulk',
        messages.map((m) => number(m.to)),
        first.text,
      );
    };
  }
  return transport;
};

/** No provider: the message stays in the outbox table; in development it is printed too. */
const outboxTransport = (log: FastifyBaseLogger, print: boolean): Transport => ({
  result: 'stored',
  send: async (m) => {
    if (print) {
      log.info(
        { channel: m.channel, to: m.to, from: m.fromName ?? undefined, subject: m.subject },
        `outbox ${m.channel} to ${m.to}${m.fromName ? ` from "${m.fromName}"` : ''}` +
          `${m.subject ? ` "${m.subject}"` : ''}\n${m.text}`,
      );
    }
    return {};
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
