import { lagosDay, memberContracts } from '@kora/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freezes, members } from '../../db/schema';
import { answerSerializerCompiler } from '../../lib/contract-route';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { payForPeriod } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { toMember } from './members.mapper';
import { selectMembers } from './members.repository';

/*
 * The member list's page is written as JSON by PostgreSQL (members.list-json.ts). It must be, byte
 * for byte, what the member's row mapped by toMember and written by the answer's serializer
 * gives: the same keys in the same order, the same escapes, moments, days and naira.
 */

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'JSON' }, other: { code: 'JSOT' } });

const serialize = answerSerializerCompiler({
  schema: memberContracts.list.answer,
} as never) as (answer: unknown) => string;

/** What the list answered before: rows read by selectMembers, mapped and serialised. */
const expectedPage = async (
  businessId: number,
  ids: number[],
  meta: Record<string, unknown>,
): Promise<string> => {
  const rows = ids.length
    ? await selectMembers(t.db, members, lagosDay())
        .where(
          sql`${members.businessId} = ${businessId} and ${members.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
        .orderBy(desc(members.createdAt), desc(members.id))
    : [];
  return serialize({ message: 'Members loaded.', data: rows.map(toMember), meta });
};

const list = (query: string, token = owner.token) =>
  call(t.app, 'GET', `/v1/member?${query}`, { token });

describe('the member list written by PostgreSQL', () => {
  beforeAll(async () => {
    const plan = await addPlan(t, owner.token, { name: 'Half "Month" \\ ₦', amount: 2500.5 });
    const plain = await addMember(t, owner.token, { first_name: 'Plain', last_name: 'Member' });
    const odd = await addMember(t, owner.token, {
      first_name: 'Ọlá',
      middle_name: 'Zoë',
      last_name: "O'Neil",
      email_address: 'ola@example.com',
      home_address: '12 Allen Avenue, Ikeja',
      date_of_birth: '1990-02-28',
      gender: 'Female',
      emergency_contact_name: 'Bísí',
      emergency_contact_number: '08031234567',
      emergency_contact_relationship: 'Sister',
      subscription_type_id: plan.id,
    });
    const expired = await addMember(t, owner.token, { first_name: 'Expired', last_name: 'One' });
    const frozen = await addMember(t, owner.token, { first_name: 'Frozen', last_name: 'One' });
    await addMember(t, other.token, { first_name: 'Other', last_name: 'Gym' });

    // Values the API's own checks would clean, written straight into the rows: quotes,
    // backslashes, control characters, a line separator, an emoji, a slash.
    await t.db
      .update(members)
      .set({
        lastName: 'Q"uo\\te \t\n\r\u0001\u001f\u007f\u2028\u2029 😀 </script>',
        city: 'Lagos/Ikeja',
        pictureUrl: 'https://cdn.example.com/a b.png?x=1&y="2"',
        lastVisitAt: sql`'2026-11-30 07:08:09.123456+00'::timestamptz`,
        createdAt: sql`created_at + interval '0.000999 s'`,
      })
      .where(eq(members.id, odd.id));

    const today = lagosDay();
    await payForPeriod(t, owner, odd.id, plan, ['2026-01-01', '2099-01-01']);
    await payForPeriod(t, owner, expired.id, plan, ['2020-01-01', '2020-01-31']);
    const paid = await payForPeriod(t, owner, frozen.id, plan, ['2026-01-01', '2099-01-01']);
    await t.db.insert(freezes).values({
      businessId: owner.businessId,
      memberId: frozen.id,
      subscriptionId: paid.subscription.id,
      startDate: today,
      endDate: '2099-01-10',
      days: 10,
      status: 'approved',
      requestedBy: 'staff',
    });
    void plain;
  });

  it('answers every page byte for byte as the rows mapped and serialised would', async () => {
    for (const query of [
      'page=1&per_page=10',
      'page=1&per_page=2',
      'page=2&per_page=2',
      'page=3&per_page=2',
      'page=1&per_page=7',
      'page=1&per_page=10&account_status=active',
      'page=1&per_page=10&kind=all',
      'page=1&per_page=10&frozen=true',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(200);
      const answer = res.json();
      const ids = answer.data.map((m: { id: number }) => m.id);
      expect(res.body, query).toBe(await expectedPage(owner.businessId, ids, answer.meta));
    }
    // Every kind of value was on a page: the odd one, the frozen one, a plan with kobo.
    const all = (await list('page=1&per_page=10')).json().data as Record<string, unknown>[];
    expect(all).toHaveLength(4);
    expect(all.map((m) => m.first_name)).toEqual(['Frozen', 'Expired', 'Ọlá', 'Plain']);
    expect(all[0]!.frozen_until).toBe('2099-01-10');
    expect(all[1]!.subscription_status_label).toBe('Expired');
    expect(all[2]!.subscription_type).toMatchObject({ amount: 2500.5 });
    expect(all[2]!.last_visit_at).toBe('2026-11-30T07:08:09.123Z');
    expect(all[3]!.subscription_type).toBeNull();
  });

  it('answers a search, and a page past the last one, the same way', async () => {
    for (const query of [
      'search=one',
      'search=ọlá',
      'search=0803',
      'search=nobody-at-all',
      'search=one&page=9&per_page=10',
      'page=9&per_page=10',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(200);
      const answer = res.json();
      const ids = answer.data.map((m: { id: number }) => m.id);
      expect(res.body, query).toBe(await expectedPage(owner.businessId, ids, answer.meta));
    }
    expect((await list('search=one')).json().meta).toEqual({
      page: 1,
      per_page: 20,
      pages: 1,
      total: 2,
    });
    expect((await list('page=9&per_page=10')).json()).toMatchObject({
      data: [],
      meta: { total: 4 },
    });
  });

  it('never shows another business its members', async () => {
    const theirs = (await list('page=1&per_page=10', other.token)).json();
    expect(theirs.data.map((m: { first_name: string }) => m.first_name)).toEqual(['Other']);
    expect((await list('search=one', other.token)).json().data).toEqual([]);
  });
});
