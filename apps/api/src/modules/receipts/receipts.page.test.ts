import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECEIPT_TOKEN_LENGTH } from '@kora/shared';
import { payments } from '../../db/schema';
import { expectPageLimitedPerIp, withTestApp } from '../../test/app';
import { useTestApp, useTenants } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { pdfText } from './receipts.fixtures';

/*
 * The receipt's public page /r/{token} and its PDF /r/{token}.pdf: only that receipt, never
 * another's; an unknown token answers the same 404 page as garbage; tokens are long and random.
 */

const t = useTestApp();
const { iron, flex } = useTenants(t, {
  iron: { code: 'IRON', name: 'Iron Paradise Gym' },
  flex: { code: 'FLEX', name: 'Flex Gym' },
});

const paid = async (tenant: Tenant, firstName: string, amount: number) => {
  const plan = await addPlan(t, tenant.token, { name: 'Monthly', amount });
  const member = await addMember(t, tenant.token, { first_name: firstName, last_name: 'Obi' });
  const payment = await pay(t, tenant, paymentBody(member.id, plan.id, amount, { method: 'Cash' }));
  const row = (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!;
  return { payment, token: row.receiptToken };
};

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /r/:token', () => {
  it('shows that receipt only, on a page without script that is never cached', async () => {
    const mine = await paid(iron, 'Ngozi', 25000);
    const theirs = await paid(flex, 'Tunde', 18000);
    const res = await get(`/r/${mine.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain(mine.payment.receipt_number);
    expect(res.body).toContain('Ngozi Obi');
    expect(res.body).toContain('₦25,000');
    expect(res.body).toContain('Iron Paradise Gym');
    expect(res.body).toContain('@media print');
    expect(res.body).toContain(`href="${mine.token}.pdf"`);
    expect(res.body).not.toContain('<script');
    // Nothing of the other business's receipt.
    expect(res.body).not.toContain(theirs.payment.receipt_number);
    expect(res.body).not.toContain('Tunde');
    expect(res.body).not.toContain('Flex Gym');
    const other = await get(`/r/${theirs.token}`);
    expect(other.body).toContain('Flex Gym');
    expect(other.body).not.toContain('Iron Paradise Gym');
  });

  it('answers the same 404 page for an unknown token as for garbage', async () => {
    const { token } = await paid(iron, 'Ngozi', 25000);
    const unknown = await get(`/r/${'A'.repeat(RECEIPT_TOKEN_LENGTH)}`);
    const wrongCase = await get(`/r/${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`);
    const garbage = await get('/r/%3Cscript%3E');
    const short = await get(`/r/${token.slice(0, 10)}`);
    const unknownPdf = await get(`/r/${'A'.repeat(RECEIPT_TOKEN_LENGTH)}.pdf`);
    for (const res of [unknown, wrongCase, garbage, short, unknownPdf]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(unknown.body);
    }
    expect(unknown.body).toContain('Receipt not found');
  });

  it("gives the receipt's PDF at /r/{token}.pdf, A4 or 80 mm", async () => {
    const mine = await paid(iron, 'Ngozi', 25000);
    for (const query of ['', '?size=80mm']) {
      const res = await get(`/r/${mine.token}.pdf${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(res.rawPayload).join('\n');
      expect(text).toContain(mine.payment.receipt_number);
      expect(text).toContain('₦25,000');
    }
  });

  it('uses tokens of 32 URL-safe characters, random (at least 128 bits), never the id', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push((await paid(iron, `Member${i}`, 1000 + i)).token);
    for (const token of tokens) {
      expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${RECEIPT_TOKEN_LENGTH}}$`));
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // 32 characters of a 64-letter alphabet carry 192 bits; spread: the tokens share no
    // 8-character run and use most of the alphabet between them.
    const letters = new Set(tokens.join(''));
    expect(letters.size).toBeGreaterThan(50);
    const runs = tokens.flatMap((tk) => Array.from({ length: 25 }, (_, i) => tk.slice(i, i + 8)));
    expect(new Set(runs).size).toBe(runs.length);
  });
});

describe('the receipt page under its limit', () => {
  it('is limited per IP address, with a page saying how long to wait', async () => {
    await withTestApp(
      { apiRateLimit: { enabled: true, perUserPerMinute: 100, perIpPerMinute: 3 } },
      async (limited) => {
        const open = (ip: string) =>
          limited.app.inject({ url: `/r/${'B'.repeat(RECEIPT_TOKEN_LENGTH)}`, remoteAddress: ip });
        await expectPageLimitedPerIp(open, 404);
      },
    );
  });
});
