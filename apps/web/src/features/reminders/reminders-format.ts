import { REMINDER_PLACEHOLDERS, type ReminderSend } from '@kora/shared';

export const REMINDER_TEXTS = {
  intro:
    'Kora reminds members before their subscription ends and after it ended, by WhatsApp (SMS or e-mail when they have no phone), between 8 am and 8 pm. Each reminder goes once; members who renewed, are inactive or opted out get none.',
  loadFailed: 'An error occurred while loading the reminder settings.',
  saved: 'Reminder settings saved',
  saveFailed: 'Could not save the reminder settings',
  readOnly: 'Only the business owner or an admin can change the reminders.',
  noLink:
    'Paystack is not connected: lines with {{payment_link}} are left out of the reminders. Connect it in Settings → Payments.',
  withLink: '{{payment_link}} becomes a payment link for one period of the member’s plan.',
  placeholders: `Placeholders: ${REMINDER_PLACEHOLDERS.map((p) => `{{${p.key}}}`).join(' ')}`,
  none: 'No reminders: add one, or turn reminders off.',
  sendsFailed: 'An error occurred while loading the reminders.',
  noSends: 'No renewal reminder has been sent to this member yet.',
} as const;

export const CHANNEL_LABELS: Record<ReminderSend['channel'], string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'E-mail',
};

export const STATUS_BADGES: Record<ReminderSend['status'], { label: string; color: string }> = {
  pending: { label: 'Queued', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  stored: { label: 'Stored', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};
