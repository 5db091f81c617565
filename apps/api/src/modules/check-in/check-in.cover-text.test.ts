import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/payment-days';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { checkInState } from './check-in.repository';

/*
 * The check-in reads a member's cover with its own query, written into its statement, and
 * kora_check_in compares it with kora_member_cover's once the member's row is locked: the two
 * texts must be the same to the byte, or every check-in would be taken for one that raced a
 * payment (and answer "try again").
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'CVTX' } });

const functionText = async (businessId: number, memberId: number) =>
  rowsOf<{ cover: string }>(
    await t.db.execute(
      sql`select kora_member_cover(${businessId}::integer, ${memberId}::integer)::text as cover`,
    ),
  )[0]!.cover;

describe("the check-in's reading of a member's cover", () => {
  it("is kora_member_cover's text, for no cover, an own plan, two plans and a group's cover", async () => {
    const monthly = await addPlan(t, owner.token, { name: 'Monthly "Gold" \\ ₦' });
    const couple = await addPlan(t, owner.token, {
      name: 'Couple',
      amount: 40000,
      is_grouped: 1,
      group_limit: 2,
    });
    const none = await addMember(t, owner.token, { first_name: 'No', last_name: 'Cover' });
    const own = await addMember(t, owner.token, { first_name: 'Own', last_name: 'Plan' });
    const payer = await addMember(t, owner.token, { first_name: 'Ọlá', last_name: "O'Payer" });
    const partner = await addMember(t, owner.token, { first_name: 'Zoë', last_name: 'Partner' });
    await pay(t, owner, paymentBody(own.id, monthly.id, 25000));
    await pay(t, owner, paymentBody(own.id, monthly.id, 25000));
    await pay(
      t,
      owner,
      paymentBody(payer.id, couple.id, 40000, { group_member_ids: [partner.id] }),
    );

    const since = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const until = new Date(Date.now() + 2 * 60 * 60 * 1000);
    for (const member of [none, own, payer, partner]) {
      const state = await checkInState(t.db, owner.businessId, { id: member.id }, since, until);
      expect(state!.cover).toBe(await functionText(owner.businessId, member.id));
    }
    const partnerState = await checkInState(
      t.db,
      owner.businessId,
      { id: partner.id },
      since,
      until,
    );
    expect(JSON.parse(partnerState!.cover)).toEqual([
      expect.objectContaining({ plan_name: 'Couple', covered_by: "Ọlá O'Payer" }),
    ]);
    const ownState = await checkInState(t.db, owner.businessId, { id: own.id }, since, until);
    expect(JSON.parse(ownState!.cover)).toHaveLength(2);
  });
});
