import { z } from 'zod';
import { idParam } from './common';
import { answerOf, contract, doneAnswer } from './contract';

/*
 * What the kiosk takes besides cards. By default a kiosk takes member cards only: a phone
 * number or member ID can be typed by anyone. An owner may let it take them too, each with the
 * member's kiosk PIN (4–6 digits, set by the member on their page or by staff at the desk, kept
 * hashed); a typed entry shows nothing of a member before both match.
 */

export const KIOSK_ENTRY_MESSAGES = {
  pin: 'Enter a PIN of 4 to 6 digits',
  /** The kiosk takes cards only, and something else was typed. */
  cardsOnly: 'Scan your card to check in',
  /** A typed phone or member ID without its PIN. */
  pinNeeded: 'Enter your PIN',
  typedEntry: 'Choose whether the kiosk takes typed entry',
  tooManyTries: 'Too many tries. Please see the front desk.',
  pinSet: 'Kiosk PIN saved.',
  entrySaved: 'Kiosk entry saved.',
} as const;

/** A member's kiosk PIN: 4 to 6 digits. */
export const kioskPin = z
  .string({ error: KIOSK_ENTRY_MESSAGES.pin })
  .trim()
  .max(20, { error: KIOSK_ENTRY_MESSAGES.pin })
  .refine((v) => /^\d{4,6}$/.test(v), { error: KIOSK_ENTRY_MESSAGES.pin });

export const kioskPinSchema = z.object({ pin: kioskPin });
export type KioskPinInput = z.infer<typeof kioskPinSchema>;

export const kioskEntrySchema = z.object({
  /** The kiosk also takes a typed phone number or member ID with the member's PIN. */
  typed_entry: z.boolean({ error: KIOSK_ENTRY_MESSAGES.typedEntry }),
});
export type KioskEntry = z.infer<typeof kioskEntrySchema>;

const TAG = 'Check-in';

export const kioskEntryContracts = {
  get: contract({
    method: 'GET',
    path: '/v1/settings/kiosk-entry',
    operationId: 'getKioskEntry',
    summary: 'Whether the kiosk takes a typed phone or member ID (with the member PIN)',
    tag: TAG,
    access: 'business.manage',
    answer: answerOf(kioskEntrySchema),
  }),
  set: contract({
    method: 'PUT',
    path: '/v1/settings/kiosk-entry',
    operationId: 'setKioskEntry',
    summary: 'Let the kiosk take a typed phone or member ID with the member PIN, or cards only',
    tag: TAG,
    access: 'business.manage',
    body: kioskEntrySchema,
    answer: answerOf(kioskEntrySchema),
  }),
  setMemberPin: contract({
    method: 'PUT',
    path: '/v1/member/:id/kiosk-pin',
    operationId: 'setMemberKioskPin',
    summary: "Set a member's kiosk PIN at the desk (4–6 digits, kept hashed)",
    tag: TAG,
    access: 'check_in.record',
    params: idParam,
    body: kioskPinSchema,
    answer: doneAnswer,
  }),
};
