import { DEFAULT_REMINDERS, type ReminderSend, type ReminderSettings } from '@kora/shared';

export const SETTINGS = 'GET /v1/business/reminders';
export const SAVE = 'PUT /v1/business/reminders';

/** Reminders off, the default days, Paystack not connected. */
export const settings = (overrides: Partial<ReminderSettings> = {}): ReminderSettings => ({
  enabled: false,
  reminders: DEFAULT_REMINDERS,
  payment_links: false,
  updated_at: null,
  ...overrides,
});

/** The reminder sent to Chiamaka 7 days before her last day, by WhatsApp, delivered. */
export const send = (overrides: Partial<ReminderSend> = {}): ReminderSend => ({
  id: 31,
  offset_days: -7,
  label: '7 days before',
  expiry_date: '2026-11-30',
  channel: 'whatsapp',
  to: '+2348031234567',
  status: 'sent',
  sent_at: '2026-11-23T09:00:00.000Z',
  ...overrides,
});
