import { describe, expect, it } from 'vitest';
import { BASE_URL, waitForMessage } from './api';
import { screenshot, useBrowser } from './browser';

/*
 * A visitor on the public site: the landing page's anchors and pricing toggle, the rotating
 * testimonials, the blog (the demo articles the development server publishes on start) and
 * sharing an article, the contact form up to its ticket ID (and the e-mail to sales), a policy
 * page from the footer, the phone menu, the 404 page, and what curl and link previews get.
 */

const browser = useBrowser();

describe('the public site', () => {
  it('answers / as HTML to curl, link previews and uptime checks', async () => {
    const res = await fetch(`${BASE_URL}/`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('Run your gym, not spreadsheets');
    expect(html).toContain('<meta property="og:title"');
  });

  it('sign-in is drawn ahead of time, greyed out until the app takes over', async () => {
    const html = await (await fetch(`${BASE_URL}/login`)).text();
    expect(html).toContain('Welcome back');
    expect(html).toMatch(/<fieldset disabled=""/);

    const { page } = browser;
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email Address' });
    await expect.poll(() => email.isEnabled()).toBe(true);
    await email.fill('ada@example.ng');
    expect(await email.inputValue()).toBe('ada@example.ng');
  });

  it('landing: an anchor scrolls to its section, and the toggle changes every price', async () => {
    const { page } = browser;
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#pricing');
    const pricing = page.locator('#pricing');
    await expect
      .poll(() => pricing.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(200);

    const price = (plan: string) =>
      page.locator('.plan', { has: page.getByRole('heading', { name: plan }) }).locator('.price');
    // Annual is chosen first.
    expect(await page.getByRole('button', { name: 'Annual' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await price('Starter').innerText()).toContain('₦25,000');
    expect(await price('Premium').innerText()).toContain('₦45,000');
    expect(await price('Enterprise').innerText()).toContain('₦85,000');

    await page.getByRole('button', { name: 'Monthly' }).click();
    expect(await page.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await price('Starter').innerText()).toContain('₦30,000');
    expect(await price('Premium').innerText()).toContain('₦55,000');
    expect(await price('Enterprise').innerText()).toContain('₦100,000');
    await screenshot(page, 'site-landing');
  });

  it('landing: the testimonials rotate by themselves', async () => {
    const { page } = browser;
    // The pointer stays where the last test clicked: once the page scrolls to the testimonials
    // it could rest over them, which pauses the rotation (as it should for a reader).
    await page.mouse.move(0, 0);
    await page.goto('/#testimonials');
    const slide = (n: number) => page.getByRole('group', { name: `${n} of 3` });
    await expect.poll(() => slide(1).isVisible()).toBe(true);
    expect(await slide(2).isVisible()).toBe(false);
    // One turn every six seconds.
    await expect.poll(() => slide(2).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await slide(1).isVisible()).toBe(false);
  });

  it('blog: list → article → Share copies the link → Back to Blog', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.goto('/blog');
    await expect.poll(() => page.title()).toContain('Blog');
    // Each card's Read More names its article for screen readers.
    await page
      .getByRole('link', { name: /^Read More\W+Keeping your members after January$/ })
      .click();
    await page.waitForURL('**/blog/keep-members-after-january');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toMatch(/january/i);

    // Chromium on a desktop has no share sheet: the link is copied and the page says so.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: /Share/ }).click();
    await expect.poll(() => page.getByText('Link copied', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${BASE_URL}/blog/keep-members-after-january`,
    );
    await screenshot(page, 'site-article');

    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL('**/blog');
  });

  it('contact: the form shows what is missing, then sends and shows the ticket ID', async () => {
    const { page } = browser;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send request' }).click();
    for (const text of [
      'Business name is required',
      'Please enter a valid email address',
      'Please select your member count',
      'Please select at least one area where you need help',
      'Please tell us how you heard about us',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).isVisible()).toBe(true);
    }

    const email = `sales.${Date.now()}@ikejafit.ng`;
    await page.getByLabel('Business name').fill('Ikeja Fit Hub');
    await page.getByLabel('Business e-mail').fill(email);
    await page.getByLabel('How many members do you have?').selectOption('100-200');
    await page.getByLabel('Automated Payment Processing').check();
    await page.getByLabel('How did you hear about us?').selectOption({ label: 'Instagram' });
    await page.getByLabel('Message (optional)').fill('We have two branches in Ikeja.');
    await page.getByRole('button', { name: 'Send request' }).click();

    const ticket = page.getByText(/^Ticket ID: KS-/);
    await expect.poll(() => ticket.isVisible()).toBe(true);
    const code = (await ticket.innerText()).replace('Ticket ID: ', '').trim();
    await screenshot(page, 'site-contact-sent');

    // The request reached the sales inbox, with its ticket and what the visitor chose.
    await waitForMessage(
      'sales@kora.local',
      new RegExp(`${code}[\\s\\S]*Ikeja Fit Hub[\\s\\S]*Automated Payment Processing`),
    );
  });

  it('a policy page opens from the footer', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Privacy/);
    expect(await page.locator('main').innerText()).toContain('7 July 2025');
    expect(await page.locator('main').innerText()).toContain('Nigeria Data Protection Act 2023');
  });

  it('on a phone the menu opens the navigation', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
    expect(await blog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => blog.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('an unknown path is a 404 page; the sign-in page links back to the site', async () => {
    const { page } = browser;
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Page not found');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Kora home' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Run your gym, not spreadsheets' }).isVisible())
      .toBe(true);
  });
});
