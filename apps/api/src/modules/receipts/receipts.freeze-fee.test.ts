import { addDays, formatDay, lagosDay } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';
import { pdfText } from './receipts.fixtures';

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'FEEPDF' } });
const today = lagosDay();

describe("a freeze fee's receipt PDF", () => {
  it('says Freeze fee with the days frozen, and no periods or dates of a subscription', async () => {
    const plan = await addPlan(t, owner.token, {
      name: 'Monthly',
      amount: 25000,
      freeze_allowed: true,
      freeze_fee: 2500,
    });
    const member = await addMember(t, owner.token, { first_name: 'Ada' });
    await pay(t, owner, paymentBody(member.id, plan.id, 25000));
    const start = addDays(today, 1);
    const end = addDays(today, 10);
    const frozen = await call(t.app, 'POST', `/v1/member/${member.id}/freeze`, {
      token: owner.token,
      body: { start_date: start, end_date: end, fee_method: 'Cash' },
    });
    expect(frozen.statusCode).toBe(201);
    const [fee] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, member.id), eq(payments.kind, 'freeze_fee')));
    const res = await call(t.app, 'GET', `/v1/payment/${fee!.id}/receipt.pdf?size=a4`, {
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).join('\n');
    expect(text).toContain('Freeze fee');
    expect(text).toContain(`${formatDay(start)} to ${formatDay(end)} (10 days)`);
    expect(text).toContain(fee!.receiptNumber);
    expect(text).not.toContain('Periods');
    expect(text).not.toContain('Starts');
  });
});
