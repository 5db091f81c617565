import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/payment-days';
import { auditEntries, memberConsents, members, outbox } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Temple' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'FITX' },
});

const consentOf = async (id: number) =>
  (await t.db.select().from(members).where(eq(members.id, id)))[0]!.marketingConsent;

describe('marketing consent', () => {
  it('is not asked when a create sends none, and the answer of the Add Member form otherwise', async () => {
    const none = await addMember(t, owner.token, { mobile_number: '08030000001' });
    expect(none.marketing_consent).toBe('not_asked');
    const yes = await addMember(t, staff.token, {
      mobile_number: '08030000002',
      marketing_consent: 'yes',
    });
    expect(yes.marketing_consent).toBe('yes');
    const no = await addMember(t, owner.token, {
      mobile_number: '08030000003',
      marketing_consent: 'no',
    });
    expect(no.marketing_consent).toBe('no');

    const history = await call(t.app, 'GET', `/v1/member/${yes.id}/consent`, {
      token: staff.token,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({ choice: 'yes', source: 'staff', user_name: expect.any(String) }),
    ]);
    const noneHistory = await call(t.app, 'GET', `/v1/member/${none.id}/consent`, {
      token: owner.token,
    });
    expect(noneHistory.json().data).toEqual([]);
  });

  it('keeps each change staff make: who, when and how', async () => {
    const m = await addMember(t, owner.token, { mobile_number: '08030000004' });
    const patch = (choice: string) =>
      call(t.app, 'PATCH', `/v1/member/${m.id}`, {
        token: staff.token,
        body: { marketing_consent: choice },
      });
    expect((await patch('yes')).json().data.marketing_consent).toBe('yes');
    expect((await patch('yes')).statusCode).toBe(200);
    expect((await patch('no')).json().data.marketing_consent).toBe('no');
    expect(await consentOf(m.id)).toBe('no');
    const res = await call(t.app, 'GET', `/v1/member/${m.id}/consent`, { token: owner.token });
    const history = res.json().data as { choice: string; source: string; user_name: string }[];
    // Newest first; the same answer twice is one row.
    expect(history.map((h) => h.choice)).toEqual(['no', 'yes']);
    expect(history.every((h) => h.source === 'staff')).toBe(true);
    expect(history[0]!.user_name).toBe('Ada Okafor');
    // Staff cannot choose "not asked": a member was asked once they answered.
    expect((await patch('not_asked')).statusCode).toBe(400);
  });

  it('answers 404 for another business’s member', async () => {
    const m = await addMember(t, other.token, { mobile_number: '08030000005' });
    const res = await call(t.app, 'GET', `/v1/member/${m.id}/consent`, { token: owner.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Member not found.');
  });
});
