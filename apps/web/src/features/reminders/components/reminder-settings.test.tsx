import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '@kora/shared';
import { expectShown } from '@/test/expect';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { enter, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { SAVE, SETTINGS, settings } from '../test-fixtures';
import { ReminderSettings } from './reminder-settings';

const open = (routes: Routes = {}, role = 'owner') => {
  signIn({ role });
  const api = mockFetch({ [SETTINGS]: () => ok(settings()), ...routes });
  return { api, ...renderPage(<ReminderSettings />) };
};

const card = (name: string) => screen.getByLabelText(`Reminder ${name}`);

describe('Settings → Reminders', () => {
  it('shows the default reminders, off, and that links need Paystack', async () => {
    open();
    expect(await screen.findByRole('switch', { name: 'Send renewal reminders' })).not.toBeChecked();
    for (const name of ['7 days before', '3 days before', '1 day before', '3 days after'])
      expect(card(name)).toBeInTheDocument();
    await expectShown(/Paystack is not connected: lines with \{\{payment_link\}\} are left out/);
    expect(screen.getByText(/\{\{days_left\}\} \{\{payment_link\}\}/)).toBeInTheDocument();
  });

  it('the owner turns them on, edits a text, removes and adds a reminder, and saves', async () => {
    // As the server: the answer is the saved version, with its new time, and the settings are
    // read again afterwards (the form starts afresh from that version).
    let current = settings();
    const { api, user } = open({
      [SETTINGS]: () => ok(current),
      [SAVE]: (req) => {
        current = settings({ ...(req.body as object), updated_at: '2026-11-25T10:00:00.000Z' });
        return ok(current);
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Send renewal reminders' }));
    await user.click(screen.getByRole('button', { name: 'Remove the reminder 3 days before' }));
    const text = within(card('1 day before')).getByRole('textbox', { name: /^Text/ });
    await user.clear(text);
    await user.click(text);
    await user.paste('See you tomorrow, {{first_name}}!');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const added = card('14 days before');
    const days = within(added).getByRole('textbox', { name: 'Days' });
    await user.clear(days);
    await enter(user, days, '10');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectShown('Reminder settings saved');
    expect(screen.getByRole('switch', { name: 'Send renewal reminders' })).toBeChecked();
    expect(card('10 days before')).toBeInTheDocument();
    const [body] = api.sent(SAVE).map((r) => r.body) as {
      enabled: boolean;
      reminders: { offset_days: number; text: string }[];
    }[];
    expect(body!.enabled).toBe(true);
    expect(body!.reminders.map((r) => r.offset_days)).toEqual([-7, -1, 3, -10]);
    expect(body!.reminders[1]!.text).toBe('See you tomorrow, {{first_name}}!');
  });

  it('checks the days and placeholders before sending, and shows the server’s field errors', async () => {
    const { api, user } = open({
      [SAVE]: () =>
        fail(400, 'Reminder text contains characters that can\u2019t be used', {
          'reminders.0.text': "Reminder text contains characters that can't be used",
        }),
    });
    await screen.findByRole('switch', { name: 'Send renewal reminders' });
    // Two reminders on the same day.
    const days = within(card('3 days before')).getByRole('textbox', { name: 'Days' });
    await user.clear(days);
    await enter(user, days, '7');
    const text = within(card('1 day before')).getByRole('textbox', { name: /^Text/ });
    await user.click(text);
    await user.paste(' {{nickname}}');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectShown(
      REMINDER_MESSAGES.duplicate,
      REMINDER_MESSAGES.unknownPlaceholder(['nickname']),
    );
    expect(api.sent(SAVE)).toHaveLength(0);

    await user.clear(days);
    await enter(user, days, '3');
    await user.clear(text);
    await user.paste('Fine text');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectShown("Reminder text contains characters that can't be used");
    expect(api.sent(SAVE)).toHaveLength(1);
  });

  it('staff see the reminders read-only', async () => {
    open({}, 'staff');
    expect(await screen.findByRole('switch', { name: 'Send renewal reminders' })).toBeDisabled();
    await expectShown('Only the business owner or an admin can change the reminders.');
    expect(screen.queryByRole('button', { name: 'Save reminders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add reminder' })).not.toBeInTheDocument();
    expect(within(card('7 days before')).getByRole('textbox', { name: /Text/ })).toHaveAttribute(
      'readonly',
    );
  });

  it('says so when the settings cannot be loaded', async () => {
    open({ [SETTINGS]: () => fail(500) });
    await waitFor(() =>
      expect(
        screen.getByText('An error occurred while loading the reminder settings.'),
      ).toBeInTheDocument(),
    );
  });
});
