import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { call, expectFieldErrors, expectSetupAskedFor, signUp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, createTenant, memberBody } from '../../test/tenants';

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'IPG' }, other: { code: 'FITX' } });

describe('POST /v1/member', () => {
  it('creates a member with the next member ID and the phone in E.164', async () => {
    const res = await call(t.app, 'POST', '/v1/member', {
      token: owner.token,
      body: memberBody({
        first_name: 'Ngozi',
        middle_name: 'Ada',
        last_name: 'Obi',
        mobile_number: '0803 123 4567',
        email_address: 'Ngozi.Obi@Example.com',
        gender: 'Female',
        date_of_birth: '1994-05-17',
        emergency_contact_name: 'Emeka Obi',
        emergency_contact_number: '2348059876543',
        emergency_contact_relationship: 'Brother',
      }),
    });
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({
      member_id: 'IPG-00001',
      first_name: 'Ngozi',
      middle_name: 'Ada',
      last_name: 'Obi',
      mobile_number: '+2348031234567',
      email_address: 'ngozi.obi@example.com',
      city: 'Ikeja',
      state: 'Lagos',
      country_code: 'NG',
      gender: 'Female',
      date_of_birth: '1994-05-17',
      emergency_contact_number: '+2348059876543',
      home_address: null,
      subscription_type_id: null,
      subscription_type: null,
      subscription_status: 0,
      subscription_status_label: 'No Subscription',
      is_active: true,
      picture_url: null,
    });
    expect(m.id).toBeGreaterThan(0);
  });

  it('accepts 0803…, +234803… and 234803… and stores each as E.164', async () => {
    for (const form of ['08051112222', '+2348051112222', '2348051112222']) {
      const m = await addMember(t, owner.token, { mobile_number: form });
      expect(m.mobile_number).toBe('+2348051112222');
      const row = (await t.db.select().from(members).where(eq(members.id, m.id)))[0]!;
      expect(row.mobileNumber).toBe('+2348051112222');
    }
  });

  it('numbers members per business: each business starts at 00001', async () => {
    const a = await createTenant(t, { code: 'A' });
    const b = await createTenant(t, { code: 'B' });
    expect((await addMember(t, a.token)).member_id).toBe('A-00001');
    expect((await addMember(t, b.token)).member_id).toBe('B-00001');
    expect((await addMember(t, a.token)).member_id).toBe('A-00002');
  });

  it('hands out distinct member IDs to members added at the same moment', async () => {
    const c = await createTenant(t, { code: 'CONC' });
    const made = await Promise.all(Array.from({ length: 5 }, () => addMember(t, c.token)));
    expect(made.map((m) => m.member_id).sort()).toEqual([
      'CONC-00001',
      'CONC-00002',
      'CONC-00003',
      'CONC-00004',
      'CONC-00005',
    ]);
  });

  it("answers the screens' texts for each invalid field", async () => {
    const res = await call(t.app, 'POST', '/v1/member', {
      token: owner.token,
      body: {
        first_name: 'A',
        last_name: 'B',
        mobile_number: '0803',
        email_address: 'not-an-email',
        city: '',
        state: 'L',
      },
    });
    expectFieldErrors(res, {
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      mobile_number: 'Phone number must be at least 11 characters',
      email_address: 'Invalid email address',
      city: 'City is required',
      state: 'State is required',
    });
  });

  it('refuses a number that is not Nigerian, for the member and the emergency contact', async () => {
    const bad = await call(t.app, 'POST', '/v1/member', {
      token: owner.token,
      body: memberBody({ mobile_number: '12345678901', emergency_contact_number: '+14155552671' }),
    });
    expectFieldErrors(bad, {
      mobile_number: 'Enter a valid Nigerian phone number',
      emergency_contact_number: 'Enter a valid Nigerian phone number',
    });
  });

  it.each([
    [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'Date of birth cannot be in the future'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Date of birth must be a date (YYYY-MM-DD)'],
    [{ gender: 'male' }, 'gender', 'Gender must be Male, Female or Other'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'First name must be at most 100 characters'],
    [
      { home_address: 'x'.repeat(301) },
      'home_address',
      'Home address must be at most 300 characters',
    ],
    [{ country_code: 'Nigeria' }, 'country_code', 'Country code must be two letters'],
  ])('refuses %j', async (override, field, message) => {
    const res = await call(t.app, 'POST', '/v1/member', {
      token: owner.token,
      body: memberBody(override),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('stores empty optional fields as null', async () => {
    const m = await addMember(t, owner.token, {
      middle_name: '',
      home_address: '  ',
      gender: null,
    });
    expect(m).toMatchObject({ middle_name: null, home_address: null, gender: null });
  });

  it('answers the chosen plan with its amount in naira', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Quarterly', amount: 60000.5, duration: 3 });
    const m = await addMember(t, owner.token, { subscription_type_id: plan.id });
    expect(m.subscription_type_id).toBe(plan.id);
    expect(m.subscription_type).toEqual({
      id: plan.id,
      name: 'Quarterly',
      amount: 60000.5,
      duration: 3,
      duration_type: 'month',
    });
    expect(m.subscription_status_label).toBe('No Subscription');
  });

  it("refuses another business's plan, an unknown plan and an inactive plan", async () => {
    const theirs = await addPlan(t, other.token);
    const inactive = await addPlan(t, owner.token, { is_active: 0 });
    const cases: [number, string][] = [
      [theirs.id, 'Subscription plan not found.'],
      [999999, 'Subscription plan not found.'],
      [inactive.id, 'This plan is inactive. Choose an active plan.'],
    ];
    for (const [id, message] of cases) {
      const res = await call(t.app, 'POST', '/v1/member', {
        token: owner.token,
        body: memberBody({ subscription_type_id: id }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('lets staff and admins add members', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const user = await createTenant(t, { role, businessId: owner.businessId });
      const res = await call(t.app, 'POST', '/v1/member', {
        token: user.token,
        body: memberBody(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.member_id).toMatch(/^IPG-\d{5}$/);
    }
  });

  it('asks for sign-in without a token and for business setup without a business', async () => {
    expect((await call(t.app, 'POST', '/v1/member', { body: memberBody() })).statusCode).toBe(401);
    const loner = await signUp(t);
    await expectSetupAskedFor(
      t,
      loner.access,
      [
        ['GET', '/v1/member'],
        ['GET', '/v1/member/summary'],
        ['POST', '/v1/member'],
        ['GET', '/v1/member/1'],
        ['PATCH', '/v1/member/1'],
      ],
      memberBody(),
    );
  });
});
