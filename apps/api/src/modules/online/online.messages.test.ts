import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { json } from '../../test/app';
import { useTenants } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody } from '../payments/payments.fixtures';
import { connectPaystack, createLink, KEY_A, useOnlineApp } from './online.fixtures';

const { t, paystack } = useOnlineApp();
const { owner } = useTenants(t, { owner: { code: 'JOIN', name: 'Iron Temple' } });

/** The payment-link message queued for the member. */
const linkSentTo = async (memberId: number) =>
  (await t.db.select().from(outbox).where(eq(outbox.memberId, memberId))).filter(
    (m) => m.ref === 'online:link',
  );

describe('the payment-link message', () => {
  it('asks a member who never subscribed to join, and one who did to renew', async () => {
    await connectPaystack(t, paystack, owner, KEY_A);
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const newcomer = await addMember(t, owner.token, {
      first_name: 'Ngozi',
      email_address: 'ngozi@example.com',
    });
    const regular = await addMember(t, owner.token, {
      first_name: 'Bayo',
      email_address: 'bayo@example.com',
    });
    await pay(t, owner, paymentBody(regular.id, plan.id, 25000));

    for (const m of [newcomer, regular]) {
      const res = await createLink(t, owner, m.id, {
        subscription_type_id: plan.id,
        channel: 'email',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [join] = await linkSentTo(newcomer.id);
    expect(join!.subject).toBe('Join Iron Temple');
    expect(join!.text).toMatch(
      /^Hi Ngozi, join Iron Temple with a Monthly membership: ₦25,000\. Pay by card/,
    );
    expect(join!.text).not.toMatch(/renew/i);

    const [renew] = await linkSentTo(regular.id);
    expect(renew!.subject).toBe('Renew your membership at Iron Temple');
    expect(renew!.text).toMatch(/^Hi Bayo, renew your Monthly membership at Iron Temple: ₦25,000/);

    // By SMS too (no subject there).
    const sms = await createLink(t, owner, newcomer.id, {
      subscription_type_id: plan.id,
      channel: 'sms',
    });
    expect(json(sms).data.state).toBe('sent');
    const texts = (await linkSentTo(newcomer.id)).map((m) => [m.channel, m.subject, m.text]);
    expect(texts[1]).toEqual(['sms', null, expect.stringMatching(/^Hi Ngozi, join Iron Temple/)]);
  });
});
