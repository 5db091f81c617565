import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, outbox } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody } from '../../test/payments';
import { connectPaystack, createLink, KEY_A, KEY_B, useOnlineApp } from './online.fixtures';

const { t, paystack } = useOnlineApp();
const { owner, gym } = useTenants(t, {
  owner: { code: 'JOIN', name: 'Iron Temple' },
  gym: { code: 'MAIL', name: 'Ọ̀ṣun Fitness' },
});

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

describe("a member's e-mails about online payments come from the gym", () => {
  const NAME = 'Ọ̀ṣun Fitness';
  const rowsOf = async (memberId: number, ref: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.memberId, memberId))).filter(
      (m) => m.ref === ref,
    );
  /**
   * The e-mail as it would be read, without the app's own address (in links and the logo) and
   * the payment's reference (a code, not a name).
   */
  const withoutAppUrl = (html: string | null) =>
    (html ?? '').replaceAll(t.config.appUrl, '').replace(/kora-[0-9a-f]+/g, '');
  let member: { id: number };
  let plan: { id: number };
  let reference = '';

  it("sends the payment link in the gym's frame, from its name, replies to its e-mail", async () => {
    await connectPaystack(t, paystack, gym, KEY_B);
    await t.db
      .update(businesses)
      .set({ businessEmail: 'hello@osunfitness.ng', logoUrl: '/uploads/business_logo/osun.webp' })
      .where(eq(businesses.id, gym.businessId));
    plan = await addPlan(t, gym.token, { name: 'Monthly', amount: 18000 });
    member = await addMember(t, gym.token, {
      first_name: 'Adaeze',
      email_address: 'adaeze@example.com',
    });
    const res = await createLink(t, gym, member.id, {
      subscription_type_id: plan.id,
      channel: 'email',
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = json(res).data;
    reference = link.reference;
    const [mail] = await rowsOf(member.id, 'online:link');
    expect(mail).toMatchObject({
      channel: 'email',
      to: 'adaeze@example.com',
      subject: `Join ${NAME}`,
      fromName: NAME,
      replyTo: 'hello@osunfitness.ng',
    });
    expect(mail!.text).toContain(link.url);
    expect(mail!.html).toContain(`<img src="${t.config.appUrl}/uploads/business_logo/osun.webp"`);
    expect(mail!.html).toContain(`${NAME}</span>`);
    expect(mail!.html).toContain(`<a href="${link.url}"`);
    expect(mail!.html).toContain(`You received this e-mail as a member of ${NAME}.`);
    expect(withoutAppUrl(mail!.html)).not.toMatch(/Kora/i);
  });

  it("sends the receipt in the gym's frame too, and the pay page welcomes a first payment", async () => {
    await paystack.pay(reference);
    const [receipt] = await rowsOf(member.id, 'online:receipt');
    expect(receipt).toMatchObject({
      channel: 'email',
      subject: `Payment received – ${NAME}`,
      fromName: NAME,
      replyTo: 'hello@osunfitness.ng',
    });
    expect(receipt!.text).toContain('₦18,000');
    expect(receipt!.html).toContain(`You received this e-mail as a member of ${NAME}.`);
    expect(withoutAppUrl(receipt!.html)).not.toMatch(/Kora/i);

    // Her first membership: a welcome, never "renewed".
    const page = await call(t.app, 'GET', `/pay/${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment received');
    expect(page.body).toMatch(/Welcome to Ọ̀ṣun Fitness! Your membership is active until <strong>/);
    expect(page.body).not.toMatch(/renew/i);
    expect(json(await call(t.app, 'GET', `/v1/pay/${reference}`)).data.first_payment).toBe(true);

    // Her next payment is a renewal, and says so.
    const again = json(
      await createLink(t, gym, member.id, { subscription_type_id: plan.id, channel: 'copy' }),
    ).data;
    await paystack.pay(again.reference);
    const renewed = await call(t.app, 'GET', `/pay/${again.reference}`);
    expect(renewed.body).toMatch(/Your membership has been renewed\. It now runs to <strong>/);
    expect(renewed.body).not.toContain('Welcome');
  });
});
