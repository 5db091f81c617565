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

/** The team as GET /v1/user answers it: the owner, a staff member who joined, an invitee. */
export const team = [
  {
    id: 1,
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@irongym.ng',
    phone_number: null,
    role: 'owner',
    email_verified: true,
    profile_picture: null,
    created_at: '2026-01-01T09:00:00.000Z',
    invitation_expires_at: null,
  },
  {
    id: 12,
    first_name: 'Chidi',
    last_name: 'Okeke',
    email: 'chidi@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: true,
    profile_picture: null,
    created_at: '2026-02-01T09:00:00.000Z',
    invitation_expires_at: null,
  },
  {
    id: 13,
    first_name: '',
    last_name: '',
    email: 'new@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: false,
    profile_picture: null,
    created_at: '2026-11-20T09:00:00.000Z',
    invitation_expires_at: '2026-11-27T09:00:00.000Z',
  },
];
