/** How long after the page has loaded background downloads wait before asking for idle time. */
const AFTER_FIRST_PAGE_MS = 2_500;

/**
 * Resolves once the first page has loaded, a moment has passed and the browser is idle: when
 * work that the first page does not need (a stylesheet, the offline desk's engine) may download
 * without slowing it. At once where the browser has no idle callbacks, and at once when `early`
 * resolves first (the device going offline, say).
 */
export const afterFirstPage = (early?: (go: () => void) => void): Promise<void> => {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise<void>((resolve) => {
    early?.(resolve);
    const idle = () =>
      setTimeout(
        () => requestIdleCallback(() => resolve(), { timeout: 2_000 }),
        AFTER_FIRST_PAGE_MS,
      );
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
};
