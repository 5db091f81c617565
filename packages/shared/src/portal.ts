import { z } from 'zod';
import { LIMITS, jsonId } from './common';
import { answerOf, contract, doneAnswer } from './contract';
import { freezeInputSchema, freezeSchema, type FreezeData } from './freezes';
import { createMemberSchema, updateMemberSchema } from './members';
import { planPeriods } from './payments';
import { CONSENT_CHOICES, MARKETING_CONSENTS } from './privacy';
import { DURATION_TYPES } from './dates';
import { textField } from './text';
import { kioskPinSchema } from './kiosk-entry';

/*
 * The member's own page: a member of a gym signs in with a 6-digit code sent to their phone or
 * e-mail, sees their plan and visits, renews through the gym's Paystack, corrects their details,
 * asks for a freeze, chooses whether the gym may send offers, downloads their data or asks to be
 * erased. Every call is under `/v1/portal/{business_code}/…`; the member's calls take a member
 * token (access `member`), never a staff one.
 */

/** A gym's code in a URL: letters and digits, at most 8 (any case: IRON or iron). */
const BUSINESS_CODE_MAX = 8;

export const portalBusinessParams = z.object({
  business_code: z
    .string({ error: 'Gym not found' })
    .trim()
    .max(BUSINESS_CODE_MAX, { error: 'Gym not found' })
    .regex(/^[A-Za-z0-9]+$/, { error: 'Gym not found' })
    .transform((v) => v.toUpperCase()),
});

/** How long a code lasts, and how many tries it takes. */
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_TRIES = 5;
export const SIGN_IN_CODE_LENGTH = 6;
/** How long a member stays signed in on a device. */
export const MEMBER_SESSION_DAYS = 30;

export const PORTAL_MESSAGES = {
  gymNotFound: 'Gym not found',
  identifier: 'Enter your phone number or e-mail address',
  code: 'Enter the 6-digit code we sent you',
  /**
   * A code refused for any reason (wrong, used, expired, tried too often, or for an address of
   * nobody): one answer, so it never tells a member from a stranger.
   */
  codeRefused:
    'That code is not right or has expired. Check the latest message or ask for a new one.',
  notConnected: 'This gym does not take payments online yet.',
  planNotFound: 'This plan is not available online.',
  phone: 'Enter a valid Nigerian phone number',
  phoneSame: 'This is already your phone number.',
  nothingToChange: 'Change at least one detail.',
} as const;

/** "If you are a member of Iron Temple, we sent you a code.": the same whoever asks. */
export const codeSentMessage = (gym: string) =>
  `If you are a member of ${gym}, we sent you a code.`;

/** The text of the code's message (SMS, WhatsApp or e-mail). */
export const signInCodeText = (code: string, gym: string) =>
  `${code} is your ${gym} sign-in code. It expires in ${SIGN_IN_CODE_MINUTES} minutes.`;

/** The text of a code confirming a new phone number. */
export const phoneCodeText = (code: string, gym: string) =>
  `${code} is your ${gym} code to confirm this phone number. It expires in ${SIGN_IN_CODE_MINUTES} minutes.`;

/** A phone number in any Nigerian form, or an e-mail address. */
const identifier = textField({
  label: 'Phone number or e-mail',
  min: 1,
  max: LIMITS.email,
  minMessage: PORTAL_MESSAGES.identifier,
});

const code = z
  .string({ error: PORTAL_MESSAGES.code })
  .trim()
  .max(20, { error: PORTAL_MESSAGES.code })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{6}$/.test(v), { error: PORTAL_MESSAGES.code });

export const signInCodeSchema = z.object({ identifier });
export type SignInCodeInput = z.infer<typeof signInCodeSchema>;

export const signInVerifySchema = z.object({ identifier, code });
export type SignInVerifyInput = z.infer<typeof signInVerifySchema>;

const memberTokenSchema = z.object({
  token: z.string(),
  /** ISO instant. */
  expires_at: z.string(),
  member: z.object({ first_name: z.string(), member_id: z.string() }),
});
export type MemberSignIn = z.infer<typeof memberTokenSchema>;

export const portalMeSchema = z.object({
  business: z.object({
    name: z.string(),
    code: z.string(),
    logo_url: z.string().nullable(),
    paystack_connected: z.boolean(),
  }),
  member: z.object({
    first_name: z.string(),
    last_name: z.string(),
    member_id: z.string(),
    mobile_number: z.string(),
    email_address: z.string().nullable(),
    home_address: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_number: z.string().nullable(),
    emergency_contact_relationship: z.string().nullable(),
    reminders_opt_out: z.boolean(),
    marketing_consent: z.enum(MARKETING_CONSENTS),
    card_code: z.string(),
  }),
  /** The desk's verdict, in the same words: "Active, 23 days left". */
  verdict: z.object({ tone: z.enum(['green', 'amber', 'red']), title: z.string() }),
  current: z
    .object({
      plan_name: z.string(),
      start_date: z.string(),
      /** The last day of the chain (a renewal starting the day after extends it). */
      expiry_date: z.string(),
      /** The payer's name when someone else's group plan covers the member. */
      covered_by: z.string().nullable(),
      /** The names of the members the member's own group plan covers. */
      covers: z.array(z.string()),
    })
    .nullable(),
  freezes: z.array(freezeSchema),
  /** The last 20 visits, newest first. */
  visits: z.array(z.object({ visited_at: z.string() })),
  /** The last 20 payments, newest first. */
  payments: z.array(
    z.object({
      receipt_number: z.string(),
      amount: z.number(),
      paid_on: z.string(),
      plan_name: z.string(),
      method: z.string(),
      receipt_url: z.string().nullable(),
      voided: z.boolean(),
      refunded: z.boolean(),
    }),
  ),
  /** The last 10 renewal reminders sent. */
  reminders: z.array(z.object({ sent_at: z.string(), channel: z.string() })),
  erasure_requested: z.boolean(),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

export const portalPlansSchema = z.object({
  paystack_connected: z.boolean(),
  plans: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Naira, the price of one period. */
      amount: z.number(),
      duration: z.number().int(),
      duration_type: z.enum(DURATION_TYPES),
    }),
  ),
});
export type PortalPlans = z.infer<typeof portalPlansSchema>;

const planId = jsonId(PORTAL_MESSAGES.planNotFound);

export const portalPaySchema = z.object({ subscription_type_id: planId, duration: planPeriods });
export type PortalPayInput = z.infer<typeof portalPaySchema>;

const portalPaymentSchema = z.object({ reference: z.string(), pay_url: z.string() });

const detail = updateMemberSchema.shape;
export const portalDetailsSchema = z
  .object({
    email_address: detail.email_address,
    home_address: detail.home_address,
    emergency_contact_name: detail.emergency_contact_name,
    emergency_contact_number: detail.emergency_contact_number,
    emergency_contact_relationship: detail.emergency_contact_relationship,
    reminders_opt_out: detail.reminders_opt_out,
    marketing_consent: z.enum(CONSENT_CHOICES, { error: 'Choose yes or no' }).optional(),
  })
  // Nothing to change answers 400 (the service says so): the document asks for one field.
  .meta({ minProperties: 1 });
export type PortalDetailsInput = z.infer<typeof portalDetailsSchema>;

const mobileNumber = createMemberSchema.shape.mobile_number;
export const portalPhoneSchema = z.object({ mobile_number: mobileNumber });
export const portalPhoneVerifySchema = z.object({ mobile_number: mobileNumber, code });
export type PortalPhoneInput = z.infer<typeof portalPhoneSchema>;

/** From, to (the last frozen day, included) and why: the back office's freeze form. */
export const portalFreezeRequestSchema = freezeInputSchema;
export type PortalFreezeRequestInput = FreezeData;

const base = '/v1/portal/:business_code';
const tag = 'Member portal';

export const portalContracts = {
  requestSignInCode: contract({
    method: 'POST',
    path: `${base}/sign-in/code`,
    operationId: 'requestPortalSignInCode',
    summary: 'Send a sign-in code to a member (the same answer whoever asks)',
    tag,
    access: 'public',
    params: portalBusinessParams,
    body: signInCodeSchema,
    answer: doneAnswer,
    status: 202,
  }),
  verifySignInCode: contract({
    method: 'POST',
    path: `${base}/sign-in/verify`,
    operationId: 'verifyPortalSignInCode',
    summary: 'Sign a member in with their code',
    tag,
    access: 'public',
    params: portalBusinessParams,
    body: signInVerifySchema,
    answer: answerOf(memberTokenSchema),
  }),
  signOut: contract({
    method: 'POST',
    path: `${base}/sign-out`,
    operationId: 'portalSignOut',
    summary: 'Sign the member out on this device',
    tag,
    access: 'member',
    params: portalBusinessParams,
    answer: z.null(),
    status: 204,
  }),
  me: contract({
    method: 'GET',
    path: `${base}/me`,
    operationId: 'getPortalMe',
    summary: "The member's plan, verdict, visits, payments and details",
    tag,
    access: 'member',
    params: portalBusinessParams,
    answer: answerOf(portalMeSchema),
  }),
  updateMe: contract({
    method: 'PATCH',
    path: `${base}/me`,
    operationId: 'updatePortalMe',
    summary: 'The member corrects their own details',
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: portalDetailsSchema,
    answer: answerOf(portalMeSchema),
  }),
  requestPhoneChange: contract({
    method: 'POST',
    path: `${base}/me/phone`,
    operationId: 'requestPortalPhoneChange',
    summary: 'Send a code to the new phone number',
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: portalPhoneSchema,
    answer: doneAnswer,
    status: 202,
  }),
  confirmPhoneChange: contract({
    method: 'POST',
    path: `${base}/me/phone/verify`,
    operationId: 'confirmPortalPhoneChange',
    summary: 'Change the phone number with the code sent to it',
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: portalPhoneVerifySchema,
    answer: answerOf(portalMeSchema),
  }),
  plans: contract({
    method: 'GET',
    path: `${base}/plans`,
    operationId: 'listPortalPlans',
    summary: 'The plans the member may buy online',
    tag,
    access: 'member',
    params: portalBusinessParams,
    answer: answerOf(portalPlansSchema),
  }),
  pay: contract({
    method: 'POST',
    path: `${base}/pay`,
    operationId: 'startPortalPayment',
    summary: "Start paying for a plan through the gym's Paystack",
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: portalPaySchema,
    answer: answerOf(portalPaymentSchema),
    status: 201,
    idempotent: true,
  }),
  freezeRequest: contract({
    method: 'POST',
    path: `${base}/freeze-request`,
    operationId: 'requestPortalFreeze',
    summary: 'Ask the gym to freeze the membership',
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: portalFreezeRequestSchema,
    answer: answerOf(freezeSchema),
    status: 201,
    idempotent: true,
  }),
  exportData: contract({
    method: 'GET',
    path: `${base}/export`,
    operationId: 'exportPortalData',
    summary: "Download the member's data (ZIP)",
    tag,
    access: 'member',
    params: portalBusinessParams,
    answer: z.string(),
    produces: ['application/zip'],
  }),
  setKioskPin: contract({
    method: 'PUT',
    path: `${base}/me/kiosk-pin`,
    operationId: 'setPortalKioskPin',
    summary: "The member sets the PIN that goes with a typed phone or member ID at the gym's kiosk",
    tag,
    access: 'member',
    params: portalBusinessParams,
    body: kioskPinSchema,
    answer: doneAnswer,
  }),
  requestErasure: contract({
    method: 'POST',
    path: `${base}/erase-request`,
    operationId: 'requestPortalErasure',
    summary: 'Ask the gym to erase the member’s data',
    tag,
    access: 'member',
    params: portalBusinessParams,
    answer: doneAnswer,
    status: 202,
  }),
};
