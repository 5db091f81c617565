import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TokenPair } from '@kora/shared';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { BASE_URL } from './api';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export interface BrowserOptions {
  /**
   * The app's service worker (offline back office): blocked unless a file tests it. A file
   * tests the app as the server answers it, and a worker would download every page's code in
   * the background of each fresh profile and answer the back office's pages from the device.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * Debian's chromium with a fresh profile; pages open on the test server's origin. Given a
 * session (from signUpOwner), the web app starts signed in with it.
 */
export const launchBrowser = async (
  session?: TokenPair,
  { serviceWorkers = 'block' }: BrowserOptions = {},
): Promise<Browser> => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kora-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    baseURL: BASE_URL,
    viewport: DESKTOP,
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
    serviceWorkers,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  if (session) {
    await page.goto('/');
    await page.evaluate(({ access_token, refresh_token }) => {
      localStorage.setItem('token', access_token);
      localStorage.setItem('refreshToken', refresh_token);
    }, session);
  }
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
};

/**
 * The file's browser, launched before its tests and closed after them. `signIn` (run first)
 * makes what the file needs through the API and answers the session the browser starts with.
 * Read the browser inside hooks and tests, never while the file is being collected.
 */
export const useBrowser = (
  signIn?: () => Promise<TokenPair>,
  options?: BrowserOptions,
): Browser => {
  const browser = {} as Browser;
  beforeAll(async () => {
    Object.assign(browser, await launchBrowser(await signIn?.(), options));
  });
  afterAll(async () => {
    await browser.close?.();
  });
  return browser;
};

/**
 * Another person's browser in the file, launched by a test (`launch`, with their session) and
 * closed after the file's tests; `page()` is its page once launched.
 */
export const useLaterBrowser = () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });
  return {
    launch: async (session?: TokenPair) => {
      browser = await launchBrowser(session);
    },
    page: (): Page => browser!.page,
  };
};

/** Saves e2e/screenshots/<name>-1280.png and <name>-375.png (full page), then back to desktop. */
export const screenshot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250); // let the layout settle at the new width
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
};

/** The input labelled `label` (a required field's label ends with an asterisk). */
export const field = (page: Page, label: string) =>
  page
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`))
    .and(page.locator('input, textarea'));

/**
 * The Record Payment dialog, opened by `open` (on a member's page, Update Subscription) and
 * waited for; `input(label)` is its input labelled `label`.
 */
export const paymentDialog = async (page: Page, open: Locator) => {
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.waitFor();
  return { dialog, input: (label: string) => dialog.getByLabel(label).and(page.locator('input')) };
};

/** Opens the select `select` and picks its option named `option`. */
export const choose = async (page: Page, select: Locator, option: string | RegExp) => {
  await select.click();
  await page.getByRole('option', { name: option }).click();
};

/**
 * What scrolls sideways on the page as it is now: the page itself (wider than the window) and
 * each table wider than its box, with its columns' widths; [] when everything fits.
 */
export const sidewaysScrolls = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`page ${root.scrollWidth}px`);
    for (const table of document.querySelectorAll('table')) {
      let box: HTMLElement | null = table.parentElement;
      while (box && box.scrollWidth <= box.clientWidth + 1 && box !== document.body)
        box = box.parentElement;
      if (box && box !== document.body && getComputedStyle(box).overflowX !== 'visible')
        found.push(
          `table ${box.scrollWidth}px in ${box.clientWidth}px: ` +
            [...table.querySelectorAll('th')]
              .map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`)
              .join(', '),
        );
    }
    return found;
  });

/**
 * The placeholders of the empty text boxes on the page that do not fit their box (measured in
 * the box's own font), as "placeholder (text px in box px)"; [] when each can be read whole.
 */
export const cutPlaceholders = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.value || input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = Math.ceil(context.measureText(input.placeholder).width);
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (text > room) cut.push(`${input.placeholder} (${text}px in ${Math.floor(room)}px)`);
    }
    return cut;
  });
