import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_MESSAGES } from '@kora/shared';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { advance, field, renderPage } from '@/test/render';
import { recorded } from '@/test/fixtures';
import { member, plans } from '../test-fixtures';
import { RecordPaymentModal } from './record-payment-modal';

const SEND = 'POST /v1/payment/31/receipt/send';
const PDF = 'GET /v1/payment/31/receipt.pdf';

type User = ReturnType<typeof renderPage>['user'];

/** Records Chiamaka's Monthly payment in cash; the confirmation then shows. */
const recordPayment = async (routes: Routes, opts: { timers?: boolean } = {}) => {
  const api = mockFetch({
    'GET /v1/subscription-type': () => ok(plans),
    'POST /v1/payment': () => ok(recorded(), {}, 201),
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderPage(<RecordPaymentModal opened onClose={onClose} member={member()} />, opts);
  const choose = async (user: User, label: string, option: RegExp | string) => {
    await user.click(field(label));
    await user.click(await screen.findByRole('option', { name: option }));
  };
  await choose(view.user, 'Subscription Plan', /^Monthly/);
  await choose(view.user, 'Payment Method', 'Cash');
  await view.user.click(screen.getByRole('button', { name: 'Record Payment' }));
  await screen.findByText('Payment recorded successfully');
  return { api, onClose, ...view };
};

const sendBy = async (user: User, channel: string) => {
  await user.click(screen.getByRole('button', { name: 'Send receipt' }));
  await user.click(await screen.findByRole('menuitem', { name: channel }));
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('The payment confirmation: the receipt', () => {
  it('shows the receipt number and sends the receipt by SMS, saying where it went', async () => {
    const { api, user } = await recordPayment({
      [SEND]: (req) =>
        ok({ channel: (req.body as { channel: string }).channel, to: '+2348031234567' }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Receipt number: IRON-000031');
    await sendBy(user, 'SMS');
    expect(
      await screen.findByText('Receipt IRON-000031 sent by SMS to 0803 123 4567.'),
    ).toBeInTheDocument();
    expect(api.sent(SEND).map((r) => r.body)).toEqual([{ channel: 'sms' }]);
  });

  it("says why a receipt cannot go by e-mail, in the server's words", async () => {
    const { user } = await recordPayment({ [SEND]: () => fail(422, RECEIPT_MESSAGES.noEmail) });
    await sendBy(user, 'E-mail');
    expect(await screen.findByText(RECEIPT_MESSAGES.noEmail)).toBeInTheDocument();
  });

  it('Print receipt opens the 80 mm PDF in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = () => 'blob:receipt';
    URL.revokeObjectURL = () => {};
    const { api, user } = await recordPayment({
      [PDF]: () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await user.click(await screen.findByRole('menuitem', { name: '80 mm (thermal printer)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:receipt'));
    expect(api.sent(PDF)[0]!.query.get('size')).toBe('80mm');
    expect(window.open).toHaveBeenCalledWith('', '_blank');
  });

  it('once the receipt is being sent, the confirmation stays until Close', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, onClose } = await recordPayment(
      { [SEND]: () => ok({ channel: 'whatsapp', to: '+2348031234567' }) },
      { timers: true },
    );
    await sendBy(user, 'WhatsApp');
    await screen.findByText('Receipt IRON-000031 sent by WhatsApp to 0803 123 4567.');
    await advance(5_000);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
