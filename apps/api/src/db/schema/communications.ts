import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { id, link, moment, ref, timestamps } from './columns';
import { users } from './users';

/**
 * A bulk message of a business (e-mail, SMS or WhatsApp to a group of members). Its deliveries,
 * one per recipient, are rows of the outbox with `ref` = `comms:{id}`; the counts here are
 * kept up to date as they settle.
 */
export const communicationMessages = pgTable(
  'comms_messages',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    group: varchar('group', { length: 20 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    /** service (reaches everyone in the group) or promotion (only members who agreed to offers). */
    purpose: varchar('purpose', { length: 10 }).notNull().default('service'),
    /** The sanitised HTML, placeholders unfilled. */
    html: text('html').notNull(),
    /** SCHEDULED → SENDING → SENT | FAILED; SCHEDULED → CANCELLED. */
    status: varchar('status', { length: 10 }).notNull(),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    scheduleAt: moment('schedule_at'),
    createdBy: link('created_by', () => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    smsParts: integer('sms_parts'),
    /** When its deliveries were written (at once, or when its time came). */
    dispatchedAt: moment('dispatched_at'),
    ...timestamps(),
  },
  (t) => [
    index('comms_messages_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // The dispatcher's look-up of scheduled messages that are due.
    index('comms_messages_due_idx')
      .on(t.scheduleAt)
      .where(sql`status = 'SCHEDULED'`),
  ],
);
