import { screen, within } from '@testing-library/react';
import { addDays, frozenUntilText, lagosDay } from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { expectShown } from '@/test/expect';
import { freeze, member, plan } from '@/test/fixtures';
import { fail, ok } from '@/test/mock-fetch';
import { mockFetch } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { MemberFreezesCard } from './member-freezes-card';

const LIST = 'GET /v1/member/5/freeze';
const today = lagosDay();

describe('MemberFreezesCard', () => {
  it('shows "Frozen until …" and End freeze, which ends the running freeze', async () => {
    signIn();
    const api = mockFetch({
      [LIST]: () => ok({ freezes: [freeze()] }),
      'POST /v1/member/5/freeze/9/end': () => ok(freeze({ status: 'ended' })),
    });
    const { user } = renderPage(
      <MemberFreezesCard member={member({ frozen_until: addDays(today, 7) })} />,
    );
    await expectShown(frozenUntilText(addDays(today, 7), today));
    expect(await screen.findByText('Travel')).toBeInTheDocument();
    const end = screen.getAllByRole('button', { name: 'End freeze' });
    await user.click(end[0]!);
    await expect.poll(() => api.sent('POST /v1/member/5/freeze/9/end').length).toBe(1);
    expect(api.sent('POST /v1/member/5/freeze/9/end')[0]!.body).toEqual({});
  });

  it('offers Approve and Decline for a request from the member page', async () => {
    signIn({ role: 'staff' });
    const api = mockFetch({
      [LIST]: () =>
        ok({
          freezes: [freeze({ status: 'requested', requested_by: 'member', decided_by: null })],
        }),
      'POST /v1/member/5/freeze/9/approve': () => ok(freeze()),
    });
    const { user } = renderPage(<MemberFreezesCard member={member()} />);
    await expectShown('Waiting for approval', 'Asked by the member');
    expect(screen.queryByText(/Frozen until/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await expect.poll(() => api.sent('POST /v1/member/5/freeze/9/approve').length).toBe(1);
    expect(api.sent('POST /v1/member/5/freeze/9/approve')[0]!.body).toEqual({});
  });

  it("Freeze opens the dialog; the plan's refusal shows its words on the field", async () => {
    signIn();
    const words = 'A freeze on Monthly must be at least 7 days.';
    const api = mockFetch({
      [LIST]: () => ok({ freezes: [] }),
      'POST /v1/member/5/freeze': () => fail(422, words, { end_date: words }),
    });
    const { user } = renderPage(<MemberFreezesCard member={member()} />);
    await expectShown('No freezes yet.');
    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze membership' });
    const to = field('To');
    await user.clear(to);
    await user.type(to, addDays(today, 2));
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await expect.poll(() => api.sent('POST /v1/member/5/freeze').length).toBe(1);
    const sent = api.sent('POST /v1/member/5/freeze')[0]!;
    expect(sent.body).toEqual({ start_date: today, end_date: addDays(today, 2) });
    expect(sent.headers.get('idempotency-key')).toBeTruthy();
    // The words sit under the To field (its description of the error), not in a banner.
    expect(await within(dialog).findByText(words)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the freeze fee', () => {
  it("asks how the member paid the plan's fee and sends it with the freeze", async () => {
    signIn();
    const api = mockFetch({
      [LIST]: () => ok({ freezes: [] }),
      'GET /v1/subscription-type': () => ok([plan({ freeze_allowed: true, freeze_fee: 2500 })]),
      'POST /v1/member/5/freeze': () => ok(freeze({ fee: 2500, fee_method: 'Card' }), {}, 201),
    });
    const { user } = renderPage(<MemberFreezesCard member={member()} />);
    await expectShown('No freezes yet.');
    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze membership' });
    const paidBy = await within(dialog).findByRole('textbox', {
      name: /Freeze fee ₦2,500 paid by/,
    });
    await user.click(paidBy);
    await user.click(await screen.findByRole('option', { name: 'Card (POS)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await expect.poll(() => api.sent('POST /v1/member/5/freeze').length).toBe(1);
    expect(api.sent('POST /v1/member/5/freeze')[0]!.body).toMatchObject({ fee_method: 'Card' });
  });

  it("shows the fee's receipt number on a freeze whose fee was paid", async () => {
    signIn();
    mockFetch({
      [LIST]: () =>
        ok({
          freezes: [freeze({ fee: 2500, fee_method: 'Cash', fee_receipt_number: 'IRON-000123' })],
        }),
    });
    renderPage(<MemberFreezesCard member={member()} />);
    await expectShown('Fee ₦2,500 · Cash · receipt IRON-000123');
  });

  it('approving a request on a plan with a fee asks how it was paid first', async () => {
    signIn({ role: 'staff' });
    const api = mockFetch({
      [LIST]: () =>
        ok({
          freezes: [
            freeze({
              status: 'requested',
              requested_by: 'member',
              decided_by: null,
              fee_due: 1000,
            }),
          ],
        }),
      'POST /v1/member/5/freeze/9/approve': () => ok(freeze({ fee: 1000, fee_method: 'Cash' })),
    });
    const { user } = renderPage(<MemberFreezesCard member={member()} />);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const modal = await screen.findByRole('dialog', { name: 'Approve freeze' });
    expect(within(modal).getByText(/This plan charges ₦1,000 for a freeze/)).toBeInTheDocument();
    const approve = within(modal).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    await user.click(within(modal).getByRole('textbox', { name: 'Fee paid by' }));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(approve);
    await expect.poll(() => api.sent('POST /v1/member/5/freeze/9/approve').length).toBe(1);
    expect(api.sent('POST /v1/member/5/freeze/9/approve')[0]!.body).toEqual({ fee_method: 'Cash' });
  });
});
