import { z } from 'zod';
import { idParam, pageQuery } from './common';
import { answerOf, contract, pageOf } from './contract';

/*
 * Privacy (Nigeria Data Protection Act 2023): whether a member agreed to offers and news
 * (marketing consent, with its history), the member's data as a ZIP file, and erasure. A member
 * may see, download and correct their data, object to marketing at any time, and ask to be erased.
 */

/**
 * A member's answer to "May {gym} send you offers and news?": `yes`, `no`, or `not_asked`
 * (members added before Kora asked, imported members, and older clients that do not send it).
 */
export const MARKETING_CONSENTS = ['yes', 'no', 'not_asked'] as const;
export type MarketingConsent = (typeof MARKETING_CONSENTS)[number];

/** A choice a member gives or withdraws: only yes or no (nobody chooses "not asked"). */
export const CONSENT_CHOICES = ['yes', 'no'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Who recorded a choice: the gym's staff, the member on their page, or an import. */
export const CONSENT_SOURCES = ['staff', 'member', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const PRIVACY_MESSAGES = {
  consentInvalid: 'Marketing consent must be yes, no or not_asked',
  /** The Add Member form's question. */
  consentQuestion: (gym: string) => `May ${gym.trim() || 'the gym'} send you offers and news?`,
  /** The erase call's confirmation did not name the member. */
  confirmErase: (memberId: string) => `Type the member ID ${memberId} to confirm`,
  alreadyErased: 'This member was already erased.',
  erasureRequested: 'Your request was sent to the gym.',
  /** An erased member's card: erasure removed it, and no new one is issued. */
  noCard: 'This member has no card: their personal data was erased.',
} as const;

/** The consent a create or update may send: yes, no or not_asked. */
export const marketingConsentField = z.enum(MARKETING_CONSENTS, {
  error: PRIVACY_MESSAGES.consentInvalid,
});

/** A choice given or withdrawn (an edit of the member): yes or no. */
export const consentChoiceField = z.enum(CONSENT_CHOICES, {
  error: 'Marketing consent must be yes or no',
});

/** The name an erased member keeps (first name + last name): "Erased member IRON-00042". */
export const ERASED_FIRST_NAME = 'Erased';
export const erasedLastName = (memberId: string) => `member ${memberId}`;

/** Whether a member (as the API answers one) was erased: their names say so. */
export const isErasedMember = (m: { first_name: string; last_name: string; member_id: string }) =>
  m.first_name === ERASED_FIRST_NAME && m.last_name === erasedLastName(m.member_id);

/** One time a choice was given or withdrawn: who, when and how. */
export const consentSchema = z.object({
  id: z.number().int(),
  choice: z.enum(CONSENT_CHOICES),
  source: z.enum(CONSENT_SOURCES),
  /** The team user who recorded it (staff); null for the member or an import. */
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** `POST /v1/member/:id/erase`: the member ID typed again, e.g. IRON-00042. */
export const eraseMemberSchema = z.object({
  confirm: z.string({ error: 'Type the member ID to confirm' }).trim().max(40, {
    error: 'Type the member ID to confirm',
  }),
});
export type EraseMemberInput = z.infer<typeof eraseMemberSchema>;

export const ERASURE_STATUSES = ['pending', 'done', 'declined'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** A member's request to be erased, as the dashboard's card lists it. */
export const erasureRequestSchema = z.object({
  id: z.number().int(),
  /** The member's record id (member details' address). */
  member: z.number().int(),
  member_id: z.string(),
  member_name: z.string(),
  status: z.enum(ERASURE_STATUSES),
  created_at: z.string(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** What an erasure answers: the member as they now read. */
const erasedMemberSchema = z.object({
  id: z.number().int(),
  member_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
});

const zipFile = z.string().meta({ format: 'binary' });

/**
 * The privacy calls. Staff read a member's consent history; only owners and admins download a
 * member's data, erase a member, and read the erasure requests. Another business's member
 * answers 404.
 */
export const privacyContracts = {
  consentHistory: contract({
    method: 'GET',
    path: '/v1/member/:id/consent',
    operationId: 'getMemberConsentHistory',
    summary: 'Each time the member gave or withdrew consent to offers, newest first',
    tag: 'members',
    access: 'members.read',
    params: idParam,
    answer: answerOf(z.array(consentSchema)),
  }),
  export: contract({
    method: 'GET',
    path: '/v1/member/:id/export',
    operationId: 'exportMemberData',
    summary: 'Everything Kora holds about one member, as a ZIP file',
    description:
      'member.json (profile), consents, subscriptions, payments, visits, freezes and messages ' +
      'as CSV files, and a README.txt saying what each holds.',
    tag: 'members',
    access: 'privacy.manage',
    params: idParam,
    answer: zipFile,
    produces: ['application/zip'],
  }),
  erase: contract({
    method: 'POST',
    path: '/v1/member/:id/erase',
    operationId: 'eraseMember',
    summary: "Erase a member's personal data; payments and subscriptions stay",
    description:
      '`confirm` must be the member ID (422 otherwise). Names become "Erased member {ID}"; phone, ' +
      'e-mail, address, date of birth, emergency contact, picture and card are removed wherever ' +
      'Kora holds them, and the account is deactivated.',
    tag: 'members',
    access: 'privacy.manage',
    params: idParam,
    body: eraseMemberSchema,
    answer: answerOf(erasedMemberSchema),
  }),
  erasureRequests: contract({
    method: 'GET',
    path: '/v1/erasure-request',
    operationId: 'listErasureRequests',
    summary: 'Members who asked to be erased and wait for an answer, newest first',
    tag: 'members',
    access: 'privacy.manage',
    query: pageQuery(100),
    answer: pageOf(erasureRequestSchema),
  }),
};
