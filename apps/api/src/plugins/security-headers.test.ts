import { describe, expect, it } from 'vitest';
import { call, signUp } from '../test/app';
import { useTestApp } from '../test/hooks';

const t = useTestApp();

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self';manifest-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

describe('security headers', () => {
  it('go with every answer: a signed-in call, a refusal, a public call and a missing path', async () => {
    const s = await signUp(t);
    const answers = [
      await call(t.app, 'GET', '/v1/auth/me', { token: s.access }),
      await call(t.app, 'GET', '/v1/member'),
      await call(t.app, 'GET', '/health'),
      await call(t.app, 'GET', '/v1/no-such-call'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  });
});
