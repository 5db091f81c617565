import type { HeldPayment, PaymentLink, TransferAccount } from '@kora/shared';
import { plan } from '@/test/fixtures';

/** Monthly ₦25,000 and Quarterly ₦33,333.33 (3 months). */
export const plans = [
  plan(),
  plan({ id: 8, name: 'Quarterly', amount: 33333.33, duration: 3, duration_type: 'month' }),
];

/** Chiamaka's link for Monthly × 2, sent by WhatsApp, still waiting. */
export const link = (overrides: Partial<PaymentLink> = {}): PaymentLink => ({
  id: 61,
  reference: 'KL-61-ab12',
  url: 'https://kora.ng/pay/KL-61-ab12',
  member_id: 5,
  subscription_type: { id: 7, name: 'Monthly' },
  duration: 2,
  amount: 50000,
  channel: 'whatsapp',
  sent_to: '+2348031234567',
  state: 'sent',
  created_at: '2026-11-20T09:30:00.000Z',
  expires_at: '2026-11-27T09:30:00.000Z',
  paid_at: null,
  payment_id: null,
  group_member_ids: [],
  ...overrides,
});

export const account = (overrides: Partial<TransferAccount> = {}): TransferAccount => ({
  account_number: '9912345678',
  account_name: 'IRON GYM / CHIAMAKA OKAFOR',
  bank_name: 'Wema Bank',
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** ₦50,000 by transfer from nobody Kora knows, waiting for staff. */
export const held = (overrides: Partial<HeldPayment> = {}): HeldPayment => ({
  id: 81,
  reference: 'T-81',
  amount: 50000,
  method: 'Transfer',
  reason: 'The transfer came from an account Kora does not know.',
  member: null,
  state: 'held',
  note: null,
  payment_id: null,
  received_at: '2026-11-22T08:15:00.000Z',
  ...overrides,
});
