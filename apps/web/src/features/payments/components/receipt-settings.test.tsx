import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '@kora/shared';
import { expectShown } from '@/test/expect';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { ReceiptSettings } from './receipt-settings';

const GET = 'GET /v1/business/receipt-settings';
const PUT = 'PUT /v1/business/receipt-settings';

const open = (role: string, routes: Routes = {}) => {
  signIn({ role });
  const api = mockFetch({ [GET]: () => ok({ auto_send: false }), ...routes });
  return { api, ...renderPage(<ReceiptSettings />) };
};

const toggle = () => screen.findByRole('switch', { name: /^Send receipts automatically/ });

describe('Settings → Front Desk: Send receipts automatically', () => {
  it('an owner turns it on and off; each switch is saved at once', async () => {
    const { api, user } = open('owner', {
      [PUT]: (req) => ok(req.body),
    });
    expect(await toggle()).not.toBeChecked();
    await user.click(await toggle());
    await expectShown('Receipts are now sent automatically after each desk payment.');
    expect(await toggle()).toBeChecked();
    await user.click(await toggle());
    await expectShown('Receipts are now sent only when you send them.');
    expect(api.sent(PUT).map((r) => r.body)).toEqual([{ auto_send: true }, { auto_send: false }]);
  });

  it("shows the server's refusal and keeps the setting it had", async () => {
    const { user } = open('admin', { [PUT]: () => fail(500) });
    await user.click(await toggle());
    await expectShown('We could not save the receipt setting. Please try again.');
    expect(await toggle()).not.toBeChecked();
  });

  it('is read-only for staff, saying why', async () => {
    const { api } = open('staff', { [GET]: () => ok({ auto_send: true }) });
    expect(await toggle()).toBeDisabled();
    expect(await toggle()).toBeChecked();
    expect(screen.getByText(NOT_ALLOWED)).toBeInTheDocument();
    expect(api.sent(PUT)).toHaveLength(0);
  });
});
