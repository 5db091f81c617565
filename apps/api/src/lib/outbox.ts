import { outbox } from '../db/schema';
import type { Executor } from '../db/client';

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

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
  /** A promotional SMS: held during the carriers' quiet hours. */
  quietHours?: boolean;
  /** Not sent before this moment (now when not given). */
  nextAttemptAt?: Date;
}

/** Rows per INSERT: a bulk message to 10,000 members is 10 statements, not one huge one. */
export const ENQUEUE_CHUNK = 1000;

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
        quietHours: m.quietHours ?? false,
        ...(m.nextAttemptAt ? { nextAttemptAt: m.nextAttemptAt } : {}),
      })),
    );
  }
};
