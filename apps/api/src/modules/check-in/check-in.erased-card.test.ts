import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@kora/shared';
import { members } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

/*
 * Erasure removes the member's card: its code finds no one anywhere (404 on the card's page and
 * the desk's check-in, nobody at the desk's lookup and a kiosk, gone from the desks' offline
 * copy), the card calls answer 404, and nothing issues them a new one.
 */

const t = useTestApp();
const { owner, other } = useTenants(t, {
  owner: { code: 'CARD', name: 'Card Gym' },
  other: { code: 'CRDX' },
});

const cardCodeOf = async (id: number) =>
  (await t.db.select({ code: members.cardCode }).from(members).where(eq(members.id, id)))[0]!.code;

const roster = async (cursor = '') => {
  const res = await call(t.app, 'GET', `/v1/check-in/roster?cursor=${cursor}`, {
    token: owner.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res) as {
    data: { id: number; card_hash: string | null }[];
    meta: { cursor: string; removed: number[] };
  };
};

describe('an erased member’s card', () => {
  it('is gone: its code finds no one anywhere, and no card is shown, sent or issued again', async () => {
    const token = owner.token;
    const plan = await addPlan(t, token, { name: 'Monthly card', amount: 20000 });
    const m = await addMember(t, token, { first_name: 'Temitope', mobile_number: '08036660001' });
    await pay(t, owner, paymentBody(m.id, plan.id, 20000));
    const code = (await call(t.app, 'GET', `/v1/member/${m.id}/card`, { token })).json().data
      .card_code as string;
    expect(code).toMatch(/^[a-z2-7]{26}$/);
    // Before: the card works at the desk, its page and a kiosk.
    expect((await call(t.app, 'GET', `/card/${code}`)).statusCode).toBe(200);
    const lookup = (q: string) =>
      call(t.app, 'GET', `/v1/check-in/lookup?q=${encodeURIComponent(q)}`, { token });
    expect(json(await lookup(code)).data).toHaveLength(1);
    const { cursor } = (await roster()).meta;
    const kiosk = await call(t.app, 'POST', '/v1/kiosk/open', { token });
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    const kioskToken = json(kiosk).data.token as string;

    const erased = await call(t.app, 'POST', `/v1/member/${m.id}/erase`, {
      token,
      body: { confirm: m.member_id },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await cardCodeOf(m.id)).toBeNull();

    // The card calls: nothing to show, send or replace; no new card is issued.
    for (const [method, path, body] of [
      ['GET', `/v1/member/${m.id}/card`, undefined],
      ['POST', `/v1/member/${m.id}/card/send`, { channel: 'sms' }],
      ['POST', `/v1/member/${m.id}/card/replace`, undefined],
    ] as const) {
      const res = await call(t.app, method, path, { token, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'CARD_NOT_FOUND',
        message: PRIVACY_MESSAGES.noCard,
      });
    }
    expect(await cardCodeOf(m.id)).toBeNull();
    // Opening their details again issues nothing either.
    expect((await call(t.app, 'GET', `/v1/member/${m.id}`, { token })).statusCode).toBe(200);
    expect(await cardCodeOf(m.id)).toBeNull();

    // The old code: the card's page, the desk, a kiosk.
    const page = await call(t.app, 'GET', `/card/${code}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('No member found');
    expect(page.body).not.toContain('Erased');
    expect(json(await lookup(code)).data).toEqual([]);
    const desk = await call(t.app, 'POST', '/v1/check-in', { token, body: { card_code: code } });
    expect(desk.statusCode).toBe(404);
    // A kiosk answers it as any code of nobody: no name, nothing recorded.
    const atKiosk = (c: string) =>
      call(t.app, 'POST', '/v1/kiosk/check-in', {
        headers: { authorization: `Kiosk ${kioskToken}` },
        body: { code: c },
      });
    const erasedScan = await atKiosk(code);
    const nobodyScan = await atKiosk('abcdefghijklmnopqrstuvwxyz');
    expect([erasedScan.statusCode, erasedScan.json()]).toEqual([
      nobodyScan.statusCode,
      nobodyScan.json(),
    ]);
    expect(erasedScan.body).not.toContain('Temitope');
    expect(erasedScan.body).not.toContain('Erased');
    // Nor do their member ID or the erased name find them, nor may the desk let them in by id.
    for (const q of [m.member_id, 'Erased member'])
      expect(json(await lookup(q)).data, q).toEqual([]);
    const byId = await call(t.app, 'POST', '/v1/check-in', {
      token,
      body: { member_id: m.id, override_reason: 'Let in anyway' },
    });
    expect(byId.statusCode).toBe(404);

    // The desks' copies drop them; a new download does not hold them. A delta holds what
    // committed before every transaction then running (on PostgreSQL, the whole server's) had
    // ended: a moment's other work may leave the removal to the desk's next sync.
    const removed: number[] = [];
    let next = cursor;
    for (let i = 0; i < 50 && !removed.includes(m.id); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      const sync = await roster(next);
      removed.push(...sync.meta.removed);
      expect(sync.data.some((r) => r.id === m.id)).toBe(false);
      next = sync.meta.cursor;
    }
    expect(removed).toContain(m.id);
    expect((await roster()).data.some((r) => r.id === m.id)).toBe(false);
  });

  it('another business’s member is still "Member not found" on the card calls', async () => {
    const theirs = await addMember(t, other.token);
    for (const [method, path] of [
      ['GET', `/v1/member/${theirs.id}/card`],
      ['POST', `/v1/member/${theirs.id}/card/replace`],
    ] as const) {
      const res = await call(t.app, method, path, { token: owner.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Member not found.');
    }
    expect(await cardCodeOf(theirs.id)).toMatch(/^[a-z2-7]{26}$/);
  });
});
