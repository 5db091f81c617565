import { formatPhone } from '@kora/shared';
import { escapeHtml as h } from '../../lib/html';
import type { PayInstead } from '../business';

/*
 * The renew page of a gym that takes no payments online: how to pay instead. At the front desk
 * always; by phone when the gym gave one; by transfer to the bank account it entered, with the
 * member ID as the reference.
 */

const PAY_INSTEAD_TEXTS = {
  heading: 'How to pay',
  desk: (gym: string) => `Pay at the front desk of ${gym}: cash, card or transfer.`,
  phone: (gym: string) => `Questions about paying? Call ${gym} on`,
  transfer: 'Or pay by bank transfer to:',
  reference: (memberId: string) =>
    `Use your member ID ${memberId} as the transfer’s reference, and show the front desk your receipt of the transfer.`,
} as const;

/** "tel:+2348031234567": the digits (and a leading +) of the phone as the gym typed it. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The "How to pay" part of the renew page without online payments. */
export const payInsteadSection = (gymName: string, memberId: string, p: PayInstead): string => {
  const bank = p.bank
    ? `<p>${h(PAY_INSTEAD_TEXTS.transfer)}</p>` +
      '<dl>' +
      `<dt>Bank</dt><dd>${h(p.bank.bank_name)}</dd>` +
      `<dt>Account number</dt><dd>${h(p.bank.account_number)}</dd>` +
      `<dt>Account name</dt><dd>${h(p.bank.account_name)}</dd>` +
      '</dl>' +
      `<p class="note">${h(PAY_INSTEAD_TEXTS.reference(memberId))}</p>`
    : '';
  const phone = p.phone
    ? `<p>${h(PAY_INSTEAD_TEXTS.phone(gymName))} <a class="phone" href="${h(telOf(p.phone))}">${h(formatPhone(p.phone))}</a>.</p>`
    : '';
  return (
    `<h2>${h(PAY_INSTEAD_TEXTS.heading)}</h2>` +
    `<p>${h(PAY_INSTEAD_TEXTS.desk(gymName))}</p>` +
    bank +
    phone
  );
};
