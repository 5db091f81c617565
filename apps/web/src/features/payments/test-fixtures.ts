import type { AuditEntry, Member, PaymentDetails } from '@kora/shared';
import {
  member as subscribedMember,
  noEmergencyContact,
  payment,
  plan,
  subscription,
  unsubscribed,
} from '@/test/fixtures';

/** Chiamaka before her first payment: no subscription, only the required details. */
export const member = (overrides: Partial<Member> = {}): Member =>
  subscribedMember({
    middle_name: null,
    home_address: null,
    date_of_birth: null,
    ...noEmergencyContact,
    ...unsubscribed,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });

/** Monthly ₦25,000 and Quarterly ₦33,333.33 (3 months): the float-drift case. */
export const plans = [
  plan(),
  plan({ id: 8, name: 'Quarterly', amount: 33333.33, duration: 3, duration_type: 'month' }),
];

/** Payment 31 as its details page reads it: Chiamaka's Monthly, cash, valid, nothing refunded. */
export const details = (overrides: Partial<PaymentDetails> = {}): PaymentDetails => ({
  ...payment(),
  subscriptions: [subscription()],
  refunds: [],
  voided_by_name: null,
  confirmed_at: '2026-11-20T09:30:00.000Z',
  confirmed_by_name: null,
  can_void: true,
  void_blocked_reason: null,
  receipt_url: 'https://irongym.kora.ng/r/Zx4yR2b7Qp0sVw9LmT3nKc8dHf6jAa1E',
  ...overrides,
});

/** An entry of the payment's history, in the words the server gives it. */
export const historyEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 501,
  at: '2026-11-20T09:30:00.000Z',
  actor: { kind: 'user', user_id: 3, name: 'Tunde Bello', role: 'staff' },
  action: 'payment.record',
  record_kind: 'payment',
  record_id: 31,
  record_label: 'IRON-000031',
  member_id: 5,
  payment_id: 31,
  changes: {},
  detail: {},
  text: 'Tunde Bello (staff) recorded payment IRON-000031 of ₦25,000 for Chiamaka Okafor',
  ...overrides,
});
