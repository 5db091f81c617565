import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BANK_MESSAGES } from '@kora/shared';
import { businesses } from '../../db/schema';
import { call, expectFieldErrors, json } from '../../test/app';
import { storedActor, storedAuditEntries } from '../../test/audit';
import { useTestApp, useTenants } from '../../test/hooks';

/*
 * The bank account members may pay into by transfer (shown on the members' renew page when the
 * gym takes no payments online), and the address of the members' page: validated, all three
 * bank fields or none, changed by owners and admins only, in the trail, and each business's own.
 */

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'FLEX', name: 'Flex Gym' },
});

const BANK = {
  bank_name: 'GTBank',
  bank_account_number: '0123456789',
  bank_account_name: 'Iron Paradise Gym Ltd',
};

const patch = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', '/v1/business/profile', { token, body });
const profile = async (token: string) =>
  json(await call(t.app, 'GET', '/v1/business/profile', { token })).data;
const stored = async (id: number) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

describe('bank details in the business profile', () => {
  it('the owner enters them: stored, answered, in the trail; spaces in the number dropped', async () => {
    const res = await patch(owner.token, { ...BANK, bank_account_number: '0123 456-789' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject(BANK);
    expect(await profile(staff.token)).toMatchObject(BANK);
    expect(await stored(owner.businessId)).toMatchObject({
      bankName: 'GTBank',
      bankAccountNumber: '0123456789',
      bankAccountName: 'Iron Paradise Gym Ltd',
    });
    const entries = await storedAuditEntries(t, {
      businessId: owner.businessId,
      actorUserId: owner.userId,
    });
    const entry = entries.find((e) => 'bank_account_number' in (e.changes ?? {}));
    expect(entry).toMatchObject({
      ...storedActor(owner),
      changes: {
        bank_name: { from: null, to: 'GTBank' },
        bank_account_number: { from: null, to: '0123456789' },
        bank_account_name: { from: null, to: 'Iron Paradise Gym Ltd' },
      },
    });
    // The other business has none, and its answer shows none.
    expect(await profile(other.token)).toMatchObject({
      bank_name: null,
      bank_account_number: null,
      bank_account_name: null,
    });
    expect(await stored(other.businessId)).toMatchObject({ bankName: null });
  });

  it('takes only the 10 digits of a NUBAN account number', async () => {
    for (const number of [
      '123456789',
      '01234567890',
      '01234S6789',
      '+2340123456',
      'x'.repeat(30),
    ]) {
      const res = await patch(admin.token, { ...BANK, bank_account_number: number });
      expect(res.statusCode, number).toBe(400);
      expect(json(res).errors.bank_account_number, number).toBeTruthy();
    }
    expectFieldErrors(await patch(admin.token, { ...BANK, bank_account_number: '123456789' }), {
      bank_account_number: BANK_MESSAGES.accountNumber,
    });
    expectFieldErrors(
      await patch(admin.token, { ...BANK, bank_name: 'G', bank_account_name: 'A' }),
      {
        bank_name: BANK_MESSAGES.bankName,
        bank_account_name: BANK_MESSAGES.accountName,
      },
    );
    const tooLong = await patch(admin.token, { ...BANK, bank_account_name: 'A'.repeat(151) });
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong).errors.bank_account_name).toBe(
      'Account name must be at most 150 characters',
    );
    for (const bad of [1234567890, true, ['0123456789'], { n: 1 }]) {
      const res = await patch(admin.token, { ...BANK, bank_account_number: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps all three or none: one alone is refused; all three cleared together', async () => {
    const none = { bank_name: null, bank_account_number: null, bank_account_name: null };
    expect((await patch(owner.token, none)).statusCode).toBe(200);
    expectFieldErrors(await patch(owner.token, { bank_name: 'Access Bank' }), {
      bank_account_number: BANK_MESSAGES.incomplete,
      bank_account_name: BANK_MESSAGES.incomplete,
    });
    expect((await patch(owner.token, BANK)).statusCode).toBe(200);
    // One of them changed: fine; one cleared: refused, nothing changed.
    expect((await patch(owner.token, { bank_name: 'Access Bank' })).statusCode).toBe(200);
    expectFieldErrors(await patch(owner.token, { bank_account_number: '' }), {
      bank_account_number: BANK_MESSAGES.incomplete,
    });
    expect(await profile(owner.token)).toMatchObject({ ...BANK, bank_name: 'Access Bank' });
    const cleared = await patch(owner.token, {
      bank_name: '',
      bank_account_number: null,
      bank_account_name: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(json(cleared).data).toMatchObject({
      bank_name: null,
      bank_account_number: null,
      bank_account_name: null,
    });
  });

  it('staff may not change them', async () => {
    const before = await stored(owner.businessId);
    const res = await patch(staff.token, { ...BANK, bank_name: 'Staff Bank' });
    expect(res.statusCode).toBe(403);
    expect((await stored(owner.businessId)).bankName).toBe(before.bankName);
  });
});

describe("the members' page address", () => {
  it('is {APP_URL}/m/{business_code} in the profile, each business its own', async () => {
    expect((await profile(staff.token)).members_page_url).toBe('http://kora.test/m/IRON');
    expect((await profile(other.token)).members_page_url).toBe('http://kora.test/m/FLEX');
  });
});
