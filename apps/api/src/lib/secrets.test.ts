import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secrets';

describe('sealed secrets', () => {
  const key = randomBytes(32);
  const secret = 'sk_live_0123456789abcdefABCDEF';

  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('0123456789');
    expect(openSecret(key, sealed)).toBe(secret);
    // A new IV each time: the same secret never seals the same way twice.
    expect(sealSecret(key, secret)).not.toBe(sealed);
  });

  it('opens nothing under another key, or once a single character changed', () => {
    const sealed = sealSecret(key, secret);
    expect(openSecret(randomBytes(32), sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const data = parts[3]!;
    parts[3] = (data[0] === 'A' ? 'B' : 'A') + data.slice(1);
    expect(openSecret(key, parts.join('.'))).toBeUndefined();
    expect(openSecret(key, 'not sealed')).toBeUndefined();
  });
});
