import { describe, expect, it } from 'vitest';
import { auditActorName, auditText, type AuditTextInput } from './audit';

const chidi = { kind: 'user', user_id: 4, name: 'Chidi Eze', role: 'staff' } as const;

const entry = (over: Partial<AuditTextInput>): AuditTextInput => ({
  actor: chidi,
  action: 'member.update',
  record_kind: 'member',
  record_id: 1,
  record_label: 'Ada Obi (IRON-00042)',
  member_id: 1,
  payment_id: null,
  changes: {},
  detail: {},
  ...over,
});

describe('auditText', () => {
  it('says when an offline desk took the action, in Lagos time', () => {
    expect(
      auditText(
        entry({
          action: 'payment.record',
          record_kind: 'payment',
          record_label: 'IRON-000125',
          detail: {
            amount_kobo: 2_500_000,
            member_name: 'Ada Obi',
            recorded_at: '2026-11-26T17:30:00.000Z',
          },
        }),
      ),
    ).toBe(
      'Chidi Eze (staff) recorded payment IRON-000125 of ₦25,000 for Ada Obi (recorded offline at 26 Nov 2026 18:30)',
    );
    expect(
      auditText(
        entry({
          action: 'check_in.override',
          record_kind: 'visit',
          detail: { reason: 'Paid cash', recorded_at: 'not a time' },
        }),
      ),
    ).not.toMatch(/offline/);
  });

  it("says a freeze's fee is what a payment paid for", () => {
    expect(
      auditText(
        entry({
          action: 'payment.record',
          record_kind: 'payment',
          record_label: 'IRON-000126',
          detail: { amount_kobo: 250_000, member_name: 'Ada Obi', kind: 'freeze_fee' },
        }),
      ),
    ).toBe('Chidi Eze (staff) recorded payment IRON-000126 of ₦2,500 for Ada Obi (freeze fee)');
  });

  it('names the channel a receipt went by as people write it', () => {
    const sent = (channel: string) =>
      auditText(
        entry({
          action: 'receipt.send',
          record_kind: 'receipt',
          record_label: 'IRON-000123',
          detail: { channel },
        }),
      );
    expect(sent('whatsapp')).toMatch(/IRON-000123 by WhatsApp$/);
    expect(sent('sms')).toMatch(/by SMS$/);
    expect(sent('email')).toMatch(/by Email$/);
  });

  it('says who did what to which record, with the amount, the member and the reason', () => {
    expect(
      auditText(
        entry({
          action: 'payment.void',
          record_kind: 'payment',
          record_label: 'IRON-000123',
          detail: { amount_kobo: 2_500_000, member_name: 'Ada Obi', reason: 'wrong member' },
        }),
      ),
    ).toBe('Chidi Eze (staff) voided payment IRON-000123 of ₦25,000 for Ada Obi: wrong member');
    expect(
      auditText(
        entry({
          actor: { kind: 'member', user_id: null, name: '', role: null },
          action: 'payment.record',
          record_kind: 'payment',
          record_label: 'IRON-000124',
          detail: { amount_kobo: 1_500_050, member_name: 'Ada Obi' },
        }),
      ),
    ).toBe('Member via payment link recorded payment IRON-000124 of ₦15,000.5 for Ada Obi');
    // On their own page a member is named as such.
    expect(
      auditActorName({ kind: 'member', user_id: null, name: '', role: null }, 'freeze.request'),
    ).toBe('Member');
    expect(
      auditText(
        entry({
          action: 'payment.refund',
          record_kind: 'payment',
          record_label: 'IRON-000123',
          detail: {
            amount_kobo: 500_000,
            method: 'Cash',
            member_name: 'Ada Obi',
            reason: 'moved away',
          },
        }),
      ),
    ).toBe(
      'Chidi Eze (staff) refunded ₦5,000 (Cash) on payment IRON-000123 for Ada Obi: moved away',
    );
  });

  it('lists what changed, before → after, the first five and how many more', () => {
    expect(
      auditText(
        entry({
          changes: {
            first_name: { from: 'Ada', to: 'Adaeze' },
            email_address: { from: null, to: 'ada@example.com' },
          },
        }),
      ),
    ).toBe(
      'Chidi Eze (staff) changed member Ada Obi (IRON-00042): first name Ada → Adaeze, ' +
        'email address (none) → ada@example.com',
    );
    const many = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => [k, { from: 1, to: 2 }]),
    );
    expect(auditText(entry({ changes: many }))).toMatch(/e 1 → 2 and 2 more$/);
  });

  it('names confirmations of a whole day, cash-ups with their difference, and exports with filters', () => {
    const owner = { kind: 'user', user_id: 1, name: 'Funke Ade', role: 'owner' } as const;
    expect(
      auditText(
        entry({
          actor: owner,
          action: 'payment.confirm',
          record_kind: 'payment',
          record_label: '',
          detail: { count: 3, day: '2026-11-20' },
        }),
      ),
    ).toMatch(/^Funke Ade \(owner\) confirmed 3 transfers of /);
    expect(
      auditText(
        entry({
          action: 'cash_up.create',
          record_kind: 'cash_up',
          record_label: '',
          detail: { counted_kobo: 4_950_000, difference_kobo: -50_000 },
        }),
      ),
    ).toBe('Chidi Eze (staff) cashed up counting ₦49,500 (₦500 short)');
    expect(
      auditText(
        entry({
          actor: owner,
          action: 'export.download',
          record_kind: 'export',
          record_label: 'payments',
          detail: { filters: { end_date: '2026-11-30', method: 'Cash', start_date: '2026-11-01' } },
        }),
      ),
    ).toBe(
      'Funke Ade (owner) exported payments (method Cash, start date 2026-11-01, end date 2026-11-30)',
    );
    expect(
      auditText(
        entry({
          actor: { kind: 'system', user_id: null, name: '', role: null },
          action: 'team.role',
          record_kind: 'user',
          record_label: 'Bola Ade',
          changes: { role: { from: 'staff', to: 'admin' } },
        }),
      ),
    ).toBe('System changed the role of Bola Ade: role staff → admin');
  });
});
