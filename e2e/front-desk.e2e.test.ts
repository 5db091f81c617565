import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createMember, signUpOwner } from './api';
import { field, useBrowser } from './browser';

/*
 * A front desk's day: profiles opened in ten tabs, the dashboard reloaded again and again, a
 * double click on Add Member, and a name typed without its accents. Nothing may answer 429 to a
 * person working normally, and nothing may be saved twice.
 */

const stamp = Date.now();
const email = `desk.${stamp}@ironhouse.ng`;

let accessToken = '';
const memberIds: number[] = [];
/** Every answer the browser got with status 429, by URL. */
const refused: string[] = [];

const watch = (page: Page) =>
  page.on('response', (res: Response) => {
    if (res.status() === 429) refused.push(res.url());
  });

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Funmi',
      last_name: 'Adewale',
      email,
      phone_number: '08031112222',
      password: 'Kora!Desk1',
    },
    {
      business_name: 'Iron House Fitness',
      address: '3 Awolowo Road',
      city: 'Ikoyi',
      state: 'Lagos',
    },
  );
  accessToken = tokens.access_token;
  for (let i = 0; i < 10; i++) {
    const member = await createMember(accessToken, {
      first_name: i === 0 ? 'Adébáyọ̀' : `Member${i}`,
      last_name: i === 0 ? 'Ọláníyàn' : 'Okonkwo',
      mobile_number: `0812000${String(1000 + i)}`,
      email_address: `m${i}.${stamp}@example.com`,
      city: 'Ikoyi',
      state: 'Lagos',
    });
    memberIds.push(member.id);
  }
  return tokens;
});

beforeAll(() => {
  watch(browser.page);
  browser.context.on('page', watch);
});

describe('a day at the front desk', () => {
  it('opens ten member profiles in tabs without a refusal', async () => {
    const tabs = await Promise.all(memberIds.map(() => browser.context.newPage()));
    await Promise.all(tabs.map((tab, i) => tab.goto(`/members/${memberIds[i]}`)));
    // Ten tabs opened at once share the browser's six connections to Kora and download the
    // same hundred files each: on a busy 2-CPU machine the last profile can take well over the
    // usual 15 s, which is slow, not refused. A refusal is reported as such, not as a timeout.
    for (const [i, tab] of tabs.entries()) {
      const name = i === 0 ? 'Adébáyọ̀ Ọláníyàn' : `Member${i} Okonkwo`;
      const shown = await tab
        .getByRole('heading', { name })
        .waitFor({ timeout: 60_000 })
        .then(() => true)
        .catch(() => false);
      expect(refused).toEqual([]);
      expect(shown, `tab ${i + 1} shows ${name}`).toBe(true);
      await expect.poll(() => tab.title()).toContain(name);
    }
    await Promise.all(tabs.map((tab) => tab.close()));
    expect(refused).toEqual([]);
  });

  it('reloads the dashboard twenty times without a refusal', async () => {
    const page = browser.page;
    await page.goto('/dashboard');
    for (let i = 0; i < 20; i++) {
      await page.reload();
      await page.getByText('Here is an overview of your gym.').waitFor();
    }
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    expect(refused).toEqual([]);
  });

  it('finds a name typed without its accents', async () => {
    const page = browser.page;
    await page.goto('/members');
    await page.getByPlaceholder(/search/i).fill('olaniyan');
    await page.getByText('Adébáyọ̀ Ọláníyàn').filter({ visible: true }).first().waitFor();
    await page.getByText('Showing 1 to 1 of 1 member', { exact: true }).waitFor();
  });

  it('saves one member when Add Member is double-clicked', async () => {
    const page = browser.page;
    await page.goto('/members/add');
    await field(page, 'First Name').fill('Double');
    await field(page, 'Last Name').fill('Clicker');
    await field(page, 'Phone Number').fill('0803 555 0101');
    await field(page, 'Email Address').fill(`double.${stamp}@example.com`);
    await field(page, 'City').fill('Ikoyi');
    await field(page, 'State').fill('Lag');
    await page.getByRole('option', { name: 'Lagos' }).click();
    await page.getByRole('button', { name: 'Add Member' }).dblclick();
    await page.waitForURL(/\/members$/);
    await page.getByText('Double Clicker').filter({ visible: true }).first().waitFor();
    const found = await api<{ id: number }[]>(
      'GET',
      '/v1/member?search=double%20clicker',
      undefined,
      accessToken,
    );
    expect(found.data).toHaveLength(1);
    expect(refused).toEqual([]);
  });
});
