import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '@kora/shared';
import { expectShown, findRow } from '@/test/expect';
import { business, plan } from '@/test/fixtures';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { DayPassSettings } from './day-pass-settings';
import { FreezeSettings } from './freeze-settings';
import { KioskSettings } from './kiosk-settings';

const PROFILE = 'GET /v1/business/profile';
const SAVE = 'PATCH /v1/business/profile';
const PLANS = 'GET /v1/subscription-type';
const KIOSKS = 'GET /v1/settings/kiosks';
const ENTRY = 'GET /v1/settings/kiosk-entry';
const SET_ENTRY = 'PUT /v1/settings/kiosk-entry';

const dayPass = plan({ id: 9, name: 'Day pass', amount: 3000, duration_type: 'day' });
const monthly = plan({ id: 7 });
const weekly = plan({ id: 8, name: 'One week', duration: 7, duration_type: 'day' });

const openDayPass = (routes: Routes = {}, role = 'owner') => {
  signIn({ role });
  const api = mockFetch({
    [PROFILE]: () => ok(business()),
    [PLANS]: () => ok([monthly, weekly, dayPass]),
    ...routes,
  });
  return { api, ...renderPage(<DayPassSettings />) };
};

const select = () => screen.findByRole('textbox', { name: 'Day-pass plan' });

describe('Settings → Front Desk: the day-pass plan', () => {
  it('offers only the plans of 1 day, and saves the one chosen', async () => {
    const { api, user } = openDayPass({
      [SAVE]: (req) => ok(business(req.body as object)),
    });
    expect(await select()).toHaveValue('No day passes');
    await user.click(await select());
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['No day passes', 'Day pass (₦3,000)']);
    await user.click(screen.getByRole('option', { name: 'Day pass (₦3,000)' }));
    await expectShown('Day-pass plan saved');
    expect(api.sent(SAVE).map((r) => r.body)).toEqual([{ day_pass_plan_id: 9 }]);
    expect(await select()).toHaveValue('Day pass (₦3,000)');
  });

  it('clears it with "No day passes"', async () => {
    const { api, user } = openDayPass({
      [PROFILE]: () => ok(business({ day_pass_plan_id: 9 })),
      [SAVE]: (req) => ok(business(req.body as object)),
    });
    expect(await select()).toHaveValue('Day pass (₦3,000)');
    await user.click(await select());
    await user.click(screen.getByRole('option', { name: 'No day passes' }));
    await expectShown('Day-pass plan saved');
    expect(api.sent(SAVE).map((r) => r.body)).toEqual([{ day_pass_plan_id: null }]);
  });

  it("shows the server's refusal and keeps the plan it had", async () => {
    const { user } = openDayPass({
      [SAVE]: () =>
        fail(400, 'The day-pass plan must be a plan of 1 day.', {
          day_pass_plan_id: 'The day-pass plan must be a plan of 1 day.',
        }),
    });
    await user.click(await select());
    await user.click(screen.getByRole('option', { name: 'Day pass (₦3,000)' }));
    await expectShown('The day-pass plan must be a plan of 1 day.');
    expect(await select()).toHaveValue('No day passes');
  });

  it('says how to get one when the gym has no plan of 1 day', async () => {
    const { user } = openDayPass({ [PLANS]: () => ok([monthly, weekly]) });
    await expectShown(
      'To sell day passes, first add an active plan of 1 day (for one person) in Plans.',
    );
    await user.click(await select());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No day passes']);
  });

  it('is read-only for staff, saying why', async () => {
    openDayPass({}, 'staff');
    expect(await select()).toBeDisabled();
    expect(screen.getByText(NOT_ALLOWED)).toBeInTheDocument();
  });
});

const kiosk = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'Front door',
  created_by: 'Bola Ade',
  created_at: '2026-11-27T06:00:00.000Z',
  last_used_at: '2026-11-27T07:42:00.000Z',
  ...overrides,
});

describe('Settings → Front Desk: kiosks', () => {
  it('lists each kiosk with who opened it and when it was last used', async () => {
    signIn({ role: 'admin' });
    mockFetch({
      [ENTRY]: () => ok({ typed_entry: false }),
      [KIOSKS]: () =>
        ok([kiosk(), kiosk({ id: 4, name: 'Kiosk 27 November 2026', last_used_at: null })]),
    });
    renderPage(<KioskSettings />);
    const row = await findRow('Front door');
    expect(within(row).getByText('Bola Ade')).toBeInTheDocument();
    expect(within(await findRow('Kiosk 27 November 2026')).getByText('Never')).toBeInTheDocument();
  });

  it('switches one off after asking, and it leaves the list', async () => {
    signIn({ role: 'owner' });
    let kiosks = [kiosk(), kiosk({ id: 4, name: 'Side door' })];
    const api = mockFetch({
      [ENTRY]: () => ok({ typed_entry: false }),
      [KIOSKS]: () => ok(kiosks),
      'DELETE /v1/settings/kiosks/3': () => {
        kiosks = kiosks.filter((k) => k.id !== 3);
        return ok(null);
      },
    });
    const { user } = renderPage(<KioskSettings />);
    await user.click(await screen.findByRole('button', { name: 'Switch off Front door' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off this kiosk?' });
    expect(
      within(dialog).getByText(/Front door stops working at its next scan/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(screen.queryByText('Front door')).not.toBeInTheDocument());
    expect(screen.getByText('Side door')).toBeInTheDocument();
    expect(api.sent('DELETE /v1/settings/kiosks/3')).toHaveLength(1);
  });

  it('keeps it on when the person changes their mind, and says when none is on', async () => {
    signIn({ role: 'owner' });
    const api = mockFetch({
      [ENTRY]: () => ok({ typed_entry: false }),
      [KIOSKS]: () => ok([kiosk()]),
    });
    const { user } = renderPage(<KioskSettings />);
    await user.click(await screen.findByRole('button', { name: 'Switch off Front door' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it on' }));
    expect(api.sent('DELETE /v1/settings/kiosks/3')).toHaveLength(0);
    mockFetch({ [ENTRY]: () => ok({ typed_entry: false }), [KIOSKS]: () => ok([]) });
    renderPage(<KioskSettings />);
    await expectShown('No kiosk is switched on. Open one from the Check-in page.');
  });

  it('says so when the kiosks cannot be loaded', async () => {
    signIn({ role: 'owner' });
    mockFetch({ [ENTRY]: () => ok({ typed_entry: false }), [KIOSKS]: () => fail(500) });
    renderPage(<KioskSettings />);
    await expectShown('We could not load your kiosks. Please try again.');
  });

  it('tells staff only owners and admins manage kiosks, and asks the server nothing', async () => {
    signIn({ role: 'staff' });
    const api = mockFetch({});
    renderPage(<KioskSettings />);
    await expectShown(
      'Only the business owner or an admin can see and switch off kiosks, and choose what they take.',
    );
    expect(api.sent(KIOSKS)).toHaveLength(0);
    expect(api.sent(ENTRY)).toHaveLength(0);
    expect(screen.queryByRole('switch', { name: /Typed entry with a PIN/ })).toBeNull();
  });
});

describe('Settings → Front Desk: what the kiosk takes', () => {
  const entrySwitch = () => screen.findByRole('switch', { name: /^Typed entry with a PIN/ });

  it('is off by default (cards only), says what it means, and saves as soon as it is switched', async () => {
    signIn({ role: 'admin' });
    let typed = false;
    const api = mockFetch({
      [KIOSKS]: () => ok([]),
      [ENTRY]: () => ok({ typed_entry: typed }),
      [SET_ENTRY]: (req) => {
        typed = (req.body as { typed_entry: boolean }).typed_entry;
        return ok({ typed_entry: typed });
      },
    });
    const { user } = renderPage(<KioskSettings />);
    const toggle = await entrySwitch();
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText(
        /Members may type their phone or member ID with a PIN at the kiosk; off: cards only\./,
      ),
    ).toBeInTheDocument();
    await user.click(toggle);
    await expectShown('Kiosk entry saved.');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.sent(SET_ENTRY).map((r) => r.body)).toEqual([
      { typed_entry: true },
      { typed_entry: false },
    ]);
  });

  it("shows the server's refusal and keeps what the kiosk takes", async () => {
    signIn({ role: 'owner' });
    mockFetch({
      [KIOSKS]: () => ok([]),
      [ENTRY]: () => ok({ typed_entry: false }),
      [SET_ENTRY]: () => fail(403, 'You do not have permission to do this.'),
    });
    const { user } = renderPage(<KioskSettings />);
    await user.click(await entrySwitch());
    await expectShown('You do not have permission to do this.');
    expect(await entrySwitch()).not.toBeChecked();
  });
});

describe('Settings → Front Desk: automatic approval of freeze requests', () => {
  it('is off by default and saves as soon as it is switched on', async () => {
    signIn();
    const api = mockFetch({
      [PROFILE]: () => ok(business()),
      [SAVE]: (req) => ok(business(req.body as object)),
    });
    const { user } = renderPage(<FreezeSettings />);
    const toggle = await screen.findByRole('switch', {
      name: /^Approve members' freeze requests automatically/,
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await expectShown('Freeze requests within the rules are now approved automatically');
    expect(api.sent(SAVE)[0]!.body).toEqual({ freeze_auto_approve: true });
    expect(toggle).toBeChecked();
  });

  it('staff see it read-only, with the reason', async () => {
    signIn({ role: 'staff' });
    mockFetch({ [PROFILE]: () => ok(business({ freeze_auto_approve: true })) });
    renderPage(<FreezeSettings />);
    const toggle = await screen.findByRole('switch', {
      name: /^Approve members' freeze requests automatically/,
    });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(NOT_ALLOWED)).toBeInTheDocument();
  });
});
