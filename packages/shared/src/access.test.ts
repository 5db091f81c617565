import { describe, expect, it } from 'vitest';
import { accessRemovedMessage, can } from './access';

describe('accessRemovedMessage', () => {
  it('names the business, or says "this business" when its name is not known', () => {
    expect(accessRemovedMessage('Iron Gym')).toBe('You no longer have access to Iron Gym.');
    expect(accessRemovedMessage('  ')).toBe('You no longer have access to this business.');
    expect(accessRemovedMessage(undefined)).toBe('You no longer have access to this business.');
  });
});

describe('check-in actions', () => {
  it('let every role look members up and check them in', () => {
    for (const role of ['owner', 'admin', 'staff'] as const) {
      expect(can(role, 'check_in.read')).toBe(true);
      expect(can(role, 'check_in.record')).toBe(true);
    }
    expect(can(null, 'check_in.record')).toBe(false);
  });
});

describe('money trail actions', () => {
  it('let owners and admins read the trail, refund and confirm; staff void and cash up only', () => {
    for (const role of ['owner', 'admin'] as const)
      for (const action of [
        'audit.read',
        'payments.void',
        'payments.refund',
        'payments.confirm',
        'cash_up.record',
        'cash_up.read',
      ] as const)
        expect(can(role, action), `${role} ${action}`).toBe(true);
    expect(can('staff', 'audit.read')).toBe(false);
    expect(can('staff', 'payments.refund')).toBe(false);
    expect(can('staff', 'payments.confirm')).toBe(false);
    expect(can('staff', 'payments.void')).toBe(true);
    expect(can('staff', 'cash_up.record')).toBe(true);
    expect(can('staff', 'cash_up.read')).toBe(true);
  });
});
