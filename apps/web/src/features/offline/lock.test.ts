import { afterEach, describe, expect, it, vi } from 'vitest';
import { deskLock, leaseLock } from './lock';

const KEY = 'kora-desk-sync.lease';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks;
});

/** Runs two holders of `lock` at once and answers the order their steps ran in. */
const race = async (a: (fn: () => Promise<void>) => Promise<void>, b: typeof a) => {
  const steps: string[] = [];
  const work = (name: string) => async () => {
    steps.push(`${name} in`);
    await sleep(20);
    steps.push(`${name} out`);
  };
  await Promise.all([a(work('A')), b(work('B'))]);
  return steps;
};

describe('the sync lock', () => {
  it('lets one tab at a time hold the lease (two tabs: two locks on the same storage)', async () => {
    const steps = await race(leaseLock(), leaseLock());
    expect(steps).toEqual(['A in', 'A out', 'B in', 'B out']);
    expect(window.localStorage.getItem(KEY)).toBeNull(); // given back
  });

  it('takes over a lease its tab left behind when it expired (the tab crashed)', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ owner: 'crashed', until: Date.now() - 1 }));
    const ran = vi.fn(async () => 'synced');
    await expect(leaseLock()(ran)).resolves.toBe('synced');
    expect(ran).toHaveBeenCalledOnce();
  });

  it("waits while another tab's lease is alive", async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ owner: 'other', until: Date.now() + 60_000 }),
    );
    const ran = vi.fn(async () => undefined);
    const waiting = leaseLock()(ran);
    await sleep(300);
    expect(ran).not.toHaveBeenCalled();
    window.localStorage.removeItem(KEY); // the other tab is done
    await waiting;
    expect(ran).toHaveBeenCalledOnce();
  });

  it('uses the Web Locks API where the browser has it, by the name kora-desk-sync', async () => {
    let tail: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => {
      const run = tail.then(fn);
      tail = run.catch(() => undefined);
      return run;
    });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    const steps = await race(deskLock(), deskLock());
    expect(steps).toEqual(['A in', 'A out', 'B in', 'B out']);
    expect(request.mock.calls.map((c) => c[0])).toEqual(['kora-desk-sync', 'kora-desk-sync']);
    expect(window.localStorage.getItem(KEY)).toBeNull(); // no lease taken
  });
});
