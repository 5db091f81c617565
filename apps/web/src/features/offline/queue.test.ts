import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { forgetClockMeasure } from './clock';
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

/** Signs in; the server takes check-ins and the roster, and cannot be reached unless `reachable()`. */
const signInToServer = (reachable: () => boolean) => {
  signIn();
  const reach = () => {
    if (!reachable()) throw new TypeError('Failed to fetch');
  };
  return mockFetch({
    [CHECK_IN]: () => (reach(), ok({ visit: { id: 9 } }, {}, 201)),
    [ROSTER]: () => (reach(), json(200, rosterPage([]))),
  });
};

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
  it('keeps hostile text as plain data: control characters out of the label, __proto__ a plain key', async () => {
    signIn();
    mockFetch({
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const body = JSON.parse('{"member_id": 1, "__proto__": {"polluted": true}}') as Record<
      string,
      unknown
    >;
    const a = await desk.engine().enqueue({
      kind: 'check_in',
      body: { ...body, recorded_at: '1999-01-01T00:00:00Z' },
      label: 'Check-in:\u0000 Ada\u0007 Obi' + 'x'.repeat(100_000),
    });
    const row = (await desk.reopen().queue.get(a.seq!))!;
    expect(row.label.startsWith('Check-in:  Ada  Obi')).toBe(true);
    expect(row.label.length).toBeLessThanOrEqual(200);
    expect(Object.keys(row.body)).toEqual(['member_id', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(row.body.recorded_at).toBeUndefined(); // the desk's own time is added at send
    await expect(
      desk.engine().enqueue({ kind: 'check_in', body: { note: 'x'.repeat(100_000) }, label: 'x' }),
    ).rejects.toThrow('too large');
    await expect(
      desk.engine().enqueue({ kind: 'refund' as 'check_in', body: {}, label: 'x' }),
    ).rejects.toThrow('Unknown action');
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

  it('an afternoon offline does not lengthen the wait: a server restarting is sent to within a minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const setOnline = (online: boolean) => {
      if (online) delete (navigator as { onLine?: boolean }).onLine;
      else Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    let serverUp = true;
    const engine = desk.engine();
    let stop = () => {};
    try {
      const api = signInToServer(() => navigator.onLine !== false && serverUp);
      setOnline(false);
      stop = engine.start();
      // Ten check-ins while the browser reports no network: each try fails.
      for (let i = 1; i <= 10; i += 1) await engine.enqueue(checkIn(i));
      await engine.settled();
      expect((await desk.db.queue.toArray()).every((r) => r.state === 'waiting')).toBe(true);
      api.requests.length = 0;

      // The network is back but the server is restarting: the first try fails.
      serverUp = false;
      setOnline(true);
      await vi.waitFor(() => expect(api.requests.length).toBeGreaterThan(0));
      await engine.settled();
      expect((await desk.db.queue.toArray()).every((r) => r.state === 'waiting')).toBe(true);

      // The server is up again: the desk's next round, within a minute, sends everything.
      serverUp = true;
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () =>
        expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(Array(10).fill('done')),
      );
    } finally {
      stop();
      setOnline(true);
      vi.useRealTimers();
    }
  });

  it('after a failed try the next one comes as soon as its wait (2 s) is over', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let serverUp = true;
    const engine = desk.engine();
    let stop = () => {};
    try {
      const api = signInToServer(() => serverUp);
      stop = engine.start();
      await engine.settled();
      await vi.advanceTimersByTimeAsync(10_000);
      // 10 s after the start the server goes down as a check-in is sent: it waits.
      serverUp = false;
      await engine.enqueue(checkIn(1));
      await engine.settled();
      expect(api.sent(CHECK_IN)).toHaveLength(1);
      expect((await desk.db.queue.toArray())[0]!.state).toBe('waiting');

      // The server is back; 3 s later (long before the 30 s timer's next beat) it has been sent.
      serverUp = true;
      await vi.advanceTimersByTimeAsync(3_000);
      await vi.waitFor(async () => expect((await desk.db.queue.toArray())[0]!.state).toBe('done'));
      expect(api.sent(CHECK_IN)).toHaveLength(2);
    } finally {
      stop();
      vi.useRealTimers();
    }
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
  it('keeps an action recorded days ago offline once sent (its receipt shows), drops old sent ones', async () => {
    signIn();
    mockFetch({
      [PAYMENT]: () => ok({ payment: { receipt_number: 'KR-000009' } }, {}, 201),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const late = await engine.enqueue({ kind: 'payment', body: { member_id: 1 }, label: 'Cash' });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await desk.db.queue.update(late.seq!, { recorded_at: daysAgo(6) }); // taken during an outage
    const old = await desk.db.queue.add({
      ...late,
      seq: undefined,
      state: 'done',
      recorded_at: daysAgo(9),
    });
    await engine.syncNow();
    expect(await desk.db.queue.get(late.seq!)).toMatchObject({
      state: 'done',
      result: { payment: { receipt_number: 'KR-000009' } },
    });
    expect(await desk.db.queue.get(old)).toBeUndefined();
  });

  it("forgets this device's visits after a day", async () => {
    signIn();
    mockFetch({ [ROSTER]: () => json(200, rosterPage([])) });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await desk.db.visits.bulkAdd([
      { member_id: 1, business_id: 7, visited_at: daysAgo(2), seq: 1 },
      { member_id: 2, business_id: 7, visited_at: daysAgo(0.5), seq: 2 },
    ]);
    await desk.engine().syncNow();
    expect((await desk.db.visits.toArray()).map((v) => v.member_id)).toEqual([2]);
  });
});

describe("the desk's clock", () => {
  it('stamps what it saves with the server’s time when the desk computer’s clock runs fast', async () => {
    signIn();
    forgetClockMeasure();
    const fast = 20 * 60_000; // the desk's clock is 20 minutes ahead
    mockFetch({
      'GET /health': () =>
        new Response('{}', {
          status: 200,
          headers: { Date: new Date(Date.now() - fast).toUTCString() },
        }),
      [ROSTER]: () => json(200, rosterPage([])),
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const engine = desk.engine();
    await engine.syncNow(); // online: measures the clock
    const action = await engine.enqueue(checkIn(1));
    const lag = Date.now() - Date.parse(action.recorded_at);
    expect(lag).toBeGreaterThan(fast - 5_000);
    expect(lag).toBeLessThan(fast + 5_000);
  });

  it('leaves a clock within half a minute of the server’s alone', async () => {
    signIn();
    forgetClockMeasure();
    mockFetch({
      'GET /health': () =>
        new Response('{}', {
          status: 200,
          headers: { Date: new Date(Date.now() - 10_000).toUTCString() },
        }),
      [ROSTER]: () => json(200, rosterPage([])),
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const engine = desk.engine();
    await engine.syncNow();
    const before = Date.now();
    const action = await engine.enqueue(checkIn(1));
    expect(Date.parse(action.recorded_at)).toBeGreaterThanOrEqual(before);
  });
});
