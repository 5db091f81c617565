import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/http';
import { sessionStore } from '@/lib/session';
import { fail, json, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { accessToken } from '@/test/tokens';
import { freshDesk, rosterPage } from './test-desk';

const CHECK_IN = 'POST /v1/check-in';
const ROSTER = 'GET /v1/check-in/roster';
const REFRESH = 'POST /v1/auth/refresh';

let desk = freshDesk();
beforeEach(() => setSessionExpiredHandler(() => {}));
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

const checkIn = (member_id: number) => ({
  kind: 'check_in' as const,
  body: { member_id, found_by: 'name' },
  label: `Check-in: member ${member_id}`,
});

/** The user a request was sent as (the `sub` of its bearer token). */
const sentAs = (req: SentRequest) => {
  const token = req.headers.get('Authorization')?.replace('Bearer ', '') ?? '';
  return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;
};

describe('sync and the session', () => {
  it('a 401 the refresh cannot mend stops the round and the actions wait for the same user', async () => {
    signIn({ sub: '1' });
    let expired = true;
    const api = mockFetch({
      [CHECK_IN]: () => (expired ? fail(401, 'Unauthorized') : ok({ visit: { id: 9 } }, {}, 201)),
      [REFRESH]: () => fail(401, 'Your session has expired. Please sign in again.'),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const a = await engine.enqueue(checkIn(1));
    await engine.enqueue(checkIn(2));
    await engine.syncNow();
    expect(sessionStore.get().isAuthenticated).toBe(false); // the refresh failed: signed out
    expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(['waiting', 'waiting']);
    expect(api.sent(CHECK_IN).every((r) => (r.body as { member_id: number }).member_id === 1)).toBe(
      true,
    );

    // Another user signs in on this device: the first user's actions are not sent as them.
    signIn({ sub: '2', email: 'tunde@irongym.ng' });
    expired = false;
    api.requests.length = 0;
    await engine.syncNow();
    expect(api.sent(CHECK_IN)).toHaveLength(0);
    expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(['waiting', 'waiting']);

    // The first user signs in again: their actions go, with the keys made when queued.
    signIn({ sub: '1' });
    await engine.syncNow();
    expect(api.sent(CHECK_IN).map(sentAs)).toEqual(['1', '1']);
    expect(api.keysSent(CHECK_IN)[0]).toBe(a.idempotency_key);
    expect((await desk.db.queue.toArray()).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('a 401 mended by a refresh of the same user sends again with the same key', async () => {
    signIn({ sub: '1' });
    let calls = 0;
    const api = mockFetch({
      [CHECK_IN]: () =>
        ++calls === 1 ? fail(401, 'Unauthorized') : ok({ visit: { id: 9 } }, {}, 201),
      [REFRESH]: () =>
        ok({ access_token: accessToken({ sub: '1', jti: 'fresh' }), refresh_token: 'r2' }),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    const a = await engine.enqueue(checkIn(1));
    await engine.syncNow();
    expect(api.keysSent(CHECK_IN)).toEqual([a.idempotency_key, a.idempotency_key]);
    expect((await desk.db.queue.get(a.seq!))!.state).toBe('done');
  });

  it('never sends an action under the session another user opened while it was refused', async () => {
    signIn({ sub: '1' });
    const api = mockFetch({
      [CHECK_IN]: (req) => (sentAs(req) === '1' ? fail(401, 'Unauthorized') : ok({}, {}, 201)),
      // Meanwhile another tab signed in as user 2: the refresh adopts their session.
      [REFRESH]: () => {
        window.localStorage.setItem('token', accessToken({ sub: '2' }));
        window.localStorage.setItem('refreshToken', 'r-other');
        return fail(401, 'Unauthorized');
      },
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const engine = desk.engine();
    await engine.enqueue(checkIn(1));
    await engine.syncNow();
    expect(api.sent(CHECK_IN).map(sentAs)).not.toContain('2');
    expect((await desk.db.queue.toArray())[0]!.state).toBe('waiting');
  });

  it('another business of the same user does not send the first business’s actions', async () => {
    signIn({ sub: '1', business_id: 7 });
    const api = mockFetch({
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const engine = desk.engine();
    await engine.enqueue(checkIn(1));
    signIn({ sub: '1', business_id: 8 });
    api.requests.length = 0;
    await engine.syncNow();
    expect(api.sent(CHECK_IN)).toHaveLength(0);
  });
});

describe('two tabs', () => {
  it('syncing at once send each action once', async () => {
    signIn();
    // Queued offline (no sync yet), as a reload would find them.
    const queuedOffline = desk.engine();
    mockFetch({
      [CHECK_IN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const actions = [];
    for (let i = 1; i <= 5; i++) actions.push(await queuedOffline.enqueue(checkIn(i)));
    await queuedOffline.syncNow();
    const online = mockFetch({
      [CHECK_IN]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return ok({ visit: { id: 9 } }, {}, 201);
      },
      [ROSTER]: () => json(200, rosterPage([])),
    });

    const tabA = desk.engine(desk.reopen());
    const tabB = desk.engine(desk.reopen());
    await Promise.all([tabA.syncNow(), tabB.syncNow(), tabA.syncNow(), tabB.syncNow()]);

    const keys = online.keysSent(CHECK_IN);
    expect(keys).toHaveLength(5);
    expect(new Set(keys)).toEqual(new Set(actions.map((a) => a.idempotency_key)));
    expect(online.sent(CHECK_IN).map((r) => (r.body as { member_id: number }).member_id)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect((await desk.db.queue.toArray()).every((r) => r.state === 'done')).toBe(true);
  });
});
