import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '@/test/fixtures';
import { fail, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { MemberCardCard } from './member-card-card';

const CARD = 'GET /v1/member/5/card';
const REPLACE = 'POST /v1/member/5/card/replace';
const SEND = 'POST /v1/member/5/card/send';
const OLD = {
  card_code: 'aaaaaaaaaaaaaaaaaaaaaaaaaa',
  card_url: 'https://kora.ng/card/aaaaaaaaaaaaaaaaaaaaaaaaaa',
};
const NEW = {
  card_code: 'bbbbbbbbbbbbbbbbbbbbbbbbbb',
  card_url: 'https://kora.ng/card/bbbbbbbbbbbbbbbbbbbbbbbbbb',
};

const openCard = (routes: Record<string, Handler> = {}, role = 'owner') => {
  signIn({ role });
  const api = mockFetch({ [CARD]: () => ok(OLD), ...routes });
  const view = renderPage(
    <MemberCardCard member={member()} gymName="Iron Gym" gymLogoUrl="/uploads/logo.png" />,
  );
  return { api, ...view };
};

const qrImage = () => screen.findByRole('img', { name: "QR code of Chiamaka Okafor's card" });

describe('MemberCardCard', () => {
  it("shows the member's QR and prints a card-sized card with the gym, name, ID and QR", async () => {
    const { user } = openCard();
    const qr = await qrImage();
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await user.click(screen.getByRole('button', { name: 'Print card' }));
    const card = await screen.findByTestId('printable-card');
    expect(within(card).getByText('Iron Gym')).toBeInTheDocument();
    expect(within(card).getByText('Chiamaka Okafor')).toBeInTheDocument();
    expect(within(card).getByText('IRG-00005')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: "QR code of Chiamaka Okafor's card" }),
    ).toBeInTheDocument();
  });

  it('replaces the card only after the warning, with a new QR from the answer', async () => {
    const { api, user } = openCard({
      [REPLACE]: () => ok(NEW, { message: 'New card issued.' }, 201),
    });
    const before = (await qrImage()).getAttribute('src');
    await user.click(screen.getByRole('button', { name: 'Replace card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace this card?' });
    expect(within(dialog).getByText('The old card will stop working.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(REPLACE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Replace card' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace this card?' })).getByRole(
        'button',
        { name: 'Replace card' },
      ),
    );
    expect(
      await screen.findByText('New card issued. The old card no longer works.'),
    ).toBeInTheDocument();
    expect(api.sent(REPLACE)).toHaveLength(1);
    expect(api.keysSent(REPLACE)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect((await qrImage()).getAttribute('src')).not.toBe(before));
  });

  it('sends the card by the chosen channel', async () => {
    const { api, user } = openCard({ [SEND]: () => ok(null, { message: 'Card sent' }) });
    await qrImage();
    await user.click(screen.getByRole('button', { name: 'Send card' }));
    await user.click(await screen.findByRole('menuitem', { name: 'By SMS' }));
    expect(await screen.findByText('Card sent')).toBeInTheDocument();
    expect(api.sent(SEND).map((r) => r.body)).toEqual([{ channel: 'sms' }]);
  });

  it('offers e-mail only to a member with an address', async () => {
    signIn();
    mockFetch({ [CARD]: () => ok(OLD) });
    const { user } = renderPage(
      <MemberCardCard
        member={member({ email_address: null })}
        gymName="Iron Gym"
        gymLogoUrl={null}
      />,
    );
    await qrImage();
    await user.click(screen.getByRole('button', { name: 'Send card' }));
    await screen.findByRole('menuitem', { name: 'By WhatsApp' });
    expect(screen.queryByRole('menuitem', { name: 'By E-mail' })).not.toBeInTheDocument();
  });

  it("shows a send refused in the server's words", async () => {
    const { user } = openCard({ [SEND]: () => fail(400, 'Chiamaka has no e-mail address.') });
    await qrImage();
    await user.click(screen.getByRole('button', { name: 'Send card' }));
    await user.click(await screen.findByRole('menuitem', { name: 'By E-mail' }));
    expect(await screen.findByText('Chiamaka has no e-mail address.')).toBeInTheDocument();
  });

  it('an erased member has no card: no QR, no Print, Send or Replace, nothing asked of the server', async () => {
    signIn({ role: 'owner' });
    const api = mockFetch({ [CARD]: () => ok(OLD), [REPLACE]: () => ok(NEW, {}, 201) });
    renderPage(
      <MemberCardCard
        member={member({
          first_name: 'Erased',
          middle_name: null,
          last_name: 'member IRG-00005',
          mobile_number: '',
          email_address: null,
          is_active: false,
        })}
        gymName="Iron Gym"
        gymLogoUrl={null}
      />,
    );
    expect(
      await screen.findByText('This member has no card: their personal data was erased.'),
    ).toBeInTheDocument();
    for (const name of ['Print card', 'Send card', 'Replace card'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.sent(CARD)).toHaveLength(0);
    expect(api.sent(REPLACE)).toHaveLength(0);
  });

  it('another business’s member or a missing one says the card could not be loaded', async () => {
    openCard({ [CARD]: () => fail(404, 'Member not found') });
    expect(await screen.findByText("The member's card could not be loaded.")).toBeInTheDocument();
  });
});
