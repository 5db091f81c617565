import { z } from 'zod';
import {
  DOCUMENTED,
  LIMITS,
  choiceFilter,
  idParam,
  jsonId,
  optionalEmail,
  pageQuery,
} from './common';
import { answerOf, contract, pageOf } from './contract';
import { isCalendarDay, lagosDay } from './dates';
import { planSchema } from './plans';
import { MARKETING_CONSENTS, consentChoiceField, marketingConsentField } from './privacy';
import {
  MEMBER_ACCOUNT_STATUSES,
  MEMBER_KINDS,
  MEMBER_SEARCH_MAX,
  MEMBER_VISITED_FILTERS,
} from './member-list';
import { optionalTextField, searchText, textField } from './text';

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const MEMBER_ADDRESS_MAX = 300;

/**
 * A member's subscription status: 0 = never subscribed, 1 = active (a subscription runs today),
 * 2 = expired (subscribed before, none runs today).
 */
export const SUBSCRIPTION_STATUS_LABELS = {
  0: 'No Subscription',
  1: 'Active',
  2: 'Expired',
} as const;
export type SubscriptionStatus = keyof typeof SUBSCRIPTION_STATUS_LABELS;

const text = (required: string, label: string, max: number = LIMITS.name) =>
  textField({ label, min: 2, max, minMessage: required });

/** Optional text: empty or blank becomes null; null clears the field on update. */
const optionalText = (label: string, max: number = LIMITS.name, multiLine = false) =>
  optionalTextField({ label, max, multiLine });

/**
 * The phone length rule of the form. The API also checks that it is a real Nigerian
 * number ("Enter a valid Nigerian phone number") and stores it as E.164.
 */
const memberPhone = textField({ label: 'Phone number', min: 11, max: LIMITS.phone });

export const INVALID_NG_PHONE = 'Enter a valid Nigerian phone number';

const dateOfBirth = z
  .string({ error: 'Date of birth must be a date (YYYY-MM-DD)' })
  .trim()
  .max(10, { error: 'Date of birth must be a date (YYYY-MM-DD)' })
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isCalendarDay(v), {
    error: 'Date of birth must be a date (YYYY-MM-DD)',
  })
  .refine((v) => v === null || v >= '1900-01-01', {
    error: 'Date of birth must be after 1900',
  })
  .refine((v) => v === null || v <= lagosDay(), {
    error: 'Date of birth cannot be in the future',
  })
  .meta(DOCUMENTED.dayOrBlank)
  .nullable()
  .optional();

const gender = z
  .enum(GENDERS, { error: 'Gender must be Male, Female or Other' })
  .nullable()
  .optional();

const countryCode = z
  .string({ error: 'Country code must be two letters' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Country code must be two letters' });

const planId = jsonId('Subscription plan not found.').nullable().optional();

const memberFields = {
  first_name: text('First name must be at least 2 characters', 'First name'),
  middle_name: optionalText('Middle name'),
  last_name: text('Last name must be at least 2 characters', 'Last name'),
  mobile_number: memberPhone,
  /** Optional: many members have only a phone. Empty or null is no e-mail. */
  email_address: optionalEmail(),
  home_address: optionalText('Home address', MEMBER_ADDRESS_MAX, true),
  city: text('City is required', 'City'),
  state: text('State is required', 'State'),
  country_code: countryCode.default('NG'),
  date_of_birth: dateOfBirth,
  gender,
  emergency_contact_name: optionalText('Emergency contact name', 200),
  emergency_contact_number: optionalText('Emergency contact number', LIMITS.phone),
  emergency_contact_relationship: optionalText('Emergency contact relationship'),
  subscription_type_id: planId,
  /**
   * The answer to "May {gym} send you offers and news?": the form sends yes or no; absent is
   * `not_asked` (imports and older clients).
   */
  marketing_consent: marketingConsentField.optional(),
};

export const createMemberSchema = z.object(memberFields);
export type CreateMemberInput = z.infer<typeof createMemberSchema>;

/** Only the given fields change; null clears an optional field; is_active deactivates/reactivates. */
export const updateMemberSchema = z.object({
  first_name: memberFields.first_name.optional(),
  middle_name: memberFields.middle_name,
  last_name: memberFields.last_name.optional(),
  mobile_number: memberFields.mobile_number.optional(),
  /** null or empty clears the e-mail. */
  email_address: memberFields.email_address,
  home_address: memberFields.home_address,
  city: memberFields.city.optional(),
  state: memberFields.state.optional(),
  country_code: countryCode.optional(),
  date_of_birth: memberFields.date_of_birth,
  gender: memberFields.gender,
  emergency_contact_name: memberFields.emergency_contact_name,
  emergency_contact_number: memberFields.emergency_contact_number,
  emergency_contact_relationship: memberFields.emergency_contact_relationship,
  subscription_type_id: memberFields.subscription_type_id,
  is_active: z.boolean({ error: 'Active status must be true or false' }).optional(),
  /** true: the member gets no renewal reminders. */
  reminders_opt_out: z.boolean({ error: 'Reminder opt-out must be true or false' }).optional(),
  /** yes or no: a change is kept in the consent history (who, when). */
  marketing_consent: consentChoiceField.optional(),
});
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

/**
 * Text as member search compares it: lower case, single spaces, without accents or tone marks
 * ("Ọláníyàn" → "olaniyan"), so a name is found whether it is typed with diacritics or without. The database
 * keeps each member's searchable text folded the same way.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The member list's filters (its export takes the same). */
export const memberFilters = {
  search: searchText('Search', MEMBER_SEARCH_MAX).optional(),
  account_status: choiceFilter(
    MEMBER_ACCOUNT_STATUSES,
    'Account status must be active, inactive or all',
  ),
  /** Absent or '': `member`. */
  kind: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(MEMBER_KINDS, { error: 'Kind must be member, walk_in or all' }).optional(),
    )
    .meta(DOCUMENTED.choices(MEMBER_KINDS, false)),
  visited: choiceFilter(MEMBER_VISITED_FILTERS, 'Visited must be last_7, last_30, not_14 or all'),
  /** true: only the members an approved freeze covers today; false or absent: everyone. */
  frozen: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z
        .enum(['true', 'false', '1', '0'], { error: 'Frozen must be true or false' })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    )
    .meta(DOCUMENTED.choices(['true', 'false', '1', '0'])),
};

export const memberListQuery = pageQuery(LIMITS.maxPageSize).extend(memberFilters);
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** A member's current plan, as the member answers it. */
const memberPlanSchema = planSchema.pick({
  id: true,
  name: true,
  amount: true,
  duration: true,
  duration_type: true,
});
export type MemberPlan = z.infer<typeof memberPlanSchema>;

/** A gym member as the API answers them. */
export const memberSchema = z.object({
  id: z.number().int(),
  /** Display code, e.g. IPG-00001. */
  member_id: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  /** E.164, e.g. +2348031234567. */
  mobile_number: z.string(),
  /** null when the member has no e-mail (many have only a phone). */
  email_address: z.string().nullable(),
  home_address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country_code: z.string(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_number: z.string().nullable(),
  emergency_contact_relationship: z.string().nullable(),
  /** The plan chosen when the member was added or edited. */
  subscription_type_id: z.number().int().nullable(),
  /** The plan of the latest subscription (the active one ending last), else the chosen plan. */
  subscription_type: memberPlanSchema.nullable(),
  subscription_status: z.literal([0, 1, 2]),
  subscription_status_label: z.enum([
    SUBSCRIPTION_STATUS_LABELS[0],
    SUBSCRIPTION_STATUS_LABELS[1],
    SUBSCRIPTION_STATUS_LABELS[2],
  ]),
  /** false: the account is deactivated. */
  is_active: z.boolean(),
  /** true: the member asked for no renewal reminders. */
  reminders_opt_out: z.boolean(),
  /** May the gym send them offers and news: yes, no, or not_asked. */
  marketing_consent: z.enum(MARKETING_CONSENTS),
  /**
   * true: a walk-in a day pass added, not a member yet: kept with their phone and visits but left
   * out of member counts, expiring lists, reminders and member messages. They join (false from
   * then on) when added as a member with the same phone or when they pay for a plan longer than
   * 1 day.
   */
  is_walk_in: z.boolean(),
  picture_url: z.string().nullable(),
  /** When they last came in (ISO instant); null when they never have. */
  last_visit_at: z.string().nullable(),
  /** The last frozen day of the approved freeze covering today (YYYY-MM-DD), or null. */
  frozen_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** A member in short, as a list of people shows them: ID, names, phone and picture. */
export const memberBriefSchema = memberSchema.pick({
  id: true,
  member_id: true,
  first_name: true,
  last_name: true,
  mobile_number: true,
  picture_url: true,
});

/**
 * Members summary (walk-ins who have not joined are not members: only `walk_ins` counts them):
 * `total` all members; `active` accounts not deactivated; `new_this_month` members since the
 * first of this month in Lagos (a walk-in who joined counts from the day they joined);
 * `deactivated` accounts the gym deactivated; `lapsed` accounts still active whose cover ended
 * before today with no payment since (the dashboard's churn; members who never subscribed are
 * not lapsed); `walk_ins` the walk-ins whose account is active.
 */
const memberSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  new_this_month: z.number().int(),
  deactivated: z.number().int(),
  lapsed: z.number().int(),
  walk_ins: z.number().int(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/**
 * The member calls. Every role of the business (owner, admin, staff) reads, adds and edits
 * members; a member of another business answers 404.
 */
export const memberContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/member',
    operationId: 'listMembers',
    summary: "A page of the business's members, newest first",
    description:
      '`search` matches names, member ID, phone and e-mail, with or without accents. A search ' +
      'counts its matches up to 1,000: past that `meta.total_capped` is true. Walk-ins (a day ' +
      'pass added them; they have not joined) are listed only with `kind=walk_in` or `kind=all`.',
    tag: 'members',
    access: 'members.read',
    query: memberListQuery,
    answer: pageOf(memberSchema),
  }),
  summary: contract({
    method: 'GET',
    path: '/v1/member/summary',
    operationId: 'getMemberSummary',
    summary: 'Member counts: total, active, new this month, deactivated, lapsed',
    tag: 'members',
    access: 'members.read',
    answer: answerOf(memberSummarySchema),
  }),
  get: contract({
    method: 'GET',
    path: '/v1/member/:id',
    operationId: 'getMember',
    summary: 'One member of the business',
    tag: 'members',
    access: 'members.read',
    params: idParam,
    answer: answerOf(memberSchema),
  }),
  create: contract({
    method: 'POST',
    path: '/v1/member',
    operationId: 'createMember',
    summary: 'Add a member with the next member ID',
    description: 'The phone must be a Nigerian number; it is stored in E.164.',
    tag: 'members',
    access: 'members.write',
    body: createMemberSchema,
    answer: answerOf(memberSchema),
    status: 201,
    idempotent: true,
  }),
  update: contract({
    method: 'PATCH',
    path: '/v1/member/:id',
    operationId: 'updateMember',
    summary: 'Change the given fields of a member, or deactivate or reactivate them',
    tag: 'members',
    access: 'members.write',
    params: idParam,
    body: updateMemberSchema,
    answer: answerOf(memberSchema),
  }),
};
