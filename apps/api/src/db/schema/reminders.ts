import { index, integer, jsonb, pgTable, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt, day, id, nowByDefault, ref } from './columns';
import { members } from './members';
import { subscriptions } from './subscriptions';

/**
 * A business's renewal reminder settings: on/off and its reminders (days relative to the last
 * day of a subscription, and each one's text). No row: reminders off, the default reminders.
 */
export const reminderSettings = pgTable('reminder_settings', {
  businessId: ref('business_id', () => businesses.id).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** [{ offset_days, text }], sorted by day. */
  reminders: jsonb('reminders').$type<{ offset_days: number; text: string }[]>().notNull(),
  updatedAt: nowByDefault('updated_at'),
});

/**
 * Every renewal reminder sent: once per subscription, reminder day and expiry date (the unique
 * key claims the work, so a second run or a second instance sends nothing). The delivery is
 * the outbox row with `ref` = `reminder:{id}`.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberId: ref('member_id', () => members.id),
    subscriptionId: ref('subscription_id', () => subscriptions.id),
    offsetDays: integer('offset_days').notNull(),
    expiryDate: day('expiry_date').notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    to: varchar('to', { length: 254 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminder_sends_once_idx').on(t.subscriptionId, t.offsetDays, t.expiryDate),
    index('reminder_sends_member_idx').on(t.businessId, t.memberId, t.createdAt, t.id),
    index('reminder_sends_business_created_idx').on(t.businessId, t.createdAt),
  ],
);
