import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDERS, REMINDER_MESSAGES, addDays, formatDay } from '@kora/shared';
import { businesses, members, outbox, reminderSends } from '../../db/schema';
import { call, expectFieldErrors } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from '../../test/loopback-paystack';
import { connectPaystack, useLoopbackPaystack } from '../../test/online';
import {
  addDayPassPlan,
  addGroupPlan,
  addMember,
  addPlan,
  createTenant,
  type Tenant,
} from '../../test/tenants';
import {
  pay,
  paymentBody,
  payForPeriod,
  setSubscriptionDates,
  subscriptionsOf,
} from '../../test/payments';
import { reminderChannelOf, renderReminderText, sendDueReminders } from './reminders.job';

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const { owner, staff, other, linked } = useTenants(t, {
  owner: { code: 'RMND', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'RMOT', name: 'Other Gym' },
  linked: { code: 'RMPL', name: 'Linked Gym' },
});

/** Every test's subscriptions end around this day, far from the real clock's. */
const EXP = '2031-03-10';
/** `hh:mm` Lagos time on `day`. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const run = (when: Date) => sendDueReminders(t.app.ctx, when);

const enable = (tenant: Tenant, reminders = DEFAULT_REMINDERS) =>
  call(t.app, 'PUT', '/v1/business/reminders', {
    token: tenant.token,
    body: { enabled: true, reminders },
  });

/** A member with one subscription of `plan` ending on `expiry` (a month long). */
const memberEnding = async (tenant: Tenant, plan: { id: number; amount: number }, expiry = EXP) => {
  const member = await addMember(t, tenant.token);
  await payForPeriod(t, tenant, member.id, plan, [addDays(expiry, -29), expiry]);
  return member as { id: number; first_name: string; mobile_number: string };
};

const sendsOf = (memberId: number) =>
  t.db
    .select()
    .from(reminderSends)
    .where(eq(reminderSends.memberId, memberId))
    .orderBy(reminderSends.id);

const deliveriesOf = async (memberId: number) => {
  const sends = await sendsOf(memberId);
  if (!sends.length) return [];
  return t.db
    .select()
    .from(outbox)
    .where(
      inArray(
        outbox.ref,
        sends.map((s) => `reminder:${s.id}`),
      ),
    )
    .orderBy(outbox.id);
};

describe('reminder settings', () => {
  it('a business that never saved them has reminders off and the default days', async () => {
    const res = await call(t.app, 'GET', '/v1/business/reminders', { token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      enabled: false,
      reminders: DEFAULT_REMINDERS,
      payment_links: false,
      updated_at: null,
    });
    expect(DEFAULT_REMINDERS.map((r) => r.offset_days)).toEqual([-7, -3, -1, 3]);
  });

  it('the owner saves them (sorted by day); staff read them but get 403 on changing them', async () => {
    const body = {
      enabled: true,
      reminders: [
        { offset_days: 2, text: 'Come back, {{first_name}}!' },
        { offset_days: -5, text: '{{days_left}} days left.\nPay: {{payment_link}}' },
      ],
    };
    const denied = await call(t.app, 'PUT', '/v1/business/reminders', { token: staff.token, body });
    expect(denied.statusCode).toBe(403);
    const res = await call(t.app, 'PUT', '/v1/business/reminders', { token: owner.token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reminders.map((r: { offset_days: number }) => r.offset_days)).toEqual([
      -5, 2,
    ]);
    const read = await call(t.app, 'GET', '/v1/business/reminders', { token: staff.token });
    expect(read.json().data.enabled).toBe(true);
    // Another business's settings are its own.
    const theirs = await call(t.app, 'GET', '/v1/business/reminders', { token: other.token });
    expect(theirs.json().data).toMatchObject({ enabled: false, reminders: DEFAULT_REMINDERS });
  });

  it('refuses days out of range, a day twice, unknown placeholders and hostile text', async () => {
    const put = (reminders: unknown) =>
      call(t.app, 'PUT', '/v1/business/reminders', {
        token: owner.token,
        body: { enabled: true, reminders },
      });
    expectFieldErrors(await put([{ offset_days: -31, text: 'Hi' }]), {
      'reminders.0.offset_days': REMINDER_MESSAGES.offset,
    });
    expectFieldErrors(await put([{ offset_days: 1.5, text: 'Hi' }]), {
      'reminders.0.offset_days': REMINDER_MESSAGES.offset,
    });
    expectFieldErrors(
      await put([
        { offset_days: -3, text: 'Hi' },
        { offset_days: -3, text: 'Again' },
      ]),
      { 'reminders.1.offset_days': REMINDER_MESSAGES.duplicate },
    );
    expectFieldErrors(await put([{ offset_days: -3, text: 'Hi {{nickname}}' }]), {
      'reminders.0.text': REMINDER_MESSAGES.unknownPlaceholder(['nickname']),
    });
    expectFieldErrors(await put([{ offset_days: -3, text: 'Hi\u0000there' }]), {
      'reminders.0.text': "Reminder text contains characters that can't be used",
    });
    expectFieldErrors(await put([{ offset_days: -3, text: 'Hi \u0007there' }]), {
      'reminders.0.text': "Reminder text contains characters that can't be used",
    });
    expectFieldErrors(await put([{ offset_days: -3, text: '  ' }]), {
      'reminders.0.text': REMINDER_MESSAGES.textRequired,
    });
    expectFieldErrors(await put([{ offset_days: -3, text: 'x'.repeat(501) }]), {
      'reminders.0.text': 'Reminder text must be at most 500 characters',
    });
  });
});

describe('the reminder job', () => {
  let plan: { id: number; amount: number };

  it('sends each reminder once across runs and instances, by WhatsApp, between 8 am and 8 pm', async () => {
    expect((await enable(owner)).statusCode).toBe(200);
    plan = await addPlan(t, owner.token, { name: 'Gold', amount: 20000 });
    const ada = await memberEnding(owner, plan);

    // 7 days before the last day, at night: nothing; the morning after 8: once.
    expect(await run(at(addDays(EXP, -7), '21:00'))).toBe(0);
    expect(await run(at(addDays(EXP, -7), '07:59'))).toBe(0);
    expect(await sendsOf(ada.id)).toHaveLength(0);
    await run(at(addDays(EXP, -7), '08:00'));
    await run(at(addDays(EXP, -7), '08:01'));
    await Promise.all([run(at(addDays(EXP, -7), '09:00')), run(at(addDays(EXP, -7), '09:00'))]);
    const sends = await sendsOf(ada.id);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ offsetDays: -7, expiryDate: EXP, channel: 'whatsapp' });
    const [delivery] = await deliveriesOf(ada.id);
    expect(delivery).toMatchObject({
      channel: 'whatsapp',
      to: ada.mobile_number,
      memberId: ada.id,
      businessId: owner.businessId,
    });
    // No payment link (Paystack not connected): the line holding it is left out.
    expect(delivery!.text).toBe(
      `Hi ${ada.first_name}, your Gold membership at Iron Paradise Gym ends on ${formatDay(EXP)} (in 7 days).`,
    );
    expect(delivery!.text).not.toContain('Renew here');

    // 3 days before, 1 day before, and 3 days after: each once more.
    await Promise.all([run(at(addDays(EXP, -3), '12:00')), run(at(addDays(EXP, -3), '12:00'))]);
    await run(at(addDays(EXP, -1), '19:59'));
    await run(at(addDays(EXP, -1), '20:00'));
    await run(at(addDays(EXP, 3), '10:00'));
    await run(at(addDays(EXP, 3), '10:00'));
    expect((await sendsOf(ada.id)).map((s) => s.offsetDays)).toEqual([-7, -3, -1, 3]);
    const texts = (await deliveriesOf(ada.id)).map((d) => d.text);
    expect(texts[2]).toContain('(tomorrow)');
    expect(texts[3]).toContain(`ended on ${formatDay(EXP)}`);
    // Days without a reminder send nothing.
    expect(await run(at(addDays(EXP, -2), '10:00'))).toBe(0);
  });

  it("an e-mail reminder is in the gym's frame: its name and logo, nothing of Kora", async () => {
    await t.db
      .update(businesses)
      .set({ logoUrl: 'https://cdn.example.ng/iron-paradise.png' })
      .where(eq(businesses.id, owner.businessId));
    const kemi = await memberEnding(owner, plan, '2031-04-20');
    // Only an e-mail to reach her by.
    await t.db.update(members).set({ mobileNumber: '' }).where(eq(members.id, kemi.id));
    await run(at(addDays('2031-04-20', -7), '10:00'));
    const [delivery] = await deliveriesOf(kemi.id);
    expect(delivery).toMatchObject({
      channel: 'email',
      subject: 'Your membership at Iron Paradise Gym',
    });
    expect(delivery!.html).toContain('<img src="https://cdn.example.ng/iron-paradise.png"');
    expect(delivery!.html).toContain('Iron Paradise Gym</span>');
    expect(delivery!.html).not.toMatch(/Kora/i);
    await t.db.update(businesses).set({ logoUrl: null }).where(eq(businesses.id, owner.businessId));
  });

  it("an e-mail reminder comes from the gym's name and replies go to the gym's e-mail", async () => {
    await t.db
      .update(businesses)
      .set({ businessEmail: 'desk@ironparadise.ng' })
      .where(eq(businesses.id, owner.businessId));
    const bayo = await memberEnding(owner, plan, '2031-05-20');
    await t.db.update(members).set({ mobileNumber: '' }).where(eq(members.id, bayo.id));
    await run(at(addDays('2031-05-20', -7), '10:00'));
    const [delivery] = await deliveriesOf(bayo.id);
    expect(delivery).toMatchObject({
      channel: 'email',
      fromName: 'Iron Paradise Gym',
      replyTo: 'desk@ironparadise.ng',
    });
    await t.db
      .update(businesses)
      .set({ businessEmail: null })
      .where(eq(businesses.id, owner.businessId));
  });

  it('a renewal cancels the later reminders and the new expiry gets its own', async () => {
    const bola = await memberEnding(owner, plan);
    await run(at(addDays(EXP, -7), '10:00'));
    expect(await sendsOf(bola.id)).toHaveLength(1);
    // Bola renews: the new subscription starts the day after EXP.
    await pay(t, owner, paymentBody(bola.id, plan.id, plan.amount));
    const subs = await subscriptionsOf(t, bola.id);
    const newExpiry = subs[subs.length - 1]!.expiryDate;
    expect(newExpiry > EXP).toBe(true);
    await run(at(addDays(EXP, -3), '10:00'));
    await run(at(addDays(EXP, -1), '10:00'));
    await run(at(addDays(EXP, 3), '10:00'));
    expect(await sendsOf(bola.id)).toHaveLength(1);
    // The new last day is reminded of, 7 days before it.
    await run(at(addDays(newExpiry, -7), '10:00'));
    const sends = await sendsOf(bola.id);
    expect(sends.map((s) => [s.offsetDays, s.expiryDate])).toEqual([
      [-7, EXP],
      [-7, newExpiry],
    ]);
  });

  it('a changed expiry date reschedules: the reminder of the new date is sent too', async () => {
    const chidi = await memberEnding(owner, plan);
    await run(at(addDays(EXP, -3), '10:00'));
    expect(await sendsOf(chidi.id)).toHaveLength(1);
    const [sub] = await subscriptionsOf(t, chidi.id);
    const later = addDays(EXP, 5);
    await setSubscriptionDates(t, sub!.id, addDays(EXP, -29), later);
    await run(at(addDays(later, -3), '10:00'));
    await run(at(addDays(later, -3), '11:00'));
    expect((await sendsOf(chidi.id)).map((s) => [s.offsetDays, s.expiryDate])).toEqual([
      [-3, EXP],
      [-3, later],
    ]);
  });

  it('skips members who opted out or are deactivated, and businesses with reminders off', async () => {
    const optedOut = await memberEnding(owner, plan, addDays(EXP, 1));
    const patched = await call(t.app, 'PATCH', `/v1/member/${optedOut.id}`, {
      token: staff.token,
      body: { reminders_opt_out: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.reminders_opt_out).toBe(true);
    const details = await call(t.app, 'GET', `/v1/member/${optedOut.id}`, { token: staff.token });
    expect(details.json().data.reminders_opt_out).toBe(true);
    expectFieldErrors(
      await call(t.app, 'PATCH', `/v1/member/${optedOut.id}`, {
        token: staff.token,
        body: { reminders_opt_out: 'yes' },
      }),
      { reminders_opt_out: 'Reminder opt-out must be true or false' },
    );

    const inactive = await memberEnding(owner, plan, addDays(EXP, 1));
    await t.db.update(members).set({ isActive: false }).where(eq(members.id, inactive.id));

    const otherPlan = await addPlan(t, other.token, { name: 'Basic', amount: 10000 });
    const elsewhere = await memberEnding(other, otherPlan, addDays(EXP, 1));

    const control = await memberEnding(owner, plan, addDays(EXP, 1));
    await run(at(addDays(EXP, -6), '10:00'));
    expect(await sendsOf(optedOut.id)).toHaveLength(0);
    expect(await sendsOf(inactive.id)).toHaveLength(0);
    expect(await sendsOf(elsewhere.id)).toHaveLength(0);
    expect(await sendsOf(control.id)).toHaveLength(1);

    // Opting in again: the next reminder goes.
    await call(t.app, 'PATCH', `/v1/member/${optedOut.id}`, {
      token: staff.token,
      body: { reminders_opt_out: false },
    });
    await run(at(addDays(EXP, -2), '10:00'));
    expect((await sendsOf(optedOut.id)).map((s) => s.offsetDays)).toEqual([-3]);
  });

  it('never reminds a walk-in of their day pass: they are not a member until they join', async () => {
    await addDayPassPlan(t, owner.token);
    const sold = await call(t.app, 'POST', '/v1/day-pass', {
      token: owner.token,
      body: {
        first_name: 'Tunde',
        last_name: 'Bello',
        mobile_number: '08096660001',
        method: 'Cash',
      },
    });
    expect(sold.statusCode).toBe(201);
    const walkIn = sold.json().data.member as { id: number };
    const [pass] = await subscriptionsOf(t, walkIn.id);
    await setSubscriptionDates(t, pass!.id, addDays(EXP, 4), addDays(EXP, 4));
    const control = await memberEnding(owner, plan, addDays(EXP, 4));
    await run(at(addDays(EXP, -3), '10:00'));
    expect(await sendsOf(walkIn.id)).toHaveLength(0);
    expect(await sendsOf(control.id)).toHaveLength(1);
  });

  it('waits while the member is frozen: the reminder of the moved end goes after the freeze', async () => {
    const gym = await createTenant(t, { code: 'RMFZ', name: 'Frozen Gym' });
    const saved = await enable(gym, [
      { offset_days: -7, text: 'Hi {{first_name}}, your plan ends in {{days_left}} days.' },
      { offset_days: -3, text: 'Hi {{first_name}}, {{days_left}} days left.' },
    ]);
    expect(saved.statusCode).toBe(200);
    const monthly = await addPlan(t, gym.token, { amount: 25000, freeze_allowed: true });
    // Both end on 15 March 2031; the frozen one is frozen 10–19 March, so ends on 25 March.
    const frozen = await memberEnding(gym, monthly, '2031-03-15');
    const control = await memberEnding(gym, monthly, '2031-03-25');
    const froze = await call(t.app, 'POST', `/v1/member/${frozen.id}/freeze`, {
      token: gym.token,
      body: { start_date: '2031-03-10', end_date: '2031-03-19' },
    });
    expect(froze.statusCode, froze.body).toBe(201);
    expect((await subscriptionsOf(t, frozen.id))[0]!.expiryDate).toBe('2031-03-25');
    // 18 March: 7 days before the 25th, but the member is frozen that day.
    await run(at('2031-03-18', '10:00'));
    expect(await sendsOf(frozen.id)).toHaveLength(0);
    expect((await sendsOf(control.id)).map((s) => s.offsetDays)).toEqual([-7]);
    // 22 March: the freeze is over, the next reminder goes.
    await run(at('2031-03-22', '10:00'));
    expect((await sendsOf(frozen.id)).map((s) => s.offsetDays)).toEqual([-3]);
  });

  it('fills {{payment_link}} with a renewal link when Paystack is connected', async () => {
    await connectPaystack(t, paystack, linked.token, LOOPBACK_PAYSTACK_KEYS[0]);
    const settings = await enable(linked, [
      {
        offset_days: -3,
        text: 'Hi {{first_name}}, {{days_left}} days left.\nPay: {{payment_link}}',
      },
    ]);
    expect(settings.json().data.payment_links).toBe(true);
    const linkedPlan = await addPlan(t, linked.token, { name: 'Silver', amount: 15000 });
    const m = await memberEnding(linked, linkedPlan);
    await run(at(addDays(EXP, -3), '10:00'));
    const [delivery] = await deliveriesOf(m.id);
    expect(delivery!.text).toMatch(
      new RegExp(
        `^Hi ${m.first_name}, 3 days left\\.\\nPay: http://kora\\.test/pay/kora-[0-9a-f]+$`,
      ),
    );
    const links = await call(t.app, 'GET', `/v1/member/${m.id}/payment-link`, {
      token: linked.token,
    });
    expect(links.json().data).toEqual([
      expect.objectContaining({ channel: 'copy', duration: 1, amount: 15000, sent_to: null }),
    ]);
  });
});

describe("a member's reminders and the summary", () => {
  it('lists the reminders sent to a member, newest first, with their delivery status', async () => {
    const [first] = await t.db
      .select({ memberId: reminderSends.memberId })
      .from(reminderSends)
      .where(and(eq(reminderSends.businessId, owner.businessId), eq(reminderSends.offsetDays, 3)));
    const res = await call(t.app, 'GET', `/v1/member/${first!.memberId}/reminders?per_page=2`, {
      token: staff.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 1, per_page: 2, total: 4, pages: 2 });
    expect(res.json().data[0]).toMatchObject({
      offset_days: 3,
      label: '3 days after',
      expiry_date: EXP,
      channel: 'whatsapp',
    });
    expect(['pending', 'sent', 'stored']).toContain(res.json().data[0].status);
    const page2 = await call(
      t.app,
      'GET',
      `/v1/member/${first!.memberId}/reminders?page=2&per_page=2`,
      {
        token: staff.token,
      },
    );
    expect(page2.json().data.map((r: { label: string }) => r.label)).toEqual([
      '3 days before',
      '7 days before',
    ]);
    // Another business's member is not found.
    const foreign = await call(t.app, 'GET', `/v1/member/${first!.memberId}/reminders`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("counts this month's reminders and the members who renewed within 7 days", async () => {
    const res = await call(t.app, 'GET', '/v1/reminders/summary', { token: staff.token });
    expect(res.statusCode).toBe(200);
    const sent = await t.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.businessId, owner.businessId));
    expect(res.json().data).toEqual({
      sent_this_month: sent.length,
      members_reminded: new Set(sent.map((s) => s.memberId)).size,
      // Bola renewed after her first reminder.
      renewed_within_7_days: 1,
    });
    const theirs = await call(t.app, 'GET', '/v1/reminders/summary', { token: other.token });
    expect(theirs.json().data).toEqual({
      sent_this_month: 0,
      members_reminded: 0,
      renewed_within_7_days: 0,
    });
  });
});

describe('rendering', () => {
  const values = {
    first_name: 'Ada',
    last_name: 'Obi',
    full_name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '08031234567',
    business_name: 'Iron Gym',
    subscription_plan: 'Gold',
    expiry_date: '10 Mar 2031',
    days_left: '3',
    payment_link: '',
  };

  it('leaves out the lines holding {{payment_link}} when there is no link', () => {
    expect(
      renderReminderText('Hi {{first_name}}.\n\nPay here: {{ payment_link }}\n\nSee you!', values),
    ).toBe('Hi Ada.\n\nSee you!');
    expect(
      renderReminderText('Hi {{first_name}}. Pay here: {{payment_link}}', {
        ...values,
        payment_link: 'https://kora.test/pay/x',
      }),
    ).toBe('Hi Ada. Pay here: https://kora.test/pay/x');
    // A value holding braces is not filled again.
    expect(renderReminderText('{{first_name}}', { ...values, first_name: '{{phone}}' })).toBe(
      '{{phone}}',
    );
  });

  it('picks WhatsApp, then SMS, then e-mail by the addresses the member has', () => {
    expect(reminderChannelOf({ mobile_number: '+2348031234567', email_address: 'a@b.ng' })).toEqual(
      { channel: 'whatsapp', to: '+2348031234567' },
    );
    expect(reminderChannelOf({ mobile_number: ' ', email_address: 'a@b.ng' })).toEqual({
      channel: 'email',
      to: 'a@b.ng',
    });
    expect(reminderChannelOf({ mobile_number: '', email_address: '' })).toBeUndefined();
  });
});

describe('group plans', () => {
  it('remind the payer to renew the group; a covered member is never told while a group covers them', async () => {
    expect((await enable(owner)).statusCode).toBe(200);
    const duo = await addGroupPlan(t, owner.token, 2);
    const solo = await addPlan(t, owner.token, { name: 'Solo', amount: 10000 });
    // Far from the other tests' days: their runs never reach these.
    const own = addDays(EXP, 60);
    const groupEnd = addDays(own, 30);
    const partner = await memberEnding(owner, solo, own);
    const payer = await addMember(t, owner.token);
    await pay(t, owner, paymentBody(payer.id, duo.id, 30000, { group_member_ids: [partner.id] }));
    const [paid] = await subscriptionsOf(t, payer.id);
    const covered = (await subscriptionsOf(t, partner.id)).find((s) => s.groupSubscriptionId);
    for (const s of [paid!, covered!])
      await setSubscriptionDates(t, s.id, addDays(own, -10), groupEnd);

    // Their own plan ends on `own`, but the group covers them on: no reminder, no "ended".
    await run(at(addDays(own, -7), '10:00'));
    await run(at(addDays(own, 3), '10:00'));
    expect(await sendsOf(partner.id)).toHaveLength(0);
    // The group's last day: the payer is reminded, the covered member is not.
    await run(at(addDays(groupEnd, -7), '10:00'));
    await run(at(addDays(groupEnd, 3), '10:00'));
    expect((await sendsOf(payer.id)).map((s) => s.offsetDays)).toEqual([-7, 3]);
    expect(await sendsOf(partner.id)).toHaveLength(0);
  });

  it("the payer's renewal link renews the group its ending subscription covers", async () => {
    const gym = await createTenant(t, { code: 'RMGR', name: 'Group Gym' });
    await connectPaystack(t, paystack, gym.token, LOOPBACK_PAYSTACK_KEYS[0]);
    await enable(gym, [{ offset_days: -3, text: 'Renew the group: {{payment_link}}' }]);
    const duo = await addGroupPlan(t, gym.token, 2);
    const payer = await addMember(t, gym.token);
    const partner = await addMember(t, gym.token);
    await pay(t, gym, paymentBody(payer.id, duo.id, 30000, { group_member_ids: [partner.id] }));
    const end = addDays(EXP, 120);
    for (const m of [payer, partner]) {
      const [s] = await subscriptionsOf(t, m.id);
      await setSubscriptionDates(t, s!.id, addDays(end, -29), end);
    }
    await run(at(addDays(end, -3), '10:00'));
    const [delivery] = await deliveriesOf(payer.id);
    expect(delivery!.text).toMatch(/^Renew the group: http:\/\/kora\.test\/pay\/kora-[0-9a-f]+$/);
    const links = await call(t.app, 'GET', `/v1/member/${payer.id}/payment-link`, {
      token: gym.token,
    });
    expect(links.json().data).toEqual([
      expect.objectContaining({ amount: 30000, group_member_ids: [partner.id] }),
    ]);
    expect(await sendsOf(partner.id)).toHaveLength(0);
  });
});
