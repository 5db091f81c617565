import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  signAccessToken,
  signMemberToken,
  verifyAccessToken,
  verifyMemberToken,
} from './tokens';

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

describe('member tokens', () => {
  const session = {
    memberId: 42,
    businessId: 3,
    sessionId: '0b6e2f4c-8a1d-4c3b-9e5f-1a2b3c4d5e6f',
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  };

  it('names the member, the business and the session, and no staff check takes one', async () => {
    const token = await signMemberToken(SECRET, session);
    expect(await verifyMemberToken(SECRET, token)).toMatchObject({
      memberId: 42,
      businessId: 3,
      sessionId: session.sessionId,
    });
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
    // And a staff token is no member token.
    expect(await verifyMemberToken(SECRET, await signAccessToken(SECRET, user))).toBeNull();
  });

  it('refuses one expired, altered or signed with another secret', async () => {
    const token = await signMemberToken(SECRET, session);
    expect(await verifyMemberToken('another-secret-of-at-least-32-characters', token)).toBeNull();
    const [head, , sig] = token.split('.') as [string, string, string];
    const claims = { typ: 'member', bid: 4, sid: session.sessionId, sub: '42', iss: 'kora' };
    const edited = `${head}.${Buffer.from(JSON.stringify({ ...claims, aud: 'kora-member', exp: 9e9 })).toString('base64url')}.${sig}`;
    expect(await verifyMemberToken(SECRET, edited)).toBeNull();
    const expired = await signMemberToken(SECRET, {
      ...session,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await verifyMemberToken(SECRET, expired)).toBeNull();
  });
});
