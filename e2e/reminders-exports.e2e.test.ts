import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createMember, signUpOwner } from './api';
import { screenshot, useBrowser } from './browser';

/*
 * A gym owner turns renewal reminders on and trims them (Settings → Reminders; the choice holds
 * after a reload), then exports the members list as a CSV that Excel reads: a BOM, the columns
 * in words, local phone numbers and Yoruba names with their marks.
 */

const stamp = Date.now();

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Tolu',
      last_name: 'Ade',
      email: `owner.${stamp}@remindgym.ng`,
      phone_number: '08039876002',
      password: 'Kora!Remind1',
    },
    {
      business_name: 'Remind Gym Lekki',
      address: '9 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
    },
  );
  for (const [first, last, phone] of [
    ['Adébáyọ̀', 'Ọláníyàn', '08037770001'],
    ['Ngozi', 'Okafor', '08037770002'],
  ] as const)
    await createMember(tokens.access_token, {
      first_name: first,
      last_name: last,
      mobile_number: phone,
      email_address: `${last
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()}.${stamp}@example.com`,
      city: 'Lekki',
      state: 'Lagos',
    });
  return tokens;
});
const page = (): Page => browser.page;

describe('renewal reminders', () => {
  it('are turned on and trimmed in Settings; the choice holds after a reload', async () => {
    await page().goto('/settings?tab=reminders');
    const toggle = page().getByLabel('Send renewal reminders');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check({ force: true });
    await page().getByRole('button', { name: 'Remove the reminder 3 days after' }).click();
    await page().getByRole('button', { name: 'Save reminders' }).click();
    await page().getByText('Reminder settings saved').waitFor();
    await screenshot(page(), 'reminders-01-saved');

    await page().reload();
    await page().getByLabel('Send renewal reminders').waitFor();
    expect(await page().getByLabel('Send renewal reminders').isChecked()).toBe(true);
    await page().getByLabel('Text (7 days before)').waitFor();
    expect(await page().getByLabel('Text (3 days after)').count()).toBe(0);
  });
});

describe('exports', () => {
  it('downloads the members as a CSV Excel reads, in words', async () => {
    await page().goto('/members');
    await page().getByText('Ngozi Okafor').first().waitFor();
    await page().getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Member ID,First name,Middle name,Last name,Phone,E-mail,City,State/);
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Adébáyọ̀'))).toMatch(/,Adébáyọ̀,,Ọláníyàn,08037770001,/);
    expect(lines.find((l) => l.includes('Ngozi'))).toContain(',No Subscription,');
  });
});
