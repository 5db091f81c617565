const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given payload (the client never verifies signatures). */
export const fakeJwt = (payload: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;

export const accessToken = (overrides: Record<string, unknown> = {}) =>
  fakeJwt({
    sub: '1',
    email: 'ada@irongym.ng',
    first_name: 'Ada',
    last_name: 'Obi',
    role: 'owner',
    business_id: 7,
    exp: Math.floor(Date.now() / 1000) + 900,
    ...overrides,
  });
