import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  call,
  codeFromOutbox,
  json,
  linkTokenFromOutbox,
  logIn,
  register,
  signUp,
  uniqueEmail,
} from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { createTenant } from '../../test/tenants';

const t = useTestApp();

describe('account pre-hijacking', () => {
  it("an intruder's registration of the same unverified e-mail never gets a valid password", async () => {
    const email = uniqueEmail('victim');
    const owner = 'owners-password-1';
    const intruder = 'intruders-password-2';
    expect((await register(t, email, owner)).statusCode).toBe(201);
    // Someone else registers the same, still unverified address with their own password.
    expect((await register(t, email, intruder)).statusCode).toBe(201);
    // The owner enters the newest code from their inbox, on their own device (which holds their password).
    const code = await codeFromOutbox(t.db, email);
    const verified = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email, code, password: owner },
    });
    expect(verified.statusCode).toBe(200);

    expect((await logIn(t, email, intruder)).statusCode).toBe(401);
    expect((await logIn(t, email, owner)).statusCode).toBe(200);
  });

  it('the intruder registering first gains nothing either', async () => {
    const email = uniqueEmail('victim');
    await register(t, email, 'intruders-password-2');
    await register(t, email, 'owners-password-1');
    const code = await codeFromOutbox(t.db, email);
    await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email, code, password: 'owners-password-1' },
    });
    expect((await logIn(t, email, 'intruders-password-2')).statusCode).toBe(401);
    expect((await logIn(t, email, 'owners-password-1')).statusCode).toBe(200);
  });

  it('verifying needs the password, with the sign-up rules', async () => {
    const email = uniqueEmail();
    await register(t, email, 'strong-pass-1');
    const code = await codeFromOutbox(t.db, email);
    const without = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
      body: { email, code },
    });
    expect(without.statusCode).toBe(400);
    expect(json(without).errors.password).toBe('Password must be at least 8 characters');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(false);
  });

  it('a password reset also verifies an unverified e-mail', async () => {
    const email = uniqueEmail();
    await register(t, email, 'someone-elses-1');
    expect(
      (await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } })).statusCode,
    ).toBe(200);
    const token = await linkTokenFromOutbox(t.db, email);
    const reset = await call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
      body: {
        token,
        password: 'my-own-password-1',
        confirm_password: 'my-own-password-1',
        type: 'reset',
      },
    });
    expect(reset.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(true);
    expect((await logIn(t, email, 'someone-elses-1')).statusCode).toBe(401);
    expect((await logIn(t, email, 'my-own-password-1')).statusCode).toBe(200);
  });
});

describe('sessions end with a password change or reset', () => {
  it('a password change refuses the access tokens issued before it at once', async () => {
    const owner = await createTenant(t);
    const other = json(await logIn(t, owner.email, owner.password)).data.access_token as string;
    expect((await call(t.app, 'GET', '/v1/member', { token: other })).statusCode).toBe(200);

    const changed = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: owner.token,
      body: {
        old_password: owner.password,
        new_password: 'brand-new-pass-9',
        confirm_password: 'brand-new-pass-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = json(changed).data.access_token as string;

    for (const stale of [other, owner.token]) {
      for (const [method, url] of [
        ['GET', '/v1/member'],
        ['GET', '/v1/auth/me'],
      ] as const) {
        const res = await call(t.app, method, url, { token: stale });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(json(res).message).toBe('Your session has expired. Please sign in again.');
      }
    }
    // The session that changed the password goes on with its new pair.
    expect((await call(t.app, 'GET', '/v1/member', { token: fresh })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/v1/auth/me', { token: fresh })).statusCode).toBe(200);
  });

  it('a password reset refuses every access token issued before it', async () => {
    const user = await signUp(t);
    expect((await call(t.app, 'GET', '/v1/auth/me', { token: user.access })).statusCode).toBe(200);
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email: user.email } });
    const token = await linkTokenFromOutbox(t.db, user.email);
    await call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
      body: {
        token,
        password: 'after-reset-pass-1',
        confirm_password: 'after-reset-pass-1',
        type: 'reset',
      },
    });
    expect((await call(t.app, 'GET', '/v1/auth/me', { token: user.access })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/v1/auth/refresh', { body: { token: user.refresh } })).statusCode,
    ).toBe(401);
    const again = await logIn(t, user.email, 'after-reset-pass-1');
    expect(
      (await call(t.app, 'GET', '/v1/auth/me', { token: json(again).data.access_token }))
        .statusCode,
    ).toBe(200);
  });

  it('a deactivated user is refused on every call, not only back-office ones', async () => {
    const owner = await createTenant(t);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, owner.userId));
    expect((await call(t.app, 'GET', '/v1/auth/me', { token: owner.token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/v1/member', { token: owner.token })).statusCode).toBe(401);
  });
});
