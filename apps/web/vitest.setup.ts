import '@testing-library/jest-dom/vitest';
// IndexedDB, as every browser has: the offline desk's store (Dexie) runs for real in the tests.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { reportReach } from './src/features/offline/connection';
import { loadEngine } from './src/features/offline/load';
import { queryClient } from './src/lib/query-client';
import { sessionStore } from './src/lib/session';
import { resetDocument } from './src/test/document';
import { fakeMediaQueryList } from './src/test/media-query';

// findBy… and waitFor wait up to 10 s (1 s by default): `npm test` runs this suite beside three
// other lanes on a shared 2-CPU machine, where one render, or the first load of a lazy page's
// code, can take several seconds.
configure({ asyncUtilTimeout: 10_000 });

// What Mantine needs from a browser that jsdom does not have.
// A plain function, not a mock: a test's vi.spyOn (phoneScreen) is then undone by
// vi.restoreAllMocks after it, instead of changing this function for the tests that follow.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => fakeMediaQueryList(query, false),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
// jsdom lays nothing out (every box is 0×0): recharts' ResponsiveContainer, which measures its
// box, would draw no chart and warn. Its box alone gets a phone-sized chart's size, so the
// dashboard's charts draw (axes, tooltips' formatters and all) in the tests.
const measure = window.HTMLElement.prototype.getBoundingClientRect;
window.HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
  return this.classList.contains('recharts-responsive-container')
    ? new DOMRect(0, 0, 360, 240)
    : measure.call(this);
};
window.HTMLElement.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (!URL.createObjectURL) URL.createObjectURL = vi.fn(() => 'blob:preview');
if (!URL.revokeObjectURL) URL.revokeObjectURL = vi.fn();

// Each test starts afresh: nothing rendered, signed out, no stubs, the real clock, and the
// offline desk online again with no sync of the test still running (a round left running, or a
// call it could not make, would mark the next test's desk offline: "Needs a connection").
afterEach(async () => {
  cleanup();
  delete (navigator as { onLine?: boolean }).onLine;
  await (await loadEngine()).settled();
  reportReach(true);
  sessionStore.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Testing Library marks the environment as React's act() environment in hooks it registers when
// it is first imported, that is for the first file of a worker only (isolate: false): every file
// marks it, so React flushes updates inside act() and does not warn.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

// Test files share one window and module registry (isolate: false): each file starts as if it
// ran alone. The app's query cache and Mantine's notifications (a store of their own, shown by
// the next <Notifications />) are emptied, and the document (body, head, title, cookies such as
// the signed-in hint, the address) put back as the environment made it.
afterAll(() => {
  queryClient.clear();
  notifications.clean();
  resetDocument();
});
