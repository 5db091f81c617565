import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, codeFromOutbox, json, logIn, register, uniqueEmail } from '../../test/app';
import { useTestApp } from '../../test/hooks';

/*
 * Verifying the e-mail signs the person in (they typed the password and proved the address),
 * and a person's first session says so in its access token: the web welcomes them, not back.
 */

const t = useTestApp();
const PASSWORD = 'first-day-42';

const verify = (email: string, code: string, password = PASSWORD) =>
  call(t.app, 'POST', '/v1/auth/verify-email/validate', { body: { email, code, password } });

const registered = async () => {
  const email = uniqueEmail('ada');
  expect((await register(t, email, PASSWORD)).statusCode).toBe(201);
  return { email, code: await codeFromOutbox(t.db, email) };
};

describe('POST /v1/auth/verify-email/validate signs the person in', () => {
  it('answers a session that works, marked as their first', async () => {
    const { email, code } = await registered();
    const res = await verify(email, code);
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = json(res);
    expect(message).toBe('Email verified successfully. You are signed in.');
    expect(data).toMatchObject({ email, email_verified: true });
    const session = data.session as { access_token: string; refresh_token: string };
    expect(decodeJwt(session.access_token)).toMatchObject({
      email,
      business_id: null,
      first_session: true,
    });
    const me = await call(t.app, 'GET', '/v1/auth/me', { token: session.access_token });
    expect(me.statusCode).toBe(200);
    expect(json(me).data.email_verified).toBe(true);

    // Refreshing keeps the first session first.
    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: session.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(json(refreshed).data.access_token).first_session).toBe(true);

    // Signing in again later is a return: welcomed back.
    const again = await logIn(t, email, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(json(again).data.access_token).first_session).toBeUndefined();
  });

  it('an address verified before answers success with no session (the code proves nothing now)', async () => {
    const { email, code } = await registered();
    expect((await verify(email, code)).statusCode).toBe(200);
    const res = await verify(email, code, 'someone-else-1');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ email, email_verified: true, session: null });
    expect(json(res).message).toBe('Email verified successfully. You can now sign in.');
  });

  it("the verification's session was the first: a sign-in after it is a return", async () => {
    const { email, code } = await registered();
    // Verified, and its session never used (say the tab was closed at once): then a sign-in.
    expect((await verify(email, code)).statusCode).toBe(200);
    const login = await logIn(t, email, PASSWORD);
    expect(decodeJwt(json(login).data.access_token).first_session).toBeUndefined();
  });
});
