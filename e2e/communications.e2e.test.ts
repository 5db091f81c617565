import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, createMember, signUpOwner } from './api';
import { field, screenshot, useBrowser } from './browser';

/*
 * The owner writes to the gym's members: a message scheduled for tomorrow stays SCHEDULED; one
 * sent now to All Members by e-mail reaches each of the three members once, with their own first
 * name in place of {{first_name}} (read from the dev outbox), and the message ends SENT.
 */

const stamp = Date.now();
const people = ['Adaeze', 'Babajide', 'Chinonso'];
const emails = people.map((p) => `${p.toLowerCase()}.${stamp}@example.com`);

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Funke',
      last_name: 'Bello',
      email: `owner.${stamp}@commsgym.ng`,
      phone_number: '08031112222',
      password: 'Kora!Comms1',
    },
    {
      business_name: 'Comms Gym Yaba',
      address: '7 Herbert Macaulay',
      city: 'Yaba',
      state: 'Lagos',
    },
  );
  for (const [i, first] of people.entries())
    await createMember(tokens.access_token, {
      first_name: first,
      last_name: 'Okoro',
      mobile_number: `0803555000${i}`,
      email_address: emails[i]!,
      city: 'Yaba',
      state: 'Lagos',
    });
  return tokens;
});

const page = (): Page => browser.page;
const row = (text: string) => page().locator('tbody tr', { hasText: text });

/** Tomorrow at 10:00 in Lagos, as a datetime-local field takes it. */
const tomorrowAtTen = () => {
  const lagos = new Date(Date.now() + 3600_000 + 86_400_000);
  return `${lagos.toISOString().slice(0, 10)}T10:00`;
};

const choose = async (label: string, option: string) => {
  await field(page(), label).click();
  await page().getByRole('option', { name: option }).click();
};

const writeMessage = async (text: string) => {
  const editor = page().locator('.ProseMirror');
  await editor.click();
  await page().keyboard.type(text);
};

interface OutboxMessage {
  to: string;
  subject: string | null;
  text: string | null;
}

const outboxTo = async (to: string) => {
  const { data } = (await (await fetch(`${BASE_URL}/dev/outbox`)).json()) as {
    data: OutboxMessage[];
  };
  return data.filter((m) => m.to === to && m.subject?.startsWith('Message from'));
};

describe('communications', () => {
  it('schedules a message for tomorrow: SCHEDULED in the list', async () => {
    await page().goto('/communications');
    await page().getByText('No communications sent yet').waitFor();
    await page().getByRole('button', { name: 'New Message' }).first().click();
    await page().waitForURL(/\/communications\/create$/);
    await choose('Recipients', 'All Members');
    await choose('Channel', 'Email');
    // A service notice reaches every member of the group, whatever they said about offers.
    await page().getByRole('radio', { name: 'Service notice' }).check();
    await page()
      .getByText(/This message will go to 3 members/)
      .waitFor();
    await page().getByLabel('Schedule this message').check();
    await field(page(), 'Schedule Date & Time').fill(tomorrowAtTen());
    await writeMessage('Happy new month from the gym!');
    await screenshot(page(), 'comms-01-schedule');
    await page().getByRole('button', { name: 'Schedule Message' }).click();
    // Both texts of the success panel, awaited together: the panel returns to the list after a
    // moment, so waiting for one and then the other can miss it on a loaded machine.
    await Promise.all([
      page().getByText('Message sent successfully!').waitFor(),
      page().getByText('Your message has been scheduled.').waitFor(),
    ]);
    await page().waitForURL(/\/communications$/, { timeout: 8_000 });
    await row('Happy new month').getByText('SCHEDULED', { exact: true }).waitFor();
    for (const email of emails) expect(await outboxTo(email)).toEqual([]);
  });

  it('sends one now to All Members by e-mail: three deliveries, names filled, SENT', async () => {
    await page().goto('/communications/create');
    await choose('Recipients', 'All Members');
    await choose('Channel', 'Email');
    // A service notice reaches every member of the group, whatever they said about offers.
    await page().getByRole('radio', { name: 'Service notice' }).check();
    await writeMessage('Hello {{first_name}}, your coach is waiting!');
    await screenshot(page(), 'comms-02-send-now');
    await page().getByRole('button', { name: 'Send Message' }).dblclick();
    await page().getByText('Your message is being delivered to recipients.').waitFor();
    await page().waitForURL(/\/communications$/, { timeout: 8_000 });

    await expect
      .poll(async () => (await Promise.all(emails.map(outboxTo))).map((m) => m.length), {
        timeout: 20_000,
      })
      .toEqual([1, 1, 1]);
    for (const [i, email] of emails.entries()) {
      const [message] = await outboxTo(email);
      expect(message!.subject).toBe('Message from Comms Gym Yaba');
      expect(message!.text).toContain(`Hello ${people[i]}, your coach is waiting!`);
    }
    await expect
      .poll(
        async () => {
          await page().reload();
          await row('your coach is waiting').waitFor();
          return row('your coach is waiting').getByText('SENT', { exact: true }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await screenshot(page(), 'comms-03-list');

    await row('your coach is waiting').click();
    await page().waitForURL(/\/communications\/\d+$/);
    await page().getByText(emails[0]!).waitFor();
    await screenshot(page(), 'comms-04-details');
  });
});
