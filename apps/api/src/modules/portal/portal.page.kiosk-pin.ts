import { KIOSK_ENTRY_MESSAGES } from '@kora/shared';
import { escapeHtml as h } from '../../lib/html';
import { basePath, errorLine, field, type PageGym } from './portal.page.html';

/*
 * The member's kiosk PIN, on their card page: where the gym lets its kiosk take a typed phone
 * number or member ID, the member sets the PIN that goes with it (4 to 6 digits, typed twice,
 * kept hashed). Where the kiosk takes cards only, nothing is shown.
 */

export const KIOSK_PIN_TEXTS = {
  heading: 'Kiosk PIN',
  lead: (gym: string) =>
    `At ${gym}’s kiosk you may type your phone number or member ID with this PIN instead of showing your card.`,
  hasPin: 'You have a kiosk PIN. A new one replaces it.',
  noPin: 'You have no kiosk PIN yet.',
  pin: 'New PIN (4 to 6 digits)',
  confirm: 'Type the PIN again',
  mismatch: 'The two PINs do not match',
  secret: 'Keep it to yourself: anyone with your phone number and PIN can check in as you.',
  save: 'Save my PIN',
  saved: KIOSK_ENTRY_MESSAGES.pinSet,
  cardsOnly: (gym: string) => `${gym}’s kiosk takes member cards only.`,
} as const;

export interface KioskPinState {
  typed_entry: boolean;
  pin_set: boolean;
}

/** A PIN box: its digits shown as dots, the numeric keypad on a phone. */
const pinField = (name: string, label: string, error?: string) =>
  field({
    name,
    label,
    type: 'password',
    error,
    autocomplete: 'new-password',
    inputmode: 'numeric',
    maxlength: 6,
  });

/** The Kiosk PIN section of the card page; '' where the kiosk takes cards only. */
export const kioskPinSection = (
  gym: PageGym,
  state: KioskPinState,
  errors: { pin?: string; pin_confirm?: string } = {},
): string =>
  state.typed_entry
    ? `<section id="kiosk-pin"><h2>${h(KIOSK_PIN_TEXTS.heading)}</h2>` +
      `<p>${h(KIOSK_PIN_TEXTS.lead(gym.name))}</p>` +
      `<p class="note">${h(state.pin_set ? KIOSK_PIN_TEXTS.hasPin : KIOSK_PIN_TEXTS.noPin)}</p>` +
      `<form method="post" action="${basePath(gym.code)}/card/kiosk-pin" novalidate>` +
      pinField('pin', KIOSK_PIN_TEXTS.pin, errors.pin) +
      pinField('pin_confirm', KIOSK_PIN_TEXTS.confirm, errors.pin_confirm) +
      `<p class="note">${h(KIOSK_PIN_TEXTS.secret)}</p>` +
      `<button type="submit">${h(KIOSK_PIN_TEXTS.save)}</button></form></section>`
    : '';

/** A refusal where the form is not drawn (the kiosk takes cards only). */
export const kioskPinRefusal = (gym: PageGym): string =>
  `<section id="kiosk-pin">${errorLine(KIOSK_PIN_TEXTS.cardsOnly(gym.name))}</section>`;
