import { outbox } from '../db/schema';
import type { Executor } from '../db/client';

export type Channel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  businessId?: number | null;
  ref?: string;
  /** The member a bulk message's delivery is for. */
  memberId?: number | null;
  /** Reply-To of an e-mail (a business's own address for its bulk messages). */
  replyTo?: string | null;
  /**
   * The sender's display name of an e-mail, on Kora's sending address: the gym's name for what a
   * gym sends its members. Not given (Kora's own mail): the e-mail comes from MAIL_FROM as it is.
   */
  fromName?: string | null;
  /** A promotional SMS: held during the carriers' quiet hours. */
  quietHours?: boolean;
  /** Not sent before this moment (now when not given). */
  nextAttemptAt?: Date;
}

/** The most characters of a sender's display name (a business name has at most 150). */
const FROM_NAME_MAX = 200;

/**
 * A name as an e-mail sender's display name, which must stay one header line: control
 * characters (CR, LF, tab, NUL…), invisible format characters and line separators become spaces,
 * spaces run together, the ends trimmed, at most FROM_NAME_MAX characters. Quotes, commas, angle
 * brackets and accents stay: the mail library quotes or encodes them. Null when nothing readable
 * is left (the e-mail then comes from MAIL_FROM).
 */
export const senderName = (name: string | null | undefined): string | null => {
  if (!name) return null;
  const clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const kept = Array.from(clean).slice(0, FROM_NAME_MAX).join('').trim();
  return /[\p{L}\p{N}]/u.test(kept) ? kept : null;
};

/** Rows per INSERT: a bulk message to 10,000 members is 10 statements, not one huge one. */
const ENQUEUE_CHUNK = 1000;

/**
 * Queues messages in the outbox, in the caller's transaction: the request that caused them never
 * waits on or fails because of delivery, and nothing is sent for work that was rolled back.
 */
export const enqueueMessages = async (exec: Executor, messages: OutgoingMessage[]) => {
  for (let i = 0; i < messages.length; i += ENQUEUE_CHUNK) {
    await exec.insert(outbox).values(
      messages.slice(i, i + ENQUEUE_CHUNK).map((m) => ({
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        text: m.text,
        html: m.html ?? null,
        businessId: m.businessId ?? null,
        ref: m.ref ?? null,
        memberId: m.memberId ?? null,
        replyTo: m.replyTo ?? null,
        fromName: m.channel === 'email' ? senderName(m.fromName) : null,
        quietHours: m.quietHours ?? false,
        ...(m.nextAttemptAt ? { nextAttemptAt: m.nextAttemptAt } : {}),
      })),
    );
  }
};
