import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { LIMITS, PASSWORD_MIN_LENGTH } from '@kora/shared';
import {
  call,
  codeFromOutbox,
  json,
  linkTokenFromOutbox,
  logIn,
  register,
  uniqueEmail,
} from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';

/*
 * One password rule wherever a person chooses a password: the owner's sign-up (and the e-mail
 * verification that sets it) and an invited person's set-up answer the same for the same password.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'PWRD', name: 'Iron Paradise Gym' } });

const SHORT = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
const LONG = 'a'.repeat(LIMITS.password + 1);
const REFUSED = {
  [SHORT]: 'Password must be at least 8 characters',
  [LONG]: `Password must be at most ${LIMITS.password} characters`,
};

/** 400, and what it says of the password. */
const passwordError = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(400);
  return json(res).errors?.password;
};
const EXACT = 'k0ra-pw!';

/** An invitation to the owner's gym: its set-up link. */
const invitation = async () => {
  const email = uniqueEmail('invitee');
  const res = await call(t.app, 'POST', '/v1/user/invite', {
    token: owner.token,
    body: { email, role: 'staff' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, link: await linkTokenFromOutbox(t.db, email) };
};

const setUp = (token: string, password: string) =>
  call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
    body: {
      token,
      type: 'setup',
      password,
      confirm_password: password,
      first_name: 'Femi',
      last_name: 'Adeyemi',
    },
  });

describe('one password rule for sign-up, verification and set-up', () => {
  it.each([SHORT, LONG])('refuses %#: the same field error on each call', async (password) => {
    expect(passwordError(await register(t, uniqueEmail(), password))).toBe(REFUSED[password]);
    const { link } = await invitation();
    expect(passwordError(await setUp(link, password))).toBe(REFUSED[password]);
    const verify = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email: uniqueEmail(), code: '1234567', password },
    });
    expect(passwordError(verify)).toBe(REFUSED[password]);
  });

  it('takes exactly 8 characters on each, and the person signs in with them', async () => {
    const owner = uniqueEmail('owner');
    expect((await register(t, owner, EXACT)).statusCode).toBe(201);
    const code = await codeFromOutbox(t.db, owner);
    const verified = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email: owner, code, password: EXACT },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await logIn(t, owner, EXACT)).statusCode).toBe(200);

    const invited = await invitation();
    const accepted = await setUp(invited.link, EXACT);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const login = await logIn(t, invited.email, EXACT);
    expect(login.statusCode).toBe(200);
    // Their first session: the dashboard welcomes them (not "back").
    expect(decodeJwt(json(login).data.access_token).first_session).toBe(true);
  });
});
