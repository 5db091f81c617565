import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember } from '../../test/tenants';

/*
 * The member page's cookies on an app served over https: Secure, also when the proxy in front
 * is not trusted (the request itself then looks like plain http).
 */

const ORIGIN = 'https://kora.example';
const t = useTestApp({ appUrl: ORIGIN, trustProxy: false });
const g = useTenants(t, { owner: { name: 'Iron Temple' } });

const post = (url: string, form: Record<string, string>, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams(form).toString(),
  });

const cookieHeaders = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};

describe('the member page over https', () => {
  it('sets its step and session cookies Secure when APP_URL is https', async () => {
    const member = await addMember(t, g.owner.token, { first_name: 'Chiamaka' });
    const step = await post(`/m/${g.owner.code}/sign-in`, { identifier: member.mobile_number });
    expect(step.statusCode, step.body).toBe(303);
    const stepCookies = cookieHeaders(step);
    expect(stepCookies).toHaveLength(1);
    expect(stepCookies[0]).toMatch(/; Secure/i);
    const [msg] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, member.mobile_number))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /^(\d{6}) /.exec(msg!.text)![1]!;
    const cookies = Object.fromEntries(
      (step.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]),
    );
    const signedIn = await post(`/m/${g.owner.code}/verify`, { code }, cookies);
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    const session = cookieHeaders(signedIn).find((c) =>
      c.startsWith(`kora_member_${g.owner.code.toLowerCase()}=`),
    );
    expect(session).toMatch(/; Secure/i);
  });
});
