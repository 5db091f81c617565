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
