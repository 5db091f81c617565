import { describe, expect, it } from 'vitest';
import { accessRemovedMessage } from './access';

describe('accessRemovedMessage', () => {
  it('names the business, or says "this business" when its name is not known', () => {
    expect(accessRemovedMessage('Iron Gym')).toBe('You no longer have access to Iron Gym.');
    expect(accessRemovedMessage('  ')).toBe('You no longer have access to this business.');
    expect(accessRemovedMessage(undefined)).toBe('You no longer have access to this business.');
  });
});
