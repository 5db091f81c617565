import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, id, link, moment, nowByDefault } from './columns';
import { members } from './members';

/**
 * Every outgoing message (e-mail, SMS, WhatsApp) is written here, in the same transaction as
 * what caused it, then delivered in the background by the dispatcher. With no provider
 * configured, this table is where messages end (status `stored`), readable at /dev/outbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    businessId: link('business_id', () => businesses.id),
    channel: varchar('channel', { length: 10 }).notNull(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }),
    text: text('text').notNull(),
    html: text('html'),
    /** pending → sent | stored | failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: nowByDefault('next_attempt_at'),
    sentAt: moment('sent_at'),
    /** What caused it, e.g. `comms:12` for a bulk message's delivery. */
    ref: varchar('ref', { length: 50 }),
    /** The member a bulk message's delivery is for. */
    memberId: link('member_id', () => members.id, { onDelete: 'set null' }),
    /** The provider's id of the sent message (Termii's message_id, the SMTP Message-ID). */
    providerId: varchar('provider_id', { length: 200 }),
    /** Reply-To of an e-mail (the business's address for its bulk messages). */
    replyTo: varchar('reply_to', { length: 254 }),
    /**
     * The display name an e-mail comes from, on Kora's own sending address: the gym's name for
     * what a gym sends its members; null for Kora's own mail (sent as MAIL_FROM).
     */
    fromName: varchar('from_name', { length: 200 }),
    /** A promotional SMS: not sent during the carriers' quiet hours (8 pm – 8 am Lagos). */
    quietHours: boolean('quiet_hours').notNull().default(false),
    /**
     * The text still carries a secret (a member's sign-in code): the dispatcher replaces the text
     * once the message is delivered, and exports never show it (lib/outbox.ts).
     */
    secret: boolean('secret').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_ref_idx').on(t.ref),
    index('outbox_secret_idx')
      .on(t.createdAt)
      .where(sql`secret`),
  ],
);

/** Fixed-window counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: moment('reset_at').notNull(),
});
