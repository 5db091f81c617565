import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectShown } from '@/test/expect';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { member } from '../test-fixtures';
import { MemberDetailsPage } from '../pages/member-details-page';

/*
 * Member details → Set kiosk PIN: the desk sets the PIN a member types with their phone or
 * member ID at the kiosk; typed twice, 4 to 6 digits, checked before it is sent.
 */

const PIN = 'PUT /v1/member/5/kiosk-pin';

const open = (routes: Routes = {}, role = 'staff', answer = member()) => {
  signIn({ role });
  const api = mockFetch({ 'GET /v1/member/5': () => ok(answer), ...routes });
  const page = (
    <>
      <Notifications />
      <MemberDetailsPage />
    </>
  );
  return { api, ...renderPage(page, { path: '/members/5', route: '/members/:id' }) };
};

const dialog = () => screen.findByRole('dialog', { name: 'Set kiosk PIN' });
const action = () => screen.findByRole('button', { name: 'Set kiosk PIN' });

describe('Member details: Set kiosk PIN', () => {
  it('staff set it: typed twice, shown as dots, sent once, and the dialog says it is saved', async () => {
    const { api, user } = open({ [PIN]: () => ok(null, { message: 'Kiosk PIN saved.' }) });
    await user.click(await action());
    const box = await dialog();
    expect(
      within(box).getByText(/types their phone number or member ID and this PIN at the kiosk/),
    ).toBeInTheDocument();
    const pin = within(box).getByLabelText(/^PIN \(4 to 6 digits\)/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '48a21');
    expect(pin).toHaveValue('4821');
    await user.type(within(box).getByLabelText(/^Type the PIN again/), '4821');
    await user.click(within(box).getByRole('button', { name: 'Save PIN' }));
    await expectShown('Kiosk PIN saved');
    expect(api.sent(PIN).map((r) => r.body)).toEqual([{ pin: '4821' }]);
    expect(screen.queryByRole('dialog', { name: 'Set kiosk PIN' })).not.toBeInTheDocument();
  });

  it('a PIN too short, or two that differ, is said beside the field and not sent', async () => {
    const { api, user } = open({ [PIN]: () => ok(null) });
    await user.click(await action());
    const box = await dialog();
    const pin = within(box).getByLabelText(/^PIN \(4 to 6 digits\)/);
    const again = within(box).getByLabelText(/^Type the PIN again/);
    await user.type(pin, '12');
    await user.type(again, '12');
    await user.click(within(box).getByRole('button', { name: 'Save PIN' }));
    await expectShown('Enter a PIN of 4 to 6 digits');
    await user.clear(pin);
    await user.type(pin, '123456');
    await user.clear(again);
    await user.type(again, '123455');
    await user.click(within(box).getByRole('button', { name: 'Save PIN' }));
    await expectShown('The two PINs do not match');
    expect(api.sent(PIN)).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const { user } = open({
      [PIN]: () => fail(404, 'Member not found'),
    });
    await user.click(await action());
    const box = await dialog();
    await user.type(within(box).getByLabelText(/^PIN \(4 to 6 digits\)/), '4821');
    await user.type(within(box).getByLabelText(/^Type the PIN again/), '4821');
    await user.click(within(box).getByRole('button', { name: 'Save PIN' }));
    expect(await within(box).findByText('Member not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Set kiosk PIN' })).toBeInTheDocument();
  });

  it('a deactivated member gets none: the action says why and opens nothing', async () => {
    const { user } = open({}, 'owner', member({ is_active: false }));
    const button = await action();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Set kiosk PIN' })).not.toBeInTheDocument();
  });
});
