import { sql } from 'drizzle-orm';
import { SIGN_IN_CODE_MINUTES } from '@kora/shared';
import { outbox } from '../db/schema';
import type { Db, Executor } from '../db/client';

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
  /**
   * The text carries a secret (a member's sign-in code): replaced by SECRET_REMOVED once the
   * message is delivered (see forgetSecrets), and never exported.
   */
  secret?: boolean;
}

/*
 * A secret's text is kept only while it may still be delivered. Sent through a provider: replaced
 * in the same statement that marks it sent. Stored (no provider configured: the outbox is where
 * it ends, read at /dev/outbox in development): readable for as long as the code is good
 * (SECRET_MINUTES), then replaced. Failed or cancelled: replaced at once. Still waiting after
 * SECRET_MINUTES (a provider down): cancelled and replaced, since the code it carries has
 * expired. Exports never show it (shownText), even within those minutes.
 */

/** What a secret message's text reads once delivered, and in every export. */
export const SECRET_REMOVED = '(one-time code, removed once delivered)';

/** How long a secret's text may stay readable: a sign-in code's life. */
export const SECRET_MINUTES = SIGN_IN_CODE_MINUTES;

/** A message's text as exports show it: never a secret. */
export const shownText = (row: { text: string; secret: boolean }) =>
  row.secret ? SECRET_REMOVED : row.text;

/** Replaces the text of the secret messages that are delivered, refused or past their time. */
export const forgetSecrets = async (db: Db) => {
  await db.execute(sql`
    update outbox set text = ${SECRET_REMOVED}, html = null, secret = false,
      status = case when status = 'pending' then 'cancelled' else status end
    where secret and (status not in ('pending', 'stored')
      or created_at < now() - make_interval(mins => ${SECRET_MINUTES}))`);
};

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
        secret: m.secret ?? false,
        ...(m.nextAttemptAt ? { nextAttemptAt: m.nextAttemptAt } : {}),
      })),
    );
  }
};
