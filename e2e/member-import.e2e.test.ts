import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { addDays, formatDay, lagosDay } from '@kora/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createMember, createMonthlyPlan, signUpOwner } from './api';
import { field, screenshot, useBrowser } from './browser';

/*
 * A gym brings its members in from the spreadsheet it kept before Kora: a CSV with a title row
 * above the headers, Yoruba names with their marks, phones in mixed forms, a bad phone, a repeat
 * and a member already added. The owner uploads it, checks the matched columns and the preview,
 * imports it (the real server's background job), downloads the refused rows and finds the
 * imported members Active on their plan. A reload keeps the step.
 */

const stamp = Date.now();
const email = `owner.${stamp}@importgym.ng`;
let accessToken = '';

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Bisi',
      last_name: 'Ogun',
      email,
      phone_number: '08039876001',
      password: 'Kora!Import1',
    },
    {
      business_name: 'Import Gym Yaba',
      address: '2 Herbert Macaulay Way',
      city: 'Yaba',
      state: 'Lagos',
    },
  );
  accessToken = tokens.access_token;
  await createMonthlyPlan(accessToken, 'Gold Monthly', 30000);
  await createMember(accessToken, {
    first_name: 'Already',
    last_name: 'Here',
    mobile_number: '08035550001',
    email_address: `already.${stamp}@example.com`,
    city: 'Yaba',
    state: 'Lagos',
  });
  return tokens;
});
const page = (): Page => browser.page;

const expiry = addDays(lagosDay(), 25);
const dir = mkdtempSync(join(tmpdir(), 'kora-e2e-import-'));
const sheet = join(dir, 'old-members.csv');
writeFileSync(
  sheet,
  [
    'IMPORT GYM MEMBERS 2026,,,,,',
    ',,,,,',
    'First Name,Surname,Tel,E-mail,Plan,Expiry Date',
    `Adébáyọ̀,Ọláníyàn,8031112001,adebayo.${stamp}@example.com,gold monthly,${expiry.split('-').reverse().join('/')}`,
    `Chiamaka,Eze,+234 803 111 2002,chiamaka.${stamp}@example.com,,`,
    `Bad,Phone,12345,bad.${stamp}@example.com,,`,
    `Chiamaka,Again,0803 111 2002,again.${stamp}@example.com,,`,
    `Already,Here,08035550001,already.${stamp}@example.com,,`,
  ].join('\r\n'),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('member import', () => {
  it('uploads a messy sheet; the columns are matched from the headers; a reload keeps the step', async () => {
    await page().goto('/members');
    await page().getByRole('link', { name: 'Import' }).click();
    await page().waitForURL(/\/members\/import$/);
    await page().getByLabel('Members spreadsheet').setInputFiles(sheet);
    await page().getByRole('button', { name: 'Upload' }).click();
    await page().waitForURL(/\/members\/import\?id=\d+$/);
    await page().getByText('Members already added').waitFor();
    await expect.poll(() => field(page(), 'Phone number').inputValue()).toMatch(/^Tel/);
    expect(await field(page(), 'Last name').inputValue()).toMatch(/^Surname/);
    await screenshot(page(), 'import-01-columns');
    await page().reload();
    await page().getByText('Members already added').waitFor();
    expect(await field(page(), 'Email address').inputValue()).toMatch(/^E-mail/);
  });

  it('previews what each row will do, then imports it in the background', async () => {
    await page().getByRole('button', { name: 'Preview' }).click();
    await page().getByText('Enter a valid Nigerian phone number').first().waitFor();
    await page().getByText('Same phone number as row 5').first().waitFor();
    await page()
      .getByText(/Already a member: .* Already Here/)
      .first()
      .waitFor();
    await page().getByText(formatDay(expiry)).first().waitFor();
    await screenshot(page(), 'import-02-preview');
    await page().getByRole('button', { name: 'Import 2 members' }).click();
    await page().getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 30_000 });
    await page().getByText('2 of 5 rows of old-members.csv imported.').waitFor();
    await screenshot(page(), 'import-03-done');
  });

  it('downloads the refused and skipped rows with their reason', async () => {
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('button', { name: 'Download refused and skipped rows (CSV)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('First Name,Surname,Tel,E-mail,Plan,Expiry Date,Row,Reason');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `Bad,Phone,12345,bad.${stamp}@example.com,,,6,Enter a valid Nigerian phone number`,
    );
    expect(lines[2]).toContain('Same phone number as row 5');
  });

  it('the imported members are in the list, Active on their plan', async () => {
    await page().getByRole('link', { name: 'Go to members' }).click();
    await page().waitForURL(/\/members$/);
    const row = page().getByRole('row', { name: /Adébáyọ̀ Ọláníyàn/ });
    await row.waitFor();
    await row.getByText('Gold Monthly').waitFor();
    await row.getByText('Active').waitFor();
    await page()
      .getByRole('row', { name: /Chiamaka Eze/ })
      .waitFor();
    await screenshot(page(), 'import-04-members');
  });
});
