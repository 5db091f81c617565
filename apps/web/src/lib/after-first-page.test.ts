import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage } from './after-first-page';

/** Whether `p` has settled by now (after pending microtasks). */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves at once where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    expect(await settled(afterFirstPage())).toBe(true);
  });

  it('waits 2.5 s after the page has loaded, then for the browser to be idle', async () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const waiting = afterFirstPage();
    await vi.advanceTimersByTimeAsync(2_400);
    expect(idle).toHaveLength(0);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(idle).toHaveLength(1);
    expect(await settled(waiting)).toBe(false);
    idle[0]!();
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves as soon as the early signal comes (the device going offline)', async () => {
    // Fake timers: the 2.5 s wait it also started must not outlive the test.
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', () => 0);
    let go = () => {};
    const waiting = afterFirstPage((resolve) => (go = resolve));
    expect(await settled(waiting)).toBe(false);
    go();
    expect(await settled(waiting)).toBe(true);
  });
});
