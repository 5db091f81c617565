import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { freshDesk, rosterPage } from './test-desk';

/*
 * The network's return: the desk's waiting actions go within seconds of the browser's `online`
 * event, also when the first try after it fails (the network not quite back yet, or the server
 * restarting), never at the 30-second timer's next beat.
 */

const CHECK_IN = 'POST /v1/check-in';
const ROSTER = 'GET /v1/check-in/roster';

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

const checkIn = (member_id: number) => ({
  kind: 'check_in' as const,
  body: { member_id, found_by: 'phone' },
  label: `Check-in: member ${member_id}`,
});

const setOnline = (online: boolean) => {
  if (online) delete (navigator as { onLine?: boolean }).onLine;
  else Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

/** The server: answers when `reachable()`, else the request fails as without a network. */
const server = (reachable: () => boolean) => {
  signIn();
  const reach = () => {
    if (!reachable()) throw new TypeError('Failed to fetch');
  };
  return mockFetch({
    [CHECK_IN]: () => (reach(), ok({ visit: { id: 9 } }, {}, 201)),
    [ROSTER]: () => (reach(), json(200, rosterPage([]))),
  });
};

const states = async () => (await desk.db.queue.orderBy('seq').toArray()).map((r) => r.state);

describe('the network comes back', () => {
  it('the online event sends at once, without waiting for the timer', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let up = false;
    const engine = desk.engine();
    let stop = () => {};
    try {
      const api = server(() => up);
      setOnline(false);
      stop = engine.start();
      for (let i = 1; i <= 3; i += 1) await engine.enqueue(checkIn(i));
      await engine.settled();
      expect(await states()).toEqual(['waiting', 'waiting', 'waiting']);
      api.requests.length = 0;

      up = true;
      setOnline(true);
      // No timer moves: the event alone sends them.
      await vi.waitFor(async () => expect(await states()).toEqual(['done', 'done', 'done']));
      expect(api.sent(CHECK_IN)).toHaveLength(3);
    } finally {
      stop();
      setOnline(true);
      vi.useRealTimers();
    }
  });

  it('a first try that fails is tried again within seconds, after a long back-off too', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let up = false;
    const engine = desk.engine();
    let stop = () => {};
    try {
      const api = server(() => up);
      // The browser says online but nothing answers (a router down): rounds fail for minutes,
      // each wait longer than the last.
      stop = engine.start();
      await engine.enqueue(checkIn(1));
      await engine.settled();
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await engine.settled();
      expect(await states()).toEqual(['waiting']);

      // The network drops and comes back; the first try after it still fails (not quite back).
      setOnline(false);
      api.requests.length = 0;
      setOnline(true);
      await vi.waitFor(() => expect(api.sent(CHECK_IN)).toHaveLength(1));
      await engine.settled();
      expect(await states()).toEqual(['waiting']);

      // A moment later it answers: the retry comes within 5 seconds.
      up = true;
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(async () => expect(await states()).toEqual(['done']));
      expect(api.sent(CHECK_IN)).toHaveLength(2);
    } finally {
      stop();
      setOnline(true);
      vi.useRealTimers();
    }
  });
});
