import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { ReminderStat } from './reminder-stat';

const SUMMARY = 'GET /v1/reminders/summary';

describe('ReminderStat', () => {
  it("shows this month's reminders and the renewals within 7 days", async () => {
    signIn();
    mockFetch({
      [SUMMARY]: () => ok({ sent_this_month: 42, members_reminded: 30, renewed_within_7_days: 12 }),
    });
    renderPage(<ReminderStat />);
    const stat = await screen.findByRole('group', { name: 'Renewal reminders' });
    expect(stat).toHaveTextContent(
      '42 renewal reminders sent this month to 30 members: 12 renewed within 7 days.',
    );
  });

  it('shows nothing before the first reminder', async () => {
    signIn();
    const api = mockFetch({
      [SUMMARY]: () => ok({ sent_this_month: 0, members_reminded: 0, renewed_within_7_days: 0 }),
    });
    renderPage(<ReminderStat />);
    await vi.waitFor(() => expect(api.sent(SUMMARY)).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Renewal reminders' })).not.toBeInTheDocument();
  });
});
