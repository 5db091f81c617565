import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeUpdatedFlag, takeWaitingVersion } from './register';

/** The browser's service worker container, as far as the app uses it. */
const fakeServiceWorkers = ({ controlled, waiting }: { controlled: boolean; waiting: boolean }) => {
  const listeners: (() => void)[] = [];
  const sent: unknown[] = [];
  const container = {
    controller: controlled ? {} : null,
    getRegistration: async () => ({
      waiting: waiting ? { postMessage: (message: unknown) => sent.push(message) } : null,
    }),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { sent, takeOver: () => listeners.forEach((l) => l()) };
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('taking a new version at the start of the app', () => {
  it('a version waiting from an earlier visit takes over, the page reloads, and says "Updated" once', async () => {
    const sw = fakeServiceWorkers({ controlled: true, waiting: true });
    const reload = vi.fn();
    const taking = takeWaitingVersion(reload);
    await vi.waitFor(() => expect(sw.sent).toEqual([{ type: 'SKIP_WAITING' }]));
    expect(reload).not.toHaveBeenCalled();
    sw.takeOver();
    expect(await taking).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(takeUpdatedFlag()).toBe(true);
    expect(takeUpdatedFlag()).toBe(false);
  });

  it('nothing waiting: the app starts at once, without a reload', async () => {
    fakeServiceWorkers({ controlled: true, waiting: false });
    const reload = vi.fn();
    expect(await takeWaitingVersion(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('the first visit (no service worker yet) starts at once', async () => {
    const sw = fakeServiceWorkers({ controlled: false, waiting: true });
    expect(await takeWaitingVersion(vi.fn())).toBe(false);
    expect(sw.sent).toEqual([]);
  });

  it('a version that does not take over within 3 s: the app starts as it is', async () => {
    vi.useFakeTimers();
    fakeServiceWorkers({ controlled: true, waiting: true });
    const reload = vi.fn();
    const taking = takeWaitingVersion(reload);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await taking).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(takeUpdatedFlag()).toBe(false);
  });
});
