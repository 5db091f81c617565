import type { AuditEntry } from '@kora/shared';

/** Chidi (staff) voiding Ada Obi's payment, as the trail answers an entry. */
export const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 901,
  at: '2026-11-27T09:15:00.000Z',
  actor: { kind: 'user', user_id: 12, name: 'Chidi Okeke', role: 'staff' },
  action: 'payment.void',
  record_kind: 'payment',
  record_id: 123,
  record_label: 'IRON-000123',
  member_id: 5,
  payment_id: 123,
  changes: {},
  detail: { reason: 'wrong member', amount_kobo: 2_500_000 },
  text: 'Chidi Okeke (staff) voided payment IRON-000123 of ₦25,000 for Ada Obi: wrong member',
  ...overrides,
});
