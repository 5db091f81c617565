import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '@kora/shared';
import { businesses, outbox, payments } from '../../db/schema';
import { call, json } from '../../test/app';
import { storedActor, storedAuditEntries } from '../../test/audit';
import { useTestApp, useTenants } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { pdfText } from './receipts.fixtures';

/*
 * A payment's receipt: what it shows (JSON and PDF, A4 and 80 mm), sending it to the member
 * through the outbox, and another business's payment answering 404 like a missing one.
 */

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'FLEX', name: 'Flex Gym' },
});

const setUp = async (memberOverrides: Record<string, unknown> = {}) => {
  const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  const member = await addMember(t, owner.token, {
    first_name: 'Adéṣọlá',
    last_name: 'Obi',
    ...memberOverrides,
  });
  const payment = await pay(
    t,
    staff,
    paymentBody(member.id, plan.id, 50000, { method: 'Cash', duration: 2 }),
  );
  return { plan, member, payment };
};

const pdfOf = (res: { rawPayload: Buffer }) => pdfText(res.rawPayload).join('\n');

describe('GET /v1/payment/:id/receipt', () => {
  it('answers everything the receipt shows', async () => {
    const { member, payment } = await setUp();
    const res = await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt`, {
      token: staff.token,
    });
    expect(res.statusCode).toBe(200);
    const r = json(res).data;
    expect(r.receipt_number).toBe(payment.receipt_number);
    expect(r.receipt_number).toMatch(/^IRON-\d{6}$/);
    expect(r).toMatchObject({
      business: { name: 'Iron Paradise Gym', address: '12 Allen Avenue', city: 'Ikeja' },
      member: {
        id: member.id,
        first_name: 'Adéṣọlá',
        last_name: 'Obi',
        member_id: member.member_id,
      },
      plan: { name: 'Monthly' },
      duration: 2,
      amount: 50000,
      method: 'Cash',
      voided: false,
      refunded: 0,
      recorded_by_name: 'Ada Okafor',
      start_date: payment.subscription.start_date,
      expiry_date: payment.subscription.expiry_date,
    });
    const token = (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!
      .receiptToken;
    expect(r.receipt_url).toBe(`http://kora.test/r/${token}`);
  });

  it("answers 404 for another business's payment, exactly like a missing one", async () => {
    const { payment } = await setUp();
    for (const url of [
      `/v1/payment/${payment.id}/receipt`,
      `/v1/payment/${payment.id}/receipt.pdf`,
    ]) {
      const foreign = await call(t.app, 'GET', url, { token: other.token });
      const missing = await call(t.app, 'GET', url.replace(String(payment.id), '99999999'), {
        token: other.token,
      });
      expect(foreign.statusCode).toBe(404);
      expect(json(foreign)).toEqual(json(missing));
      expect(json(foreign).message).toBe('Payment not found');
    }
  });
});

describe('GET /v1/payment/:id/receipt.pdf', () => {
  it('is a PDF holding the receipt number, the member and the amount, A4 and 80 mm', async () => {
    const { payment } = await setUp();
    for (const size of ['a4', '80mm', undefined]) {
      const res = await call(
        t.app,
        'GET',
        `/v1/payment/${payment.id}/receipt.pdf${size ? `?size=${size}` : ''}`,
        { token: staff.token },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${payment.receipt_number}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfOf(res);
      expect(text).toContain(`No. ${payment.receipt_number}`);
      expect(text).toContain('₦50,000');
      expect(text).toContain('Adéṣọlá Obi');
      expect(text).toContain('Iron Paradise Gym');
      expect(text).toContain('Ada Okafor');
      expect(text).not.toContain('VOIDED');
      expect(text).not.toContain('\ufffd');
    }
  });

  it('is 80 mm wide on a page as long as the receipt, A4 otherwise', async () => {
    const { payment } = await setUp();
    const box = async (size: string) => {
      const res = await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt.pdf?size=${size}`, {
        token: staff.token,
      });
      const m = res.rawPayload.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/);
      return [Number(m![1]), Number(m![2])];
    };
    expect(await box('a4')).toEqual([595.28, 841.89]);
    const [width, height] = await box('80mm');
    expect(width).toBeCloseTo(226.77, 1);
    expect(height).toBeGreaterThan(200);
    expect(height).toBeLessThan(841);
  });

  it('says VOIDED on a voided payment and REFUNDED ₦X on a refunded one', async () => {
    const voided = (await setUp()).payment;
    await t.db
      .update(payments)
      .set({ voidedAt: new Date(), voidReason: 'Wrong member' })
      .where(eq(payments.id, voided.id));
    const refunded = (await setUp()).payment;
    await t.db.update(payments).set({ refundedKobo: 500_000 }).where(eq(payments.id, refunded.id));
    for (const size of ['a4', '80mm']) {
      const v = await call(t.app, 'GET', `/v1/payment/${voided.id}/receipt.pdf?size=${size}`, {
        token: owner.token,
      });
      expect(pdfOf(v)).toContain('VOIDED');
      const r = await call(t.app, 'GET', `/v1/payment/${refunded.id}/receipt.pdf?size=${size}`, {
        token: owner.token,
      });
      expect(pdfOf(r)).toContain('REFUNDED ₦5,000');
    }
    const json1 = await call(t.app, 'GET', `/v1/payment/${voided.id}/receipt`, {
      token: owner.token,
    });
    expect(json(json1).data.voided).toBe(true);
    const json2 = await call(t.app, 'GET', `/v1/payment/${refunded.id}/receipt`, {
      token: owner.token,
    });
    expect(json(json2).data.refunded).toBe(5000);
  });

  it("prints the gym's logo when it is a file of the uploads folder, never one from elsewhere", async () => {
    const { payment } = await setUp();
    const hasImage = async () => {
      const res = await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt.pdf`, {
        token: staff.token,
      });
      expect(res.statusCode).toBe(200);
      return /\/Subtype \/Image/.test(res.rawPayload.toString('latin1'));
    };
    expect(await hasImage()).toBe(false);
    // A WebP logo, as an upload keeps it: printed (made a PNG for the PDF).
    const dir = join(t.config.uploadsDir, 'u1', 'business_logo');
    mkdirSync(dir, { recursive: true });
    const logo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#0f766e' },
    })
      .webp()
      .toBuffer();
    writeFileSync(join(dir, 'logo.webp'), logo);
    const setLogo = (logoUrl: string) =>
      t.db.update(businesses).set({ logoUrl }).where(eq(businesses.id, owner.businessId));
    await setLogo('/uploads/u1/business_logo/logo.webp');
    expect(await hasImage()).toBe(true);
    // Outside the uploads folder, or on another server: left out, the receipt still prints.
    for (const url of ['/uploads/../../etc/passwd', 'https://cdn.example.com/logo.png']) {
      await setLogo(url);
      expect(await hasImage()).toBe(false);
    }
    await setLogo(null as never);
  });

  it('refuses a size other than a4 or 80mm', async () => {
    const { payment } = await setUp();
    const res = await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt.pdf?size=letter`, {
      token: staff.token,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ size: 'Size must be a4 or 80mm' });
  });
});

describe('POST /v1/payment/:id/receipt/send', () => {
  const outboxOf = (memberId: number) =>
    t.db.select().from(outbox).where(eq(outbox.memberId, memberId));

  it('queues exactly one message by the chosen channel to the member, with the link', async () => {
    for (const channel of ['whatsapp', 'sms', 'email'] as const) {
      const { member, payment } = await setUp();
      const res = await call(t.app, 'POST', `/v1/payment/${payment.id}/receipt/send`, {
        token: staff.token,
        body: { channel },
      });
      expect(res.statusCode).toBe(200);
      const to = channel === 'email' ? member.email_address : member.mobile_number;
      expect(json(res).data).toEqual({ channel, to });
      const queued = await outboxOf(member.id);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ channel, to });
      const token = (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!
        .receiptToken;
      expect(queued[0]!.text).toContain(`http://kora.test/r/${token}`);
      expect(queued[0]!.text).toContain(payment.receipt_number);
      expect(queued[0]!.text).toContain('₦50,000');
      if (channel === 'email') expect(queued[0]!.subject).toContain(payment.receipt_number);
      // Its audit entry names the channel, never the link.
      const entries = await storedAuditEntries(t, {
        paymentId: payment.id,
        action: 'receipt.send',
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        ...storedActor(staff),
        recordKind: 'receipt',
        recordLabel: payment.receipt_number,
        memberId: member.id,
      });
      expect(entries[0]!.detail).toMatchObject({ channel });
      expect(JSON.stringify(entries[0])).not.toContain(token);
    }
  });

  it('refuses with a clear 400 when the member has no e-mail, and queues nothing', async () => {
    const { member, payment } = await setUp({ email_address: '' });
    const res = await call(t.app, 'POST', `/v1/payment/${payment.id}/receipt/send`, {
      token: staff.token,
      body: { channel: 'email' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(RECEIPT_MESSAGES.noEmail);
    expect(await outboxOf(member.id)).toHaveLength(0);
    const entries = await storedAuditEntries(t, { paymentId: payment.id, action: 'receipt.send' });
    expect(entries).toHaveLength(0);
  });

  it("answers 404 for another business's payment and queues nothing", async () => {
    const { member, payment } = await setUp();
    const res = await call(t.app, 'POST', `/v1/payment/${payment.id}/receipt/send`, {
      token: other.token,
      body: { channel: 'sms' },
    });
    expect(res.statusCode).toBe(404);
    expect(await outboxOf(member.id)).toHaveLength(0);
  });

  it('refuses a channel it does not know', async () => {
    const { payment } = await setUp();
    const res = await call(t.app, 'POST', `/v1/payment/${payment.id}/receipt/send`, {
      token: staff.token,
      body: { channel: 'pigeon' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ channel: 'Choose how to send it' });
  });
});
