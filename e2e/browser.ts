import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = (() => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through e2e/run.mjs');
  return url.replace(/\/$/, '');
})();

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** Debian's chromium with a fresh profile; pages open on the test server's origin. */
export const launchBrowser = async (): Promise<Browser> => {
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
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
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

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string | null;
}

/** Waits for the newest message to `to` whose text matches `pattern`; answers the match. */
export const waitForMessage = async (to: string, pattern: RegExp, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE_URL}/dev/outbox`);
    const { data } = (await res.json()) as { data: OutboxMessage[] };
    for (const message of data) {
      const match = message.to === to ? pattern.exec(message.text ?? '') : null;
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no message to ${to} matching ${pattern} within ${timeoutMs / 1000} s`);
};
