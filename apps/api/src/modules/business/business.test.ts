import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '@kora/shared';
import { businesses, users } from '../../db/schema';
import {
  call,
  expectFieldErrors,
  expectSetupAskedFor,
  json,
  signUp,
  type SignedIn,
} from '../../test/app';
import { useTestApp } from '../../test/hooks';
import { baseCode, nextFreeCode } from './business.service';

const t = useTestApp();

const setupBody = {
  business_name: 'Iron Paradise Gym',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
};

const setup = (user: SignedIn, body: Record<string, unknown> = setupBody) =>
  call(t.app, 'POST', '/v1/business', { token: user.access, body });

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

/** Signs up, sets a business up and refreshes, as the web client does. */
const owner = async (body: Record<string, unknown> = setupBody) => {
  const user = await signUp(t);
  const res = await setup(user, body);
  expect(res.statusCode).toBe(201);
  const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
    body: { token: user.refresh },
  });
  return { ...user, token: json(refreshed).data.access_token as string, business: json(res).data };
};

describe('business code', () => {
  it('takes 3 or 4 letters from the name', () => {
    expect(baseCode('Iron Paradise Gym')).toBe('IPG');
    expect(baseCode('Fitness')).toBe('FIT');
    expect(baseCode('Body Fit')).toBe('BFO');
    expect(baseCode('The Big Strong Iron House')).toBe('TBSI');
    expect(baseCode('Òkè-Ọ̀fà gym')).toBe('OOG');
    expect(baseCode('Go')).toBe('GOX');
    expect(baseCode('24/7')).toBe('GYM');
  });

  it('suffixes the first free digit and stays within 8 characters', () => {
    expect(nextFreeCode('IPG', [])).toBe('IPG');
    expect(nextFreeCode('IPG', ['IPG', 'IPG1', 'IPG3'])).toBe('IPG2');
    const taken = ['TBSI', ...Array.from({ length: 9999 }, (_, i) => `TBSI${i + 1}`)];
    expect(() => nextFreeCode('TBSI', taken)).toThrow();
  });
});

describe('POST /v1/business', () => {
  it('creates the business and makes the caller its owner', async () => {
    const user = await signUp(t);
    const res = await setup(user, {
      ...setupBody,
      business_name: '  Fitness  ',
      state: 'lagos',
      website_url: 'fitness.ng',
      business_email: 'Hello@Fitness.NG',
      business_phone: '',
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Business setup completed!');
    expect(body.data).toMatchObject({
      business_name: 'Fitness',
      address: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      website_url: 'https://fitness.ng',
      business_email: 'hello@fitness.ng',
      business_phone: null,
      logo_url: null,
      country_code: 'NG',
      email_verified: true,
    });
    expect(body.data.business_code).toBe('FIT');
    expect(new Date(body.data.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const row = await userRow(user.userId);
    expect(row.role).toBe('owner');
    expect(row.businessId).toBe(body.data.id);
  });

  it('refuses a second business with 409', async () => {
    const { business, ...user } = await owner();
    const again = await setup(user, { ...setupBody, business_name: 'Second Gym' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You already have a business.');
    expect((await userRow(user.userId)).businessId).toBe(business.id);
  });

  it('suffixes a digit when the code is taken, also for setups at the same moment', async () => {
    const name = { ...setupBody, business_name: 'Quantum Zeal Wellness' };
    const first = await owner(name);
    const second = await owner(name);
    expect(first.business.business_code).toBe('QZW');
    expect(second.business.business_code).toBe('QZW1');
    const people = await Promise.all([1, 2, 3, 4].map(() => signUp(t)));
    const answers = await Promise.all(people.map((p) => setup(p, name)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const codes = answers.map((a) => json(a).data.business_code).sort();
    expect(codes).toEqual(['QZW2', 'QZW3', 'QZW4', 'QZW5']);
  });

  it.each([
    ['business_name', 'A', 'Business name must be at least 2 characters'],
    ['business_name', 'x'.repeat(151), 'Business name must be at most 150 characters'],
    ['address', 'Ikej', 'Address must be at least 5 characters'],
    ['city', 'I', 'City must be at least 2 characters'],
    ['state', '', 'Please select a state'],
    ['state', 'Atlantis', 'Please select a state'],
    ['website_url', 'not a website', 'Please enter a valid website URL'],
    ['website_url', 'javascript:alert(1)', 'Please enter a valid website URL'],
    ['business_email', 'owner@', 'Please enter a valid email address'],
    ['business_phone', 'call me', 'Please enter a valid phone number'],
    ['logo_url', '/etc/passwd', 'Please upload a valid logo image'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const user = await signUp(t);
    const res = await setup(user, { ...setupBody, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[field]).toBe(message);
    expect(json(res).message).toContain(message);
    expect((await userRow(user.userId)).businessId).toBeNull();
  });

  it('names every missing required field', async () => {
    const res = await setup(await signUp(t), {});
    expectFieldErrors(res, {
      business_name: 'Business name must be at least 2 characters',
      address: 'Address must be at least 5 characters',
      city: 'City must be at least 2 characters',
      state: 'Please select a state',
    });
  });

  it('needs a signed-in user', async () => {
    const res = await call(t.app, 'POST', '/v1/business', { body: setupBody });
    expect(res.statusCode).toBe(401);
  });

  it('puts the new business and role in the refreshed token and in /me', async () => {
    const user = await signUp(t);
    expect(decode(user.access)).toMatchObject({ business_id: null, role: null });
    const logo = '/uploads/u1/business_logo/a.png';
    const res = await setup(user, { ...setupBody, business_name: 'Lekki Lifters', logo_url: logo });
    const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { token: user.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = json(refreshed).data.access_token;
    expect(decode(token)).toMatchObject({ business_id: json(res).data.id, role: 'owner' });
    const me = json(await call(t.app, 'GET', '/v1/auth/me', { token })).data;
    expect(me).toMatchObject({
      role: 'owner',
      business_id: json(res).data.id,
      business_name: 'Lekki Lifters',
      business_code: json(res).data.business_code,
      business_logo_url: logo,
    });
    expect(me.business_code).toBe('LLE');
  });
});

describe('GET and PATCH /v1/business/profile', () => {
  it('reads the profile of the caller’s business', async () => {
    const o = await owner({ ...setupBody, website_url: 'https://iron.ng' });
    const res = await call(t.app, 'GET', '/v1/business/profile', { token: o.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual(o.business);
  });

  it('changes only the fields sent; null or "" clears the optional ones', async () => {
    const o = await owner({
      ...setupBody,
      website_url: 'https://iron.ng',
      business_email: 'desk@iron.ng',
      business_phone: '08031234567',
    });
    const res = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: o.token,
      body: { city: 'Yaba', website_url: null, business_email: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Business profile updated successfully.');
    expect(json(res).data).toEqual({
      ...o.business,
      city: 'Yaba',
      website_url: null,
      business_email: null,
    });
    const row = (await t.db.select().from(businesses).where(eq(businesses.id, o.business.id)))[0]!;
    expect(row).toMatchObject({ city: 'Yaba', websiteUrl: null, businessPhone: '08031234567' });
    expect(row.code).toBe(o.business.business_code);
  });

  it('validates PATCH fields like setup', async () => {
    const o = await owner();
    const res = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: o.token,
      body: { state: 'Atlantis', business_name: null },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.state).toBe('Please select a state');
    expect(json(res).errors.business_name).toBe('Business name must be at least 2 characters');
  });

  it('lets staff read but not change the business', async () => {
    const o = await owner();
    const staff = await signUp(t);
    await t.db
      .update(users)
      .set({ role: 'staff', businessId: o.business.id })
      .where(eq(users.id, staff.userId));
    const read = await call(t.app, 'GET', '/v1/business/profile', { token: staff.access });
    expect(json(read).data.business_name).toBe('Iron Paradise Gym');
    const res = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: staff.access,
      body: { business_name: 'Staff Gym' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Only the business owner or an admin can do this.');
    const again = await call(t.app, 'GET', '/v1/business/profile', { token: o.token });
    expect(json(again).data.business_name).toBe('Iron Paradise Gym');
  });

  it('asks a user without a business to set one up', async () => {
    const user = await signUp(t);
    await expectSetupAskedFor(
      t,
      user.access,
      [
        ['GET', '/v1/business/profile'],
        ['PATCH', '/v1/business/profile'],
      ],
      { city: 'Yaba' },
    );
  });

  it('keeps businesses apart: A sees and changes only A', async () => {
    const a = await owner({ ...setupBody, business_name: 'Alpha Gym' });
    const b = await owner({ ...setupBody, business_name: 'Bravo Gym' });
    const before = (
      await t.db.select().from(businesses).where(eq(businesses.id, b.business.id))
    )[0];
    const read = await call(t.app, 'GET', '/v1/business/profile?id=' + b.business.id, {
      token: a.token,
    });
    expect(json(read).data.business_name).toBe('Alpha Gym');
    const res = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: a.token,
      body: { business_name: 'Alpha Prime', id: b.business.id, business_id: b.business.id },
    });
    expect(json(res).data).toMatchObject({ id: a.business.id, business_name: 'Alpha Prime' });
    const after = (await t.db.select().from(businesses).where(eq(businesses.id, b.business.id)))[0];
    expect(after).toEqual(before);
  });
});

describe('GET /v1/location/states', () => {
  it('lists the 36 states and the FCT, sorted', async () => {
    const res = await call(t.app, 'GET', '/v1/location/states');
    expect(res.statusCode).toBe(200);
    const states: string[] = json(res).data;
    expect(states).toHaveLength(37);
    expect(states).toEqual([...NIGERIAN_STATES].sort());
    expect(states).toContain('Federal Capital Territory');
  });

  it('is in the OpenAPI document with the business calls', async () => {
    const paths = Object.keys(json(await call(t.app, 'GET', '/docs/json')).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/business', '/v1/business/profile', '/v1/location/states']),
    );
  });

  it('asks for a session on the business calls only', async () => {
    const doc = json(await call(t.app, 'GET', '/docs/json'));
    const security = (path: string, method: string) => doc.paths[path][method].security;
    expect(security('/v1/business', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/v1/business/profile', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/v1/business/profile', 'patch')).toEqual([{ bearerAuth: [] }]);
    expect(security('/v1/location/states', 'get') ?? []).toEqual([]);
  });
});
