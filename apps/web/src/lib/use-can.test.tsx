import { ACTIONS, can } from '@kora/shared';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as session from './session';
import { useCan } from './use-can';

const as = (role: 'owner' | 'admin' | 'staff' | null) =>
  vi.spyOn(session, 'useSession').mockReturnValue({
    user: role === null ? null : ({ role } as session.SessionUser),
  } as ReturnType<typeof session.useSession>);

describe('useCan', () => {
  it('lets owners and admins do everything', () => {
    for (const role of ['owner', 'admin'] as const) {
      as(role);
      for (const action of ACTIONS)
        expect(renderHook(() => useCan(action)).result.current).toBe(true);
    }
  });

  it("lets staff run the front desk but not manage plans, the team, the business, money corrections or a member's data rights", () => {
    as('staff');
    const allowed = ACTIONS.filter((a) => renderHook(() => useCan(a)).result.current);
    // What staff may not do is the shared access rule's (its own test lists it, action by action).
    expect(ACTIONS.filter((a) => !allowed.includes(a))).toEqual(
      ACTIONS.filter((a) => !can('staff', a)),
    );
    expect(allowed).not.toContain('plans.manage');
    expect(allowed).toContain('payments.record');
    // Staff count their own drawer and may void their own cash payment (the server's rule).
    expect(allowed).toContain('cash_up.record');
    expect(allowed).toContain('payments.void');
    expect(allowed).toContain('members.write');
    // Staff freeze members and decide their requests at the desk.
    expect(allowed).toContain('freezes.manage');
  });

  it('allows nothing without a role', () => {
    as(null);
    expect(renderHook(() => useCan('members.read')).result.current).toBe(false);
  });
});
