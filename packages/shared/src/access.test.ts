import { describe, expect, it } from 'vitest';
import { ACTIONS, accessRemovedMessage, can, type Action } from './access';

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
    // Owners and admins may take every action, the money trail's among them.
    for (const role of ['owner', 'admin'] as const)
      for (const action of ACTIONS) expect(can(role, action), `${role} ${action}`).toBe(true);
    expect(can('staff', 'audit.read')).toBe(false);
    expect(can('staff', 'payments.refund')).toBe(false);
    expect(can('staff', 'payments.confirm')).toBe(false);
    expect(can('staff', 'payments.void')).toBe(true);
    expect(can('staff', 'cash_up.record')).toBe(true);
    expect(can('staff', 'cash_up.read')).toBe(true);
  });
});

/** Whether staff may take each action: yes for the front desk, no for managing the business. */
const STAFF_MAY: Record<Action, boolean> = {
  'dashboard.read': true,
  'members.read': true,
  'members.write': true,
  'plans.read': true,
  'plans.manage': false,
  'subscriptions.read': true,
  'payments.read': true,
  'payments.record': true,
  // Staff may void their own cash payment (the service's rule), not refund or confirm.
  'payments.void': true,
  'payments.refund': false,
  'payments.confirm': false,
  'business.read': true,
  'business.manage': false,
  'team.read': true,
  'team.manage': false,
  'communications.read': true,
  'communications.send': true,
  'check_in.read': true,
  'check_in.record': true,
  'audit.read': false,
  // Staff count their own drawer.
  'cash_up.record': true,
  'cash_up.read': true,
  // A member's data rights are the managers'; freezes are decided at the desk.
  'privacy.manage': false,
  'freezes.manage': true,
};

describe('can', () => {
  it('lets nobody without a role (no business yet) take any action', () => {
    for (const action of ACTIONS) {
      expect(can(null, action), action).toBe(false);
      expect(can(undefined, action), action).toBe(false);
    }
  });

  it("lets staff run the front desk but not manage plans, the team, the business, money corrections or a member's data rights", () => {
    for (const action of ACTIONS) expect(can('staff', action), action).toBe(STAFF_MAY[action]);
  });
});
