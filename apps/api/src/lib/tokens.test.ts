import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const user = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  role: 'owner',
  businessId: 3,
};

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('answers the same claims for a token seen again, and refuses it once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const token = await signAccessToken(SECRET, user);
    const first = await verifyAccessToken(SECRET, token);
    expect(first).toMatchObject({ sub: '7', business_id: 3, role: 'owner' });
    expect(await verifyAccessToken(SECRET, token)).toEqual(first);
    vi.setSystemTime(new Date(Date.parse('2026-11-23T10:00:00Z') + ACCESS_TOKEN_SECONDS * 1000));
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('refuses a token changed by one character or signed with another secret, even after the real one was seen', async () => {
    const token = await signAccessToken(SECRET, user);
    expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
    const [head, body, sig] = token.split('.') as [string, string, string];
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(SECRET, flipped)).toBeNull();
    expect(await verifyAccessToken('another-secret-of-at-least-32-characters', token)).toBeNull();
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '1', typ: 'access', iss: 'kora', exp: 9e9 })).toString('base64url')}.${sig}`;
    expect(await verifyAccessToken(SECRET, forged)).toBeNull();
  });
});
