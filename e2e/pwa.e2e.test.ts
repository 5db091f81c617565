import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpOwner } from './api';
import { useBrowser } from './browser';

/*
 * The desk after the generator goes off: after one online visit, the back office opens with no
 * network (its page, code and styles kept on the device by the service worker), while the
 * public site's pages still come from the server only, and API answers are never kept by the
 * service worker. The owner is made through the API; the rest in the browser, service worker on.
 */

const stamp = Date.now();

const browser = useBrowser(
  () =>
    signUpOwner(
      {
        first_name: 'Ngozi',
        last_name: 'Eze',
        email: `owner.${stamp}@offline.ng`,
        phone_number: '08035556677',
        password: 'Kora!Offline12',
      },
      { business_name: 'Generator Gym', address: '4 Broad Street', city: 'Lagos', state: 'Lagos' },
    ),
  { serviceWorkers: 'allow' },
);

const page = (): Page => browser.page;
const mainNavigation = () => page().getByRole('navigation', { name: 'Main navigation' });

describe('the back office without a network', () => {
  it('after one online visit, the dashboard opens offline; the public site does not', async () => {
    await page().goto('/dashboard');
    await expect.poll(() => mainNavigation().isVisible()).toBe(true);
    // The app is installable: its manifest names it Kora and opens standalone.
    const manifest = await page().evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ name: 'Kora', short_name: 'Kora', display: 'standalone' });
    // The service worker has kept the back office (its install finished: it is active).
    expect(
      await page().evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
    ).toBe(true);

    // Online, the public site's landing page is the server's page, not the app.
    await page().goto('/');
    expect(await page().locator('#root').count()).toBe(0);

    await browser.context.setOffline(true);
    try {
      await page().goto('/dashboard');
      await expect.poll(() => mainNavigation().isVisible()).toBe(true);
      await expect.poll(() => page().title()).toMatch(/Kora/);
      // The API's answers are not kept by the service worker: offline, a call fails.
      const answer = await page().evaluate(() =>
        fetch('/v1/auth/me').then(
          (res) => res.status,
          () => 'no network',
        ),
      );
      expect(answer).toBe('no network');

      // Another back-office page opens too (sign-in's address, with a query).
      await page().goto('/members?page=2');
      await expect.poll(() => mainNavigation().isVisible()).toBe(true);

      // A public site page is not replaced by the app: without a network it does not open.
      const site = await page()
        .goto('/blog')
        .then(
          () => 'opened',
          (error: Error) => error.message,
        );
      expect(site).toMatch(/ERR_INTERNET_DISCONNECTED/);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});
