import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business, plan } from '@/test/fixtures';
import { mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { DayPassModal } from './day-pass-modal';

const PROFILE = 'GET /v1/business/profile';
const PLANS = 'GET /v1/subscription-type';

const dayPass = plan({ id: 9, name: 'Day pass', amount: 3000, duration_type: 'day' });
const monthly = plan({ id: 7 });

/** The Sell day pass dialog, opened as `role` before anything is typed. */
const openDialog = async (routes: Routes, role = 'owner') => {
  signIn({ role });
  const api = mockFetch({ 'GET /v1/check-in': () => pageOf([]), ...routes });
  const view = renderPage(
    <DayPassModal opened prefill={{}} paystackConnected={false} onClose={() => undefined} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Sell day pass' });
  return { api, dialog, ...view };
};

const sellButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Sell day pass' });

describe('the Sell day pass dialog', () => {
  it('shows what the walk-in pays before anything is typed', async () => {
    const { dialog } = await openDialog({
      [PROFILE]: () => ok(business({ day_pass_plan_id: 9 })),
      [PLANS]: () => ok([monthly, dayPass]),
    });
    expect(await within(dialog).findByText(/Price:/)).toHaveTextContent(
      'Price: ₦3,000 (Day pass, 1 day)',
    );
    expect(sellButton(dialog)).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says when no day-pass plan is chosen, with the way to Settings for the owner', async () => {
    const { dialog } = await openDialog({
      [PROFILE]: () => ok(business({ day_pass_plan_id: null })),
      [PLANS]: () => ok([monthly, dayPass]),
    });
    const note = await within(dialog).findByRole('alert');
    expect(note).toHaveTextContent('Choose your day-pass plan in Settings first.');
    expect(
      within(note).getByRole('link', { name: 'Open Settings to choose the day-pass plan' }),
    ).toHaveAttribute('href', '/settings?tab=desk');
    expect(sellButton(dialog)).toBeDisabled();
    expect(within(dialog).queryByText(/Price:/)).toBeNull();
  });

  it('says when there is no plan of 1 day at all, with the way to Plans for an admin', async () => {
    const { dialog } = await openDialog(
      {
        [PROFILE]: () => ok(business({ day_pass_plan_id: null })),
        [PLANS]: () => ok([monthly]),
      },
      'admin',
    );
    const note = await within(dialog).findByRole('alert');
    expect(note).toHaveTextContent('No day-pass plan yet');
    expect(note).toHaveTextContent(
      'To sell day passes, add an active plan of 1 day (for one person) in Plans, then choose it in Settings.',
    );
    expect(
      within(note).getByRole('link', { name: 'Open Plans to add a plan of 1 day' }),
    ).toHaveAttribute('href', '/subscription-plans');
    expect(sellButton(dialog)).toBeDisabled();
  });

  it('tells staff whom to ask, with no link they cannot use', async () => {
    const { dialog } = await openDialog(
      {
        // The chosen plan was deactivated since: it sells no more.
        [PROFILE]: () => ok(business({ day_pass_plan_id: 9 })),
        [PLANS]: () => ok([monthly]),
      },
      'staff',
    );
    const note = await within(dialog).findByRole('alert');
    expect(note).toHaveTextContent('No day-pass plan yet');
    expect(note).toHaveTextContent('Ask the owner or an admin to add one.');
    expect(within(note).queryByRole('link')).toBeNull();
  });

  it('says nothing of the plan while it cannot be read: the sale still goes to the server', async () => {
    const { dialog } = await openDialog({ [PLANS]: () => ok([monthly, dayPass]) });
    expect(await within(dialog).findByLabelText(/First name/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/Price:/)).toBeNull();
    expect(sellButton(dialog)).toBeEnabled();
  });
});
