import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

/**
 * Every outgoing message (e-mail, SMS, WhatsApp) is written here, in the same transaction as
 * what caused it, then delivered in the background by the dispatcher. With no provider
 * configured, this table is where messages end (status `stored`), readable at /dev/outbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').references(() => businesses.id),
    channel: varchar('channel', { length: 10 }).notNull(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }),
    text: text('text').notNull(),
    html: text('html'),
    /** pending → sent | stored | failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What caused it, e.g. `comms:12` for a bulk message's delivery. */
    ref: varchar('ref', { length: 50 }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_ref_idx').on(t.ref),
  ],
);

/** Fixed-window counters for rate limits, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
