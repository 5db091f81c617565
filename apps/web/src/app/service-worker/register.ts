/*
 * The service worker (public/sw.js, made by the build): registered once the app has loaded. A
 * new version found while the app is open is downloaded and waits; it is taken at the next start
 * of the app, before anything is on screen to type into, and the app then says "Updated" once.
 */

/** Set just before the page reloads into a new version; read (once) by the "Updated" notice. */
const UPDATED_FLAG = 'kora:updated';
/** A desk left open all day still learns of a new version (downloaded for its next start). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * The service worker is registered this long after the page has loaded: its first install
 * downloads the code of every page, which must not slow down the page being opened (a phone on
 * a slow network is still busy with it for the first seconds).
 */
const REGISTER_AFTER_LOAD_MS = 10_000;
/** If the waiting version does not take over by then, the app starts as it is. */
const TAKEOVER_TIMEOUT_MS = 3000;

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Whether the app was just reloaded into a new version (answers true once). */
export const takeUpdatedFlag = (): boolean => {
  try {
    if (sessionStorage.getItem(UPDATED_FLAG) !== '1') return false;
    sessionStorage.removeItem(UPDATED_FLAG);
    return true;
  } catch {
    return false;
  }
};

/**
 * At the app's start: when a new version downloaded during an earlier visit is waiting, it
 * takes over and the page reloads into it (answers true: the app should not start). Answers
 * false when there is nothing to take, or when the takeover did not happen in time.
 */
export const takeWaitingVersion = async (
  reload: () => void = () => window.location.reload(),
): Promise<boolean> => {
  if (!supported() || !navigator.serviceWorker.controller) return false;
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) return false;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), TAKEOVER_TIMEOUT_MS);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        try {
          sessionStorage.setItem(UPDATED_FLAG, '1');
        } catch {
          /* private mode: no notice, the update still happens */
        }
        reload();
        resolve(true);
      },
      { once: true },
    );
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
};

/**
 * Registers the service worker a little after the page has loaded (at once when one is already
 * installed: it is only checked for a new version), and looks for updates every hour.
 */
export const registerServiceWorker = (): void => {
  if (!supported()) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined); // no service worker: the app works online as before
  };
  const later = () =>
    setTimeout(register, navigator.serviceWorker.controller ? 0 : REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
};
