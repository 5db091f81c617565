import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { outbox, refreshTokens, users, verificationCodes } from '../../db/schema';
import {
  call,
  codeFromOutbox,
  expectFieldErrors,
  json,
  lastMessageTo,
  linkTokenFromOutbox,
  signUp,
  uniqueEmail,
  withTestApp,
  type TestApp,
} from '../../test/app';
import { useTestApp } from '../../test/hooks';

const t = useTestApp();

const registration = (email: string) => ({
  first_name: 'Chidi',
  last_name: 'Eze',
  email,
  phone_number: '08031234567',
  password: 'strong-pass-1',
});

describe('POST /v1/auth/register', () => {
  it('stores an unverified account and e-mails a 7-digit code', async () => {
    const email = uniqueEmail();
    const res = await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toEqual({ email });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(false);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const msg = await lastMessageTo(t.db, email);
    expect(msg!.channel).toBe('email');
    expect(msg!.subject).toMatch(/verification code/);
    expect(msg!.html).toContain('Kora');
    expect(await codeFromOutbox(t.db, email)).toMatch(/^\d{7}$/);
  });

  it('lower-cases the e-mail and does not need confirm_password', async () => {
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'Mixed');
    const res = await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.email).toBe(email.toLowerCase());
  });

  it('answers 409 for an e-mail of a verified account', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'POST', '/v1/auth/register', { body: registration(user.email) });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('An account with this email already exists.');
  });

  it('re-sends a code to an unverified duplicate and invalidates the old one', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    const first = await codeFromOutbox(t.db, email);
    const again = await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    expect(again.statusCode).toBe(201);
    const second = await codeFromOutbox(t.db, email);
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(rows).toHaveLength(2);
    if (first !== second) {
      const old = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
        body: { email, code: first, password: registration(email).password },
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email, code: second, password: registration(email).password },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("answers every field rule with the screen's text", async () => {
    const res = await call(t.app, 'POST', '/v1/auth/register', {
      body: {
        first_name: 'A',
        last_name: 'B',
        email: 'not-an-email',
        phone_number: '0803',
        password: 'short',
      },
    });
    expectFieldErrors(res, {
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      phone_number: 'Phone number must be at least 11 characters',
      password: 'Password must be at least 8 characters',
    });
  });

  it('refuses strings past their maximum length', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/register', {
      body: { ...registration(uniqueEmail()), first_name: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.first_name).toMatch(/at most 100/);
  });

  it('answers malformed JSON and oversized bodies with 4xx, not 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('The request body is not valid JSON.');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...registration(uniqueEmail()), pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toBe('The request is too large.');
    const empty = await call(t.app, 'POST', '/v1/auth/register', {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('verification codes', () => {
  const register = async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    return { email, code: await codeFromOutbox(t.db, email) };
  };
  const validate = (email: string, code: string) =>
    call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email, code, password: registration(email).password },
    });
  const wrong = (code: string) => (code === '1111111' ? '2222222' : '1111111');

  it('verifies the e-mail with the right code', async () => {
    const { email, code } = await register();
    const res = await validate(email, code);
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(true);
  });

  it('refuses a wrong code and counts the try', async () => {
    const { email, code } = await register();
    const res = await validate(email, wrong(code));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Invalid verification code. Please try again.');
  });

  it('locks the code at the fifth wrong try, even for the right code afterwards', async () => {
    const { email, code } = await register();
    for (let i = 1; i <= 4; i++)
      expect(json(await validate(email, wrong(code))).code).toBe('INVALID_CODE');
    const fifth = await validate(email, wrong(code));
    expect(fifth.statusCode).toBe(400);
    expect(json(fifth).message).toBe(
      'Too many wrong attempts. Please request a new verification code.',
    );
    const right = await validate(email, code);
    expect(right.statusCode).toBe(400);
    expect(json(right).code).toBe('CODE_LOCKED');
    // A new code works again.
    await call(t.app, 'POST', '/v1/auth/verify-email/request', { body: { email } });
    expect((await validate(email, await codeFromOutbox(t.db, email))).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email, code } = await register();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user!.id));
    const res = await validate(email, code);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('This verification code has expired. Please request a new one.');
  });

  it("checks the code shape with the screens' texts", async () => {
    const short = await validate(uniqueEmail(), '123');
    expect(json(short).errors.code).toBe('Verification code must be exactly 7 digits');
    const letters = await validate(uniqueEmail(), '12a4567');
    expect(json(letters).errors.code).toBe('Code must contain only numbers');
  });

  it('answers a code request the same for unknown e-mails, and queues nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await call(t.app, 'POST', '/v1/auth/verify-email/request', { body: { email } });
    expect(res.statusCode).toBe(200);
    expect(await lastMessageTo(t.db, email)).toBeUndefined();
  });
});

describe('login', () => {
  it('answers an access and a refresh token; the access token carries the profile claims', async () => {
    const user = await signUp(t, { first_name: 'Ngozi' });
    const claims = decodeJwt(user.access);
    expect(claims).toMatchObject({
      sub: String(user.userId),
      email: user.email,
      first_name: 'Ngozi',
      last_name: 'Okafor',
      role: null,
      business_id: null,
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(user.refresh).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('gives unknown e-mail and wrong password the same 401', async () => {
    const user = await signUp(t);
    const wrong = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: uniqueEmail('ghost'), password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong).message).toBe('Invalid email or password. Please try again.');
  });

  it('takes about the same time for an unknown e-mail as for a wrong password', async () => {
    const user = await signUp(t);
    const time = async (email: string) => {
      const start = performance.now();
      await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: 'wrong-password' } });
      return performance.now() - start;
    };
    await time(uniqueEmail()); // warm the dummy hash
    // The median of five interleaved tries each: one try can be slowed by anything else the
    // machine runs, the median only by what the login itself does.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await time(user.email));
      unknownTimes.push(await time(uniqueEmail()));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    const known = median(knownTimes);
    const unknown = median(unknownTimes);
    // Both run one argon2id verification: neither answers in a fraction of the other's time.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(known).toBeGreaterThan(unknown / 4);
  });

  it('asks an unverified account to verify its e-mail first, with 403', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', '/v1/auth/register', { body: registration(email) });
    const res = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email, password: 'strong-pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      message: 'Please verify your email before signing in.',
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('keeps a remember-me session 30 days and a plain one 12 hours', async () => {
    const plain = await signUp(t);
    const remembered = await signUp(t, { remember_me: true });
    const rows = await t.db.select().from(refreshTokens);
    // The sign-in's token: the newest of the user's (verifying the e-mail started a session too).
    const byUser = (id: number) =>
      rows.filter((r) => r.userId === id).sort((a, b) => b.id - a.id)[0]!;
    const hours = (d: Date) => (d.getTime() - Date.now()) / 3_600_000;
    expect(hours(byUser(plain.userId).expiresAt)).toBeCloseTo(12, 0);
    expect(hours(byUser(remembered.userId).expiresAt) / 24).toBeCloseTo(30, 0);
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) => call(t.app, 'POST', '/v1/auth/refresh', { body: { token } });

  it('rotates: a new pair each time, and the old refresh token no longer works', async () => {
    const user = await signUp(t);
    const first = await refresh(user.refresh);
    expect(first.statusCode).toBe(200);
    const pair = json(first).data;
    expect(pair.refresh_token).not.toBe(user.refresh);
    expect(decodeJwt(pair.access_token).sub).toBe(String(user.userId));
    const second = await refresh(pair.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const user = await signUp(t);
    const next = json(await refresh(user.refresh)).data.refresh_token;
    const reuse = await refresh(user.refresh);
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ends the legitimate holder's newer token.
    const after = await refresh(next);
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses unknown and expired tokens', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    const user = await signUp(t);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.userId));
    expect((await refresh(user.refresh)).statusCode).toBe(401);
  });

  it('logout revokes the presented token', async () => {
    const user = await signUp(t);
    const out = await call(t.app, 'POST', '/v1/auth/logout', { body: { token: user.refresh } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
  });
});

describe('me, update-profile and change-password', () => {
  it('answers the profile with null business fields before setup', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'GET', '/v1/auth/me', { token: user.access });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      id: user.userId,
      first_name: 'Ada',
      last_name: 'Okafor',
      email: user.email,
      phone_number: '08031234567',
      email_verified: true,
      role: null,
      profile_picture: null,
      business_id: null,
      business_name: null,
      business_code: null,
      business_logo_url: null,
    });
  });

  it('needs a valid bearer token', async () => {
    expect((await call(t.app, 'GET', '/v1/auth/me')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', '/v1/auth/me', { token: 'forged.token.value' })).statusCode,
    ).toBe(401);
  });

  it('updates only the sent fields, and never the e-mail', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'PATCH', '/v1/auth/update-profile', {
      token: user.access,
      body: { last_name: 'Adeyemi' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Adeyemi',
      phone_number: '08031234567',
    });
    const email = await call(t.app, 'PATCH', '/v1/auth/update-profile', {
      token: user.access,
      body: { email: 'new@example.com' },
    });
    expect(email.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.email).toBe(user.email);
    const short = await call(t.app, 'PATCH', '/v1/auth/update-profile', {
      token: user.access,
      body: { first_name: 'A' },
    });
    expect(json(short).errors.first_name).toBe('First name must be at least 2 characters');
  });

  it('changes the password, ends every other session, and answers a fresh pair', async () => {
    const user = await signUp(t);
    const other = json(
      await call(t.app, 'POST', '/v1/auth/login', {
        body: { email: user.email, password: user.password },
      }),
    ).data;
    const res = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: user.access,
      body: {
        old_password: user.password,
        new_password: 'brand-new-pass',
        confirm_password: 'brand-new-pass',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/v1/auth/refresh', { body: { token: other.refresh_token } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/v1/auth/refresh', {
          body: { token: json(res).data.refresh_token },
        })
      ).statusCode,
    ).toBe(200);
    const oldLogin = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it("refuses a wrong current password and mismatched confirmation with the screens' texts", async () => {
    const user = await signUp(t);
    const wrong = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: user.access,
      body: {
        old_password: 'not-it-at-all',
        new_password: 'brand-new-pass',
        confirm_password: 'brand-new-pass',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('Your current password is incorrect.');
    const mismatch = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: user.access,
      body: { old_password: '', new_password: 'short', confirm_password: 'other' },
    });
    expect(json(mismatch).errors).toMatchObject({
      old_password: 'Current password is required',
      new_password: 'New password must be at least 8 characters',
    });
    const differ = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: user.access,
      body: {
        old_password: user.password,
        new_password: 'brand-new-pass',
        confirm_password: 'brand-new-pasz',
      },
    });
    expect(json(differ).errors.confirm_password).toBe("New passwords don't match");
  });
});

describe('password reset links', () => {
  const confirm = (token: string, password = 'reset-pass-99', type = 'reset') =>
    call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
      body: { token, password, confirm_password: password, type },
    });

  it('e-mails a decodable single-use link that sets a new password and ends sessions', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const msg = await lastMessageTo(t.db, user.email);
    expect(msg!.text).toContain('http://kora.test/set-password?token=');
    const token = await linkTokenFromOutbox(t.db, user.email);
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({
      email: user.email,
      type: 'reset',
      first_name: 'Ada',
      last_name: 'Okafor',
    });
    expect(payload.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(json(done).message).toBe(
      'Password reset successfully! Please log in with your new password.',
    );
    expect(
      (await call(t.app, 'POST', '/v1/auth/refresh', { body: { token: user.refresh } })).statusCode,
    ).toBe(401);
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: 'reset-pass-99' },
    });
    expect(login.statusCode).toBe(200);
    const reuse = await confirm(token, 'another-pass-1');
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).message).toBe('This link has already been used. Please request a new one.');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(
      'If an account exists for this email, a password reset link has been sent.',
    );
    expect(await lastMessageTo(t.db, email)).toBeUndefined();
  });

  it('refuses an expired, forged or mistyped link', async () => {
    const user = await signUp(t);
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email: user.email } });
    const token = await linkTokenFromOutbox(t.db, user.email);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ email: user.email, type: 'reset', typ: 'link' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('kora')
      .setJti(crypto.randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await confirm(expired);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      'This link has expired. Please request a new invitation or password reset.',
    );
    const forged = await confirm(`${token.slice(0, -4)}AAAA`);
    expect(json(forged).message).toBe('Invalid token');
    const wrongType = await confirm(token, 'reset-pass-99', 'setup');
    expect(json(wrongType).message).toBe('Invalid token');
    const mismatch = await call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
      body: { token, password: 'reset-pass-99', confirm_password: 'other-pass-99', type: 'reset' },
    });
    expect(json(mismatch).errors.confirm_password).toBe("Passwords don't match");
  });

  it("validates the forgot-password e-mail with the screen's text", async () => {
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.email).toBe('Please enter a valid email address');
  });
});

/** Runs `fn` on an app of its own with these limits on sign-in attempts. */
const withLimits = (rateLimit: Config['rateLimit'], fn: (limited: TestApp) => Promise<void>) =>
  withTestApp({ rateLimit }, fn);

describe('rate limits', () => {
  it('answers 429 with the minutes to wait past the per-e-mail limit', async () => {
    await withLimits({ perIp: 100, perEmail: 3, windowMinutes: 15 }, async (limited) => {
      const email = uniqueEmail();
      const attempt = () =>
        call(limited.app, 'POST', '/v1/auth/login', { body: { email, password: 'whatever-1' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).message).toBe('Too many attempts. Please try again in 15 minutes.');
      // Another e-mail from the same IP is still allowed.
      const other = await call(limited.app, 'POST', '/v1/auth/login', {
        body: { email: uniqueEmail(), password: 'whatever-1' },
      });
      expect(other.statusCode).toBe(401);
    });
  });

  it('answers 429 past the per-IP limit across e-mails', async () => {
    await withLimits({ perIp: 2, perEmail: 100, windowMinutes: 5 }, async (limited) => {
      const reset = () =>
        call(limited.app, 'POST', '/v1/auth/reset-password', { body: { email: uniqueEmail() } });
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(200);
      const blocked = await reset();
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).message).toBe('Too many attempts. Please try again in 5 minutes.');
    });
  });
});

describe('sign-in limit counts failures only', () => {
  it('never refuses the right password to someone who signs in all day', async () => {
    await withLimits({ perIp: 5, perEmail: 3, windowMinutes: 15 }, async (limited) => {
      const me = await signUp(limited); // one sign-in already
      const signIn = (password: string) =>
        call(limited.app, 'POST', '/v1/auth/login', { body: { email: me.email, password } });
      for (let i = 0; i < 12; i++) expect((await signIn(me.password)).statusCode).toBe(200);
      // Two typos, then the right password: the typos are forgiven by the success.
      expect((await signIn('typo-typo-1')).statusCode).toBe(401);
      expect((await signIn('typo-typo-2')).statusCode).toBe(401);
      expect((await signIn(me.password)).statusCode).toBe(200);
      expect((await signIn('typo-typo-3')).statusCode).toBe(401);
      expect((await signIn('typo-typo-4')).statusCode).toBe(401);
      expect((await signIn('typo-typo-5')).statusCode).toBe(401);
      // Three failures in a row: now even the right password waits.
      const blocked = await signIn(me.password);
      expect(blocked.statusCode).toBe(429);
    });
  });

  it('says "1 minute", not "1 minutes"', async () => {
    await withLimits({ perIp: 100, perEmail: 1, windowMinutes: 1 }, async (limited) => {
      const email = uniqueEmail();
      const attempt = () =>
        call(limited.app, 'POST', '/v1/auth/login', { body: { email, password: 'whatever-1' } });
      expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).message).toBe('Too many attempts. Please try again in 1 minute.');
    });
  });
});

describe('concurrent registration', () => {
  it('gives one account and a 409, never a 500, when the same e-mail registers twice at once', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', '/v1/auth/register', { body: registration(email) })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(codes).toContain(201);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('the identity calls in the OpenAPI document', () => {
  it('asks for a session only on the account calls', async () => {
    const doc = json(await call(t.app, 'GET', '/docs/json'));
    const secured = (path: string, method: string) =>
      Boolean(doc.paths[path]?.[method]?.security?.length);
    for (const path of [
      '/v1/auth/register',
      '/v1/auth/verify-email/request',
      '/v1/auth/verify-email/validate',
      '/v1/auth/login',
      '/v1/auth/refresh',
      '/v1/auth/logout',
      '/v1/auth/reset-password',
      '/v1/auth/reset-password-confirm',
    ]) {
      expect(doc.paths[path]?.post?.operationId, path).toBeTruthy();
      expect(secured(path, 'post'), path).toBe(false);
    }
    expect(secured('/v1/auth/me', 'get')).toBe(true);
    expect(secured('/v1/auth/update-profile', 'patch')).toBe(true);
    expect(secured('/v1/auth/change-password', 'post')).toBe(true);
    const login = doc.paths['/v1/auth/login'].post.responses['200'].content['application/json'];
    expect(Object.keys(login.schema.properties.data.properties).sort()).toEqual([
      'access_token',
      'refresh_token',
    ]);
  });
});
