import { afterEach, describe, expect, it } from 'vitest';
import { fail, json, mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { freshDesk, rosterPage } from './test-desk';

const CHECK_IN = 'POST /v1/check-in';
const PAYMENT = 'POST /v1/payment';
const ROSTER = 'GET /v1/check-in/roster';

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

const checkIn = (member_id: number, label = `Check-in: member ${member_id}`) => ({
  kind: 'check_in' as const,
  body: { member_id, found_by: 'name' },
  label,
});

describe('enqueue', () => {
  it('keeps the action on disk before it answers: a reload sees it, in the order recorded', async () => {
    signIn();
    mockFetch({
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch'); // offline
      },
    });
    const engine = desk.engine();
    const first = await engine.enqueue(checkIn(1, 'Check-in: Ada Obi'));
    const second = await engine.enqueue(checkIn(2, 'Check-in: Tunde Bello'));

    const reloaded = desk.reopen();
    const rows = await reloaded.queue.orderBy('seq').toArray();
    expect(rows.map((r) => r.label)).toEqual(['Check-in: Ada Obi', 'Check-in: Tunde Bello']);
    expect(rows.map((r) => r.seq)).toEqual([first.seq, second.seq]);
    expect(rows[0]).toMatchObject({
      kind: 'check_in',
      body: { member_id: 1, found_by: 'name' },
      user_id: 1,
      business_id: 7,
      idempotency_key: first.idempotency_key,
      recorded_at: first.recorded_at,
    });
    expect(first.idempotency_key).not.toBe(second.idempotency_key);
  });

  it('refuses to queue when nobody is signed in to a business', async () => {
    await expect(desk.engine().enqueue(checkIn(1))).rejects.toThrow('Sign in');
    signIn({ business_id: null });
    await expect(desk.engine().enqueue(checkIn(1))).rejects.toThrow('Sign in');
    expect(await desk.db.queue.count()).toBe(0);
  });
});

describe('sync', () => {
  it('sends in order, each with its own Idempotency-Key and recorded_at, then marks it done', async () => {
    signIn();
    let receipt = 100;
    const api = mockFetch({
      [CHECK_IN]: () => ok({ visit: { id: 9 } }, {}, 201),
      [PAYMENT]: () => ok({ receipt_number: `R-${++receipt}` }, {}, 201),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const a = await engine.enqueue(checkIn(1));
    const b = await engine.enqueue({
      kind: 'payment',
      body: { member_id: 1, amount: 2500000 },
      label: 'Cash',
    });
    await engine.syncNow();

    const sent = api.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.path)).toEqual(['/v1/check-in', '/v1/payment']);
    expect(sent.map((r) => r.headers.get('Idempotency-Key'))).toEqual([
      a.idempotency_key,
      b.idempotency_key,
    ]);
    expect(sent.map((r) => (r.body as { recorded_at: string }).recorded_at)).toEqual([
      a.recorded_at,
      b.recorded_at,
    ]);
    const rows = await desk.db.queue.orderBy('seq').toArray();
    expect(rows.map((r) => r.state)).toEqual(['done', 'done']);
    expect(rows[1]!.result).toEqual({ receipt_number: 'R-101' });
  });

  it('a network error leaves the action waiting and stops the round; the retry keeps its key', async () => {
    signIn();
    let up = false;
    const api = mockFetch({
      [CHECK_IN]: () => {
        if (!up) throw new TypeError('Failed to fetch');
        return ok({ visit: { id: 9 } }, {}, 201);
      },
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const a = await engine.enqueue(checkIn(1));
    await engine.enqueue(checkIn(2));
    await engine.syncNow();
    // Only the first was tried (each enqueue started a round): every round stopped at it.
    expect(
      api.sent(CHECK_IN).map((r) => (r.body as { member_id: number }).member_id),
    ).not.toContain(2);
    expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(['waiting', 'waiting']);
    expect(api.sent(ROSTER)).toHaveLength(0);

    up = true;
    await engine.syncNow();
    const firstKeys = api
      .sent(CHECK_IN)
      .filter((r) => (r.body as { member_id: number }).member_id === 1)
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(firstKeys.length).toBeGreaterThan(1);
    expect(new Set(firstKeys)).toEqual(new Set([a.idempotency_key]));
    expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('a 5xx or a 429 is tried again later, not marked for attention', async () => {
    signIn();
    let answer = () => fail(503, 'Down for maintenance');
    mockFetch({ [CHECK_IN]: () => answer(), [ROSTER]: () => json(200, rosterPage([])) });
    const engine = desk.engine();
    await engine.enqueue(checkIn(1));
    await engine.syncNow();
    expect((await desk.db.queue.toArray())[0]!.state).toBe('waiting');
    answer = () => fail(429, 'Too many requests');
    await engine.syncNow();
    expect((await desk.db.queue.toArray())[0]!.state).toBe('waiting');
  });

  it("puts rows left 'sending' by a crash back to waiting, and sends them with their key", async () => {
    signIn();
    const api = mockFetch({
      [CHECK_IN]: () => ok({ visit: { id: 9 } }, {}, 201),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const a = await desk.engine().enqueue(checkIn(1));
    await desk.db.queue.update(a.seq!, { state: 'sending' }); // the tab died mid-send
    api.requests.length = 0;

    const afterReload = desk.engine(desk.reopen());
    await afterReload.syncNow();
    expect(api.keysSent(CHECK_IN)).toContain(a.idempotency_key);
    expect((await desk.db.queue.get(a.seq!))!.state).toBe('done');
  });

  it("a refusal marks the action for attention with the server's words; the next one still goes", async () => {
    signIn();
    const api = mockFetch({
      [CHECK_IN]: (req) =>
        (req.body as { member_id: number }).member_id === 1
          ? fail(409, 'Expired 5 days ago')
          : ok({ visit: { id: 9 } }, {}, 201),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const refused = await engine.enqueue(checkIn(1));
    const fine = await engine.enqueue(checkIn(2));
    await engine.syncNow();
    expect(api.sent(CHECK_IN)).toHaveLength(2);
    const row = await desk.db.queue.get(refused.seq!);
    expect(row).toMatchObject({
      state: 'attention',
      problem: { status: 409, message: 'Expired 5 days ago' },
    });
    expect((await desk.db.queue.get(fine.seq!))!.state).toBe('done');
  });

  it('keeps the field errors of a 422', async () => {
    signIn();
    mockFetch({
      [CHECK_IN]: () =>
        fail(422, 'Validation failed', {
          recorded_at: 'Recorded at must be within the last 7 days',
        }),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const a = await engine.enqueue(checkIn(1));
    await engine.syncNow();
    expect((await desk.db.queue.get(a.seq!))!.problem).toMatchObject({
      status: 422,
      errors: { recorded_at: 'Recorded at must be within the last 7 days' },
    });
  });
});
