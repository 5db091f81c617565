import { outbox } from '../db/schema';
import type { Executor } from '../db/client';

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  businessId?: number | null;
  ref?: string;
}

/**
 * Queues messages in the outbox, in the caller's transaction: the request that caused them never
 * waits on or fails because of delivery, and nothing is sent for work that was rolled back.
 */
export const enqueueMessages = async (exec: Executor, messages: OutgoingMessage[]) => {
  if (messages.length === 0) return;
  await exec.insert(outbox).values(
    messages.map((m) => ({
      channel: m.channel,
      to: m.to,
      subject: m.subject ?? null,
      text: m.text,
      html: m.html ?? null,
      businessId: m.businessId ?? null,
      ref: m.ref ?? null,
    })),
  );
};
