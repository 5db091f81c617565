import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { OWNER_NOT_INVITABLE, TEAM_LIMIT } from '@kora/shared';
import { businesses, linkTokens, outbox, payments, users } from '../../db/schema';
import {
  call,
  expectFieldErrors,
  json,
  lastMessageTo,
  linkTokenFromOutbox,
  logIn,
  signUp,
  uniqueEmail,
} from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'TEAM', name: 'Iron Paradise Gym' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'ELSE', name: 'Elsewhere Fitness' },
});

const PASSWORD = 'invitee-horse-42';

const invite = (token: string, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', '/v1/user/invite', {
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

const team = async (token = owner.token) => {
  const res = await call(t.app, 'GET', '/v1/user', { token });
  expect(res.statusCode).toBe(200);
  return json(res).data as Record<string, any>[];
};

const rowOf = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

const checkLink = (token: string) =>
  call(t.app, 'POST', '/v1/auth/link/check', { body: { token } });

const accept = (token: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
    body: { token, type: 'setup', password: PASSWORD, confirm_password: PASSWORD, ...extra },
  });

/** Invites `email` as `role` (by the owner), accepts with names, signs in: their access token. */
const joinTeam = async (email: string, role: 'admin' | 'staff' = 'staff') => {
  expect((await invite(owner.token, { email, role })).statusCode).toBe(201);
  const link = await linkTokenFromOutbox(t.db, email);
  const res = await accept(link, { first_name: 'Femi', last_name: 'Adeyemi' });
  expect(res.statusCode, res.body).toBe(200);
  const login = await logIn(t, email, PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  const user = (await rowOf(email))!;
  return { id: user.id, ...json(login).data } as {
    id: number;
    access_token: string;
    refresh_token: string;
  };
};

describe('POST /v1/user/invite', () => {
  it('adds a pending person to the team and e-mails a 7-day setup link', async () => {
    const email = uniqueEmail('kemi');
    const res = await invite(owner.token, {
      email: `  ${email.toUpperCase()} `,
      role: 'staff',
      first_name: 'Kemi',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).message).toBe('Invitation sent successfully.');
    const data = json(res).data;
    expect(data).toMatchObject({
      email,
      first_name: 'Kemi',
      last_name: '',
      role: 'staff',
      email_verified: false,
      phone_number: null,
      profile_picture: null,
    });
    const expires = Date.parse(data.invitation_expires_at) - Date.now();
    expect(expires).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * 86400_000);

    const mail = (await lastMessageTo(t.db, email))!;
    expect(mail.subject).toBe("You're invited to Iron Paradise Gym on Kora");
    expect(mail.text).toContain('as staff');
    expect(mail.text).toContain('http://kora.test/set-password?token=');
    const claims = decodeJwt(await linkTokenFromOutbox(t.db, email));
    expect(claims).toMatchObject({ email, type: 'setup', first_name: 'Kemi' });
    expect(claims.last_name).toBeUndefined();
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);

    // The invitee cannot sign in before accepting; their row is in the business, inactive.
    expect(await rowOf(email)).toMatchObject({
      businessId: owner.businessId,
      role: 'staff',
      isActive: false,
      emailVerified: false,
      passwordHash: null,
    });
    const list = await team();
    expect(list.map((u) => u.email)).toContain(email);
  });

  it('lists the owner first, then by name, and only this business', async () => {
    const list = await team();
    expect(list[0]).toMatchObject({ id: owner.userId, role: 'owner', email_verified: true });
    const named = list.slice(1).filter((u) => u.first_name);
    const names = named.map((u) => `${u.first_name} ${u.last_name}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(list.map((u) => u.email)).not.toContain(other.email);
    expect((await team(other.token)).map((u) => u.email)).toEqual([other.email]);
    // Staff read the team too.
    expect((await team(staff.token)).length).toBe(list.length);
  });

  it('sends one invitation for a double-click (the same Idempotency-Key)', async () => {
    const email = uniqueEmail('double');
    const key = `invite-${email}`;
    const [a, b] = await Promise.all([
      invite(owner.token, { email, role: 'admin' }, key),
      invite(owner.token, { email, role: 'admin' }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(json(a).data.id).toBe(json(b).data.id);
    const sent = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(sent).toHaveLength(1);
  });

  it('refuses bad details with field messages', async () => {
    expectFieldErrors(await invite(owner.token, { email: 'not-an-email', role: 'staff' }), {
      email: 'Invalid email address',
    });
    expectFieldErrors(await invite(owner.token, { email: uniqueEmail(), role: '' }), {
      role: 'Please select a role',
    });
    expectFieldErrors(await invite(owner.token, { email: uniqueEmail() }), {
      role: 'Please select a role',
    });
    const email = uniqueEmail('owner2');
    expectFieldErrors(await invite(owner.token, { email, role: 'owner' }), {
      role: OWNER_NOT_INVITABLE,
    });
    expect(await rowOf(email)).toBeUndefined();
  });

  it('refuses an e-mail already in the team, already invited, or of another business', async () => {
    const inTeam = await invite(owner.token, { email: staff.email, role: 'admin' });
    expect(inTeam.statusCode).toBe(409);
    expect(json(inTeam)).toMatchObject({
      code: 'ALREADY_IN_TEAM',
      message: 'This person is already in your team.',
    });

    const email = uniqueEmail('twice');
    expect((await invite(owner.token, { email, role: 'staff' })).statusCode).toBe(201);
    const again = await invite(admin.token, { email, role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_INVITED');
    expect((await rowOf(email))!.role).toBe('staff');

    const elsewhere = await invite(owner.token, { email: other.email, role: 'staff' });
    expect(elsewhere.statusCode).toBe(409);
    expect(json(elsewhere).code).toBe('EMAIL_IN_OTHER_BUSINESS');
    // Which business is not said.
    expect(elsewhere.body).not.toContain('Elsewhere');
    expect((await rowOf(other.email))!.businessId).toBe(other.businessId);
  });

  it('lets admins invite, and refuses staff (403) with nothing stored or sent', async () => {
    const byAdmin = await invite(admin.token, { email: uniqueEmail('byadmin'), role: 'staff' });
    expect(byAdmin.statusCode).toBe(201);
    const email = uniqueEmail('bystaff');
    const res = await invite(staff.token, { email, role: 'staff' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'ROLE_FORBIDDEN',
      message: 'Only the business owner or an admin can do this.',
    });
    expect(await rowOf(email)).toBeUndefined();
    expect(await lastMessageTo(t.db, email)).toBeUndefined();
  });

  it('gives one of two businesses inviting the same e-mail at once a 409', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      invite(owner.token, { email, role: 'staff' }),
      invite(other.token, { email, role: 'staff' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it(`stops at ${TEAM_LIMIT} people per team`, async () => {
    const full = await signUp(t);
    const { id: businessId } = (
      await t.db
        .insert(businesses)
        .values({
          name: 'Full Gym',
          code: 'FULL',
          address: '1 Road',
          city: 'Ikeja',
          state: 'Lagos',
        })
        .returning()
    )[0]!;
    await t.db.update(users).set({ businessId, role: 'owner' }).where(eq(users.id, full.userId));
    await t.db.insert(users).values(
      Array.from({ length: TEAM_LIMIT - 2 }, (_, i) => ({
        email: `filler${i}.${businessId}@example.com`,
        firstName: 'Filler',
        lastName: 'Person',
        businessId,
        role: 'staff',
        isActive: false,
      })),
    );
    const token = json(await logIn(t, full.email, full.password)).data.access_token;
    expect((await invite(token, { email: uniqueEmail(), role: 'staff' })).statusCode).toBe(201);
    const over = await invite(token, { email: uniqueEmail(), role: 'staff' });
    expect(over.statusCode).toBe(409);
    expect(json(over).code).toBe('TEAM_FULL');
  });
});

describe('accepting an invitation', () => {
  it('sets the password and names; the next sign-in lands in the business with the role', async () => {
    const email = uniqueEmail('tunde');
    await invite(owner.token, { email, role: 'admin' });
    const link = await linkTokenFromOutbox(t.db, email);

    const check = await checkLink(link);
    expect(check.statusCode).toBe(200);
    // The invitation names the business that invites, for the set-up page.
    expect(json(check).data).toEqual({
      email,
      type: 'setup',
      first_name: '',
      last_name: '',
      business_name: 'Iron Paradise Gym',
    });

    // Without names, none being known, the invitee is asked for them; the link still works.
    expectFieldErrors(await accept(link), {
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
    });
    const res = await accept(link, { first_name: 'Tunde', last_name: 'Bakare' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      message: 'Account setup complete! Please log in with your new password.',
      data: { email },
    });

    const login = await logIn(t, email, PASSWORD);
    expect(login.statusCode).toBe(200);
    const token = json(login).data.access_token;
    expect(decodeJwt(token)).toMatchObject({
      business_id: owner.businessId,
      role: 'admin',
      first_name: 'Tunde',
    });
    const me = json(await call(t.app, 'GET', '/v1/auth/me', { token })).data;
    expect(me).toMatchObject({
      role: 'admin',
      email_verified: true,
      business_name: 'Iron Paradise Gym',
      business_code: 'TEAM',
    });
    const listed = (await team()).find((u) => u.email === email)!;
    expect(listed).toMatchObject({
      first_name: 'Tunde',
      last_name: 'Bakare',
      email_verified: true,
      invitation_expires_at: null,
    });

    // Used once.
    const reuse = await accept(link, { first_name: 'Eve', last_name: 'Hacker' });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).code).toBe('TOKEN_USED');
    expect(json(await checkLink(link)).code).toBe('TOKEN_USED');
  });

  it("names another business's invitation by its own name; a reset link names none", async () => {
    const email = uniqueEmail('elsewhere');
    await invite(other.token, { email, role: 'staff' });
    const theirs = json(await checkLink(await linkTokenFromOutbox(t.db, email))).data;
    expect(theirs.business_name).toBe('Elsewhere Fitness');
    // A password reset of someone in a business says nothing of it.
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email: owner.email } });
    const reset = json(await checkLink(await linkTokenFromOutbox(t.db, owner.email))).data;
    expect(reset).toMatchObject({ type: 'reset', business_name: null });
  });

  it('keeps names the invitation carried when the invitee gives none', async () => {
    const email = uniqueEmail('named');
    await invite(owner.token, { email, role: 'staff', first_name: 'Bisi', last_name: 'Ola' });
    const link = await linkTokenFromOutbox(t.db, email);
    expect(json(await checkLink(link)).data).toMatchObject({
      first_name: 'Bisi',
      last_name: 'Ola',
    });
    expect((await accept(link)).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({
      firstName: 'Bisi',
      lastName: 'Ola',
      isActive: true,
    });
  });

  it('refuses a reset-type submission of an invitation link, and a forged link', async () => {
    const email = uniqueEmail('type');
    await invite(owner.token, { email, role: 'staff' });
    const link = await linkTokenFromOutbox(t.db, email);
    const wrongType = await call(t.app, 'POST', '/v1/auth/reset-password-confirm', {
      body: { token: link, type: 'reset', password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(json(wrongType).code).toBe('INVALID_TOKEN');
    expect(json(await checkLink(`${link}x`)).code).toBe('INVALID_TOKEN');
    expect((await checkLink(link)).statusCode).toBe(200);
  });
});

describe('POST /v1/user/:id/resend-invitation', () => {
  it('sends a new link; the old one stops working', async () => {
    const email = uniqueEmail('resend');
    const id = json(await invite(owner.token, { email, role: 'staff' })).data.id;
    const first = await linkTokenFromOutbox(t.db, email);
    const res = await call(t.app, 'POST', `/v1/user/${id}/resend-invitation`, {
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Invitation sent again.');
    const second = await linkTokenFromOutbox(t.db, email);
    expect(second).not.toBe(first);

    const old = await checkLink(first);
    expect(old.statusCode).toBe(400);
    expect(json(old)).toMatchObject({
      code: 'INVALID_TOKEN',
      message:
        'This invitation is no longer valid. Ask the business owner or an admin to send a new one.',
    });
    expect((await accept(first, { first_name: 'Old', last_name: 'Link' })).statusCode).toBe(400);
    expect((await accept(second, { first_name: 'New', last_name: 'Link' })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', `/v1/user/${id}/resend-invitation`, {
      token: owner.token,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('NOT_PENDING');
  });

  it('is refused to staff, and answers 404 for another business', async () => {
    const email = uniqueEmail('resend2');
    const id = json(await invite(owner.token, { email, role: 'staff' })).data.id;
    const byStaff = await call(t.app, 'POST', `/v1/user/${id}/resend-invitation`, {
      token: staff.token,
    });
    expect(byStaff.statusCode).toBe(403);
    const byOther = await call(t.app, 'POST', `/v1/user/${id}/resend-invitation`, {
      token: other.token,
    });
    expect(byOther.statusCode).toBe(404);
    expect(json(byOther).message).toBe('User not found.');
    expect(await t.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(1);
  });
});

describe('DELETE /v1/user/:id', () => {
  it('revokes a pending invitation: the person and the link are gone', async () => {
    const email = uniqueEmail('revoke');
    const id = json(await invite(owner.token, { email, role: 'staff' })).data.id;
    const link = await linkTokenFromOutbox(t.db, email);
    const res = await call(t.app, 'DELETE', `/v1/user/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Invitation revoked.');
    expect(await rowOf(email)).toBeUndefined();
    expect(await t.db.select().from(linkTokens).where(eq(linkTokens.userId, id))).toEqual([]);
    expect(json(await checkLink(link)).code).toBe('INVALID_TOKEN');
    expect((await accept(link, { first_name: 'Too', last_name: 'Late' })).statusCode).toBe(400);
    // The e-mail can be invited again.
    expect((await invite(owner.token, { email, role: 'admin' })).statusCode).toBe(201);
  });

  it('removes a person: sessions end at once, what they recorded keeps their name', async () => {
    const email = uniqueEmail('leaver');
    const leaver = await joinTeam(email);
    const plan = await addPlan(t, owner.token, { name: `Leaver plan ${email}` });
    const member = await addMember(t, leaver.access_token);
    const paid = await call(t.app, 'POST', '/v1/payment', {
      token: leaver.access_token,
      body: paymentBody(member.id, plan.id, 25000, { method: 'Cash' }),
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await call(t.app, 'DELETE', `/v1/user/${leaver.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('User removed from the team.');

    // The very next request with their token is refused, and so is their refresh token: both
    // say why, naming the business, with a code the web app tells from an expired session.
    const removed = {
      code: 'ACCESS_REMOVED',
      message: 'You no longer have access to Iron Paradise Gym.',
    };
    const after = await call(t.app, 'GET', '/v1/member', { token: leaver.access_token });
    expect(after.statusCode).toBe(401);
    expect(json(after)).toMatchObject(removed);
    const read = await call(t.app, 'GET', '/v1/auth/me', { token: leaver.access_token });
    expect(read.statusCode).toBe(401);
    expect(json(read)).toMatchObject(removed);
    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: leaver.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(json(refreshed)).toMatchObject(removed);

    const payment = (
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.id, json(paid).data.id))
    )[0]!;
    expect(payment.recordedBy).toBe(leaver.id);
    expect((await team()).map((u) => u.email)).not.toContain(email);

    // They keep their account, without a business.
    const login = await logIn(t, email, PASSWORD);
    expect(login.statusCode).toBe(200);
    const token = json(login).data.access_token;
    expect(decodeJwt(token)).toMatchObject({ business_id: null, role: null });
    const members = await call(t.app, 'GET', '/v1/member', { token });
    expect(members.statusCode).toBe(403);
    expect(json(members).code).toBe('NO_BUSINESS');

    // And can be invited back: pending until they accept the new link.
    const back = await invite(owner.token, { email, role: 'admin' });
    expect(back.statusCode, back.body).toBe(201);
    expect(json(back).data).toMatchObject({
      first_name: 'Femi',
      email_verified: false,
      role: 'admin',
    });
    expect((await call(t.app, 'GET', '/v1/auth/me', { token })).statusCode).toBe(401);
    const pending = await logIn(t, email, PASSWORD);
    expect(pending.statusCode).toBe(403);
    expect(json(pending).code).toBe('INVITATION_PENDING');
    const link = await linkTokenFromOutbox(t.db, email);
    expect((await accept(link)).statusCode).toBe(200);
    const rejoined = json(await logIn(t, email, PASSWORD)).data.access_token;
    expect(decodeJwt(rejoined)).toMatchObject({ business_id: owner.businessId, role: 'admin' });
    // Back in the business, a session of before the removal is only an expired one.
    const old = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: leaver.refresh_token },
    });
    expect(json(old)).toMatchObject({
      code: 'INVALID_REFRESH',
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('a session ended by a password change is not called a removal', async () => {
    const email = uniqueEmail('stays');
    const person = await joinTeam(email);
    const changed = await call(t.app, 'POST', '/v1/auth/change-password', {
      token: person.access_token,
      body: {
        old_password: PASSWORD,
        new_password: 'another-horse-43',
        confirm_password: 'another-horse-43',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await call(t.app, 'GET', '/v1/member', { token: person.access_token });
    expect(json(after).code).toBe('SESSION_ENDED');
    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: person.refresh_token },
    });
    expect(json(refreshed).code).toBe('INVALID_REFRESH');
  });

  it('invites someone who signed up without a business: their own names are kept', async () => {
    const person = await signUp(t, { first_name: 'Ngozi' });
    const res = await invite(owner.token, {
      email: person.email,
      role: 'staff',
      first_name: 'Wrong',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      email_verified: false,
    });
    // Their sessions end until they accept.
    expect((await call(t.app, 'GET', '/v1/auth/me', { token: person.access })).statusCode).toBe(
      401,
    );
    // Revoking gives them their account back, without a business.
    const id = json(res).data.id;
    expect(
      json(await call(t.app, 'DELETE', `/v1/user/${id}`, { token: owner.token })).message,
    ).toBe('Invitation revoked.');
    expect(await rowOf(person.email)).toMatchObject({
      businessId: null,
      role: null,
      isActive: true,
    });
    expect((await logIn(t, person.email, person.password)).statusCode).toBe(200);
  });

  it('never removes the owner or oneself, refuses staff, and answers 404 elsewhere', async () => {
    const owners = await call(t.app, 'DELETE', `/v1/user/${owner.userId}`, { token: admin.token });
    expect(owners.statusCode).toBe(403);
    expect(json(owners)).toMatchObject({
      code: 'OWNER_PROTECTED',
      message: "The business owner can't be changed or removed.",
    });
    const self = await call(t.app, 'DELETE', `/v1/user/${admin.userId}`, { token: admin.token });
    expect(self.statusCode).toBe(403);
    expect(json(self).code).toBe('CANNOT_REMOVE_SELF');
    const byStaff = await call(t.app, 'DELETE', `/v1/user/${admin.userId}`, {
      token: staff.token,
    });
    expect(byStaff.statusCode).toBe(403);
    const byOther = await call(t.app, 'DELETE', `/v1/user/${staff.userId}`, {
      token: other.token,
    });
    expect(byOther.statusCode).toBe(404);
    const missing = await call(t.app, 'DELETE', '/v1/user/999999', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    for (const who of [owner, admin, staff])
      expect((await rowOf(who.email))!.businessId).toBe(owner.businessId);
  });
});

describe('PATCH /v1/user/:id/role', () => {
  const plan = { name: 'Promoted plan', amount: 1000, duration: 1, duration_type: 'day' };

  it('takes effect on the next request, not the next token', async () => {
    const email = uniqueEmail('promote');
    const person = await joinTeam(email, 'staff');
    const token = person.access_token;
    const before = await call(t.app, 'POST', '/v1/subscription-type', { token, body: plan });
    expect(before.statusCode).toBe(403);

    const res = await call(t.app, 'PATCH', `/v1/user/${person.id}/role`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: 'Role updated.', data: { role: 'admin' } });
    // The same token (it still says staff) may now manage plans.
    expect(decodeJwt(token).role).toBe('staff');
    const after = await call(t.app, 'POST', '/v1/subscription-type', { token, body: plan });
    expect(after.statusCode).toBe(201);

    await call(t.app, 'PATCH', `/v1/user/${person.id}/role`, {
      token: admin.token,
      body: { role: 'staff' },
    });
    const demoted = await call(t.app, 'POST', '/v1/subscription-type', { token, body: plan });
    expect(demoted.statusCode).toBe(403);
    // A refusal for the role has its own code: the web app reads the session again on it.
    expect(json(demoted).code).toBe('ROLE_FORBIDDEN');
  });

  it("a promoted person's next session read and refresh carry the new role", async () => {
    const person = await joinTeam(uniqueEmail('riser'), 'staff');
    const res = await call(t.app, 'PATCH', `/v1/user/${person.id}/role`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);

    // The token they hold still says staff; the session read says what the database holds.
    expect(decodeJwt(person.access_token).role).toBe('staff');
    const read = await call(t.app, 'GET', '/v1/auth/me', { token: person.access_token });
    expect(read.statusCode).toBe(200);
    expect(json(read).data).toMatchObject({
      role: 'admin',
      business_id: owner.businessId,
      business_name: 'Iron Paradise Gym',
    });

    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: person.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(json(refreshed).data.access_token)).toMatchObject({
      role: 'admin',
      business_id: owner.businessId,
    });
  });

  it("never changes the owner's role, refuses owner as a role, staff and other businesses", async () => {
    const toOwner = await call(t.app, 'PATCH', `/v1/user/${staff.userId}/role`, {
      token: owner.token,
      body: { role: 'owner' },
    });
    expectFieldErrors(toOwner, { role: OWNER_NOT_INVITABLE });
    const owners = await call(t.app, 'PATCH', `/v1/user/${owner.userId}/role`, {
      token: admin.token,
      body: { role: 'staff' },
    });
    expect(owners.statusCode).toBe(403);
    expect(json(owners).code).toBe('OWNER_PROTECTED');
    const byStaff = await call(t.app, 'PATCH', `/v1/user/${staff.userId}/role`, {
      token: staff.token,
      body: { role: 'admin' },
    });
    expect(byStaff.statusCode).toBe(403);
    const byOther = await call(t.app, 'PATCH', `/v1/user/${staff.userId}/role`, {
      token: other.token,
      body: { role: 'admin' },
    });
    expect(byOther.statusCode).toBe(404);
    expect((await rowOf(owner.email))!.role).toBe('owner');
    expect((await rowOf(staff.email))!.role).toBe('staff');
  });
});
