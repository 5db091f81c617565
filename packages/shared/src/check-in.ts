import { z } from 'zod';
import {
  DOCUMENTED,
  LIMITS,
  addFieldIssue,
  choiceFilter,
  idParam,
  jsonId,
  pageQuery,
} from './common';
import { answerOf, contract, doneAnswer, pageOf } from './contract';
import { addDays, formatDay, isCalendarDay } from './dates';
import { frozenUntilText } from './freezes';
import { memberBriefSchema, memberSchema } from './members';
import { recordedPaymentSchema } from './payments';
import { optionalTextField, searchText, textField } from './text';
import { tokenPairSchema } from './auth';
import { recordedAtField, rosterAnswer, rosterQuery } from './offline';
import { kioskPin } from './kiosk-entry';

/*
 * Check-in: "can this person train today?" answered at the front desk from whatever the member
 * brings (phone number, member ID, QR card), the visit it records, the member's card, the kiosk
 * and the day pass. Every "today" is a Lagos day.
 */

// ---------------------------------------------------------------------------------------------
// The verdict

/** A verdict's state, in the order it is decided: the first that applies wins. */
const CHECK_IN_STATUSES = [
  'deactivated',
  'frozen',
  'active',
  'ends_today',
  'ending',
  'not_started',
  'expired',
  'no_subscription',
] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

const CHECK_IN_TONES = ['green', 'amber', 'red'] as const;
export type CheckInTone = (typeof CHECK_IN_TONES)[number];

/** A cover ending within this many days (after today) is amber: "Ends in 3 days". */
const ENDING_SOON_DAYS = 3;

const checkInVerdictSchema = z.object({
  status: z.enum(CHECK_IN_STATUSES),
  tone: z.enum(CHECK_IN_TONES),
  /** What the desk reads: "Active, 23 days left", "Expired 5 days ago". */
  text: z.string(),
  /** Days from today to the end of the running cover (0 on its last day); null when none runs. */
  days_left: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  /** YYYY-MM-DD: the first day of the subscription the verdict is about. */
  start_date: z.string().nullable(),
  /** YYYY-MM-DD: the last day of its chain (renewals starting the day after extend it). */
  end_date: z.string().nullable(),
  /** The group payer's full name when today's cover is someone else's group plan. */
  covered_by: z.string().nullable(),
});
export type CheckInVerdict = z.infer<typeof checkInVerdictSchema>;

/** One of a member's active subscriptions, as the verdict reads it. */
export interface VerdictSubscription {
  /** The subscription's id, when the caller needs to know which one covers today. */
  id?: number;
  /** YYYY-MM-DD, first day included. */
  start_date: string;
  /** YYYY-MM-DD, last day included. */
  expiry_date: string;
  plan_name: string;
  /** The payer's full name when this is someone else's group plan covering the member. */
  covered_by?: string | null;
}

export interface VerdictInput {
  /** false: the account is deactivated. */
  is_active: boolean;
  /** Today's Lagos day, YYYY-MM-DD. */
  today: string;
  /** The member's active subscriptions, own and group-covered (cancelled ones left out). */
  subscriptions: readonly VerdictSubscription[];
  /**
   * The last frozen day of the member's approved freeze covering today, or null (absent: a
   * caller, or an older copy of the desk's roster, that does not know of freezes).
   */
  frozen_until?: string | null;
}

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "23 days left", "1 day left". */
const daysLeftText = (days: number): string => `${plural(days, 'day', 'days')} left`;

/**
 * The last day of the cover that includes `start`'s chain: a subscription starting on or before
 * the day after the chain's current end (a renewal, or an overlap) extends it.
 */
const chainEnd = (subs: readonly VerdictSubscription[], start: VerdictSubscription): string => {
  let end = start.expiry_date;
  const byStart = [...subs].sort((a, b) => a.start_date.localeCompare(b.start_date));
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of byStart) {
      if (s.start_date <= addDays(end, 1) && s.expiry_date > end) {
        end = s.expiry_date;
        grew = true;
      }
    }
  }
  return end;
};

/** Own cover before a group's; then the one ending last; then the one started first. */
const preferred = (a: VerdictSubscription, b: VerdictSubscription): number =>
  Number(!!a.covered_by) - Number(!!b.covered_by) ||
  b.expiry_date.localeCompare(a.expiry_date) ||
  a.start_date.localeCompare(b.start_date);

const usable = (subs: readonly VerdictSubscription[]) =>
  subs.filter(
    (s) =>
      isCalendarDay(s.start_date) && isCalendarDay(s.expiry_date) && s.start_date <= s.expiry_date,
  );

/**
 * The subscription that covers the member today (own cover preferred over a group's), or null
 * when none runs today. A visit records it.
 */
export const coveringSubscription = <S extends VerdictSubscription>(
  today: string,
  subscriptions: readonly S[],
): S | null =>
  (usable(subscriptions) as S[])
    .filter((s) => s.start_date <= today && today <= s.expiry_date)
    .sort(preferred)[0] ?? null;

const VERDICT_TONES: Record<CheckInStatus, CheckInTone> = {
  deactivated: 'red',
  frozen: 'red',
  active: 'green',
  ends_today: 'amber',
  ending: 'amber',
  not_started: 'red',
  expired: 'red',
  no_subscription: 'red',
};

/**
 * Whether the member may train today, and the words the desk reads. The same function runs in
 * the API and the web app, so both say the same. Days are Lagos days; a subscription's last day
 * is included; renewals that start the day after the running one ends extend it, so "days left"
 * counts to the end of the whole chain.
 */
export const checkInVerdict = (input: VerdictInput): CheckInVerdict => {
  const { today } = input;
  const subs = usable(input.subscriptions);
  const verdict = (
    status: CheckInStatus,
    text: string,
    about: VerdictSubscription | null,
    end: string | null,
    daysLeft: number | null,
  ): CheckInVerdict => ({
    status,
    tone: VERDICT_TONES[status],
    text,
    days_left: daysLeft,
    plan_name: about?.plan_name ?? null,
    start_date: about?.start_date ?? null,
    end_date: end,
    covered_by: about?.covered_by ?? null,
  });

  let found: CheckInVerdict;
  const running = coveringSubscription(today, subs);
  if (running) {
    // The chain may be carried by another running subscription ending later (own or group).
    const end = subs
      .filter((s) => s.start_date <= today && today <= s.expiry_date)
      .map((s) => chainEnd(subs, s))
      .reduce((a, b) => (b > a ? b : a));
    const left = daysBetween(today, end);
    if (left === 0) found = verdict('ends_today', 'Ends today', running, end, 0);
    else if (left <= ENDING_SOON_DAYS)
      found = verdict('ending', `Ends in ${plural(left, 'day', 'days')}`, running, end, left);
    else found = verdict('active', `Active, ${daysLeftText(left)}`, running, end, left);
  } else {
    const next = subs
      .filter((s) => s.start_date > today)
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || preferred(a, b))[0];
    const last = subs
      .filter((s) => s.expiry_date < today)
      .sort((a, b) => b.expiry_date.localeCompare(a.expiry_date) || preferred(a, b))[0];
    if (next)
      found = verdict(
        'not_started',
        `Starts on ${formatDay(next.start_date)}`,
        next,
        chainEnd(subs, next),
        null,
      );
    else if (last) {
      const ago = daysBetween(last.expiry_date, today);
      found = verdict(
        'expired',
        ago === 1 ? 'Expired yesterday' : `Expired ${plural(ago, 'day', 'days')} ago`,
        last,
        last.expiry_date,
        null,
      );
    } else found = verdict('no_subscription', 'No subscription', null, null, null);
  }
  if (!input.is_active)
    return { ...found, status: 'deactivated', tone: 'red', text: 'Deactivated', days_left: null };
  // A frozen member does not train until the freeze is over (their cover's end moved by it).
  if (input.frozen_until && isCalendarDay(input.frozen_until) && input.frozen_until >= today)
    return {
      ...found,
      status: 'frozen',
      tone: 'red',
      text: frozenUntilText(input.frozen_until, today),
      days_left: null,
    };
  return found;
};

/** What the kiosk shows: green welcomes the member by first name, anything else sends them to the desk. */
export const KIOSK_SEE_DESK = 'Please see the front desk';

export const kioskText = (verdict: CheckInVerdict, firstName: string): string =>
  verdict.tone === 'green' && verdict.days_left !== null
    ? `Welcome, ${firstName} — ${daysLeftText(verdict.days_left)}`
    : KIOSK_SEE_DESK;

// ---------------------------------------------------------------------------------------------
// Member card codes and the lookup's reading of what was typed

/**
 * A member card's code: 26 characters of base32 (a–z and 2–7: 130 random bits), lower case so a
 * USB scanner types it right under any keyboard layout. Set by the database; never derived from
 * the member.
 */
export const CARD_CODE_LENGTH = 26;
const CARD_CODE_PATTERN = /^[a-z2-7]{26}$/;

/** Whether the text (trimmed, any case) has the form of a card code. */
export const isCardCode = (text: string): boolean =>
  CARD_CODE_PATTERN.test(text.trim().toLowerCase());

/** The public page of a member's card: `/card/{code}` (the QR it shows carries the code). */
export const cardPath = (code: string): string => `/card/${code}`;

/**
 * How a member was found at the desk; `kiosk` for a visit the kiosk recorded, `day_pass` for the
 * visit a day-pass sale recorded.
 */
export const FOUND_BY = ['phone', 'member_id', 'card', 'name', 'kiosk', 'day_pass'] as const;
export type FoundBy = (typeof FOUND_BY)[number];
/** How the desk may say it found a member (the kiosk's visits say `kiosk` themselves). */
const DESK_FOUND_BY = ['phone', 'member_id', 'card', 'name'] as const;
export type DeskFoundBy = (typeof DESK_FOUND_BY)[number];

/** The lookup's longest text (a name, a phone, an ID or a card code). */
export const LOOKUP_MAX = 100;
/** The most members a lookup answers. */
export const LOOKUP_LIMIT = 10;
/** A second check-in within this many hours records nothing and answers the first. */
export const REPEAT_CHECK_IN_HOURS = 2;
export const OVERRIDE_REASON_MAX = 300;

export const CHECK_IN_MESSAGES = {
  checkedIn: 'Checked in',
  /** "Already checked in at 07:42" (Lagos time, 24-hour). */
  alreadyCheckedIn: (hhmm: string) => `Already checked in at ${hhmm}`,
  noMember: 'No member found',
  chooseMember: 'Choose the member to check in',
  refusedCode: 'CHECK_IN_REFUSED',
  cardSent: 'Card sent',
  cardReplaced: 'New card issued. The old card no longer works.',
  noDayPassPlan: 'Choose your day-pass plan in Settings first.',
} as const;

// ---------------------------------------------------------------------------------------------
// Schemas

const lookupQuery = z.object({
  /**
   * What the desk typed or scanned: a card code, a Nigerian phone in any form, a member ID
   * (IRON-00042, or its number 42) or a name (accents optional). Control characters are dropped;
   * empty answers no one.
   */
  q: searchText('Search', LOOKUP_MAX).default(''),
});

/** The member as check-in shows them. */
const checkInMemberSchema = memberBriefSchema.extend({ is_active: z.boolean() });

const checkInCandidateSchema = z.object({
  member: checkInMemberSchema,
  verdict: checkInVerdictSchema,
  found_by: z.enum(DESK_FOUND_BY),
  /** Their visit in the last 2 hours, if any (ISO). */
  checked_in_at: z.string().nullable(),
});
export type CheckInCandidate = z.infer<typeof checkInCandidateSchema>;

const memberRef = jsonId(CHECK_IN_MESSAGES.noMember);

/**
 * POST /v1/check-in: exactly one of `member_id` (the member's id) or `card_code` (a scanned
 * card: found_by is then `card`; with `member_id` and no `found_by`, `name`: picked from a list). A card code of another business, an old one or garbage answers
 * 404 "No member found", like an unknown one. `override_reason` lets a red verdict in.
 */
export const checkInSchema = z
  .object({
    member_id: memberRef.optional(),
    card_code: z
      .string({ error: 'Card code must be text' })
      .max(LOOKUP_MAX, { error: `Card code must be at most ${LOOKUP_MAX} characters` })
      .transform((v) => v.trim().toLowerCase())
      .optional(),
    found_by: z
      .enum(DESK_FOUND_BY, { error: 'Found by must be phone, member_id, card or name' })
      .optional(),
    /** Why a member with a red verdict is let in (2–300 characters); ignored on green/amber. */
    override_reason: optionalTextField({
      label: 'Reason',
      min: 2,
      max: OVERRIDE_REASON_MAX,
      minMessage: 'Reason must be at least 2 characters',
    }),
    /** When the desk checked them in (sent later by an offline desk); absent: now. */
    recorded_at: recordedAtField,
  })
  .superRefine((v, ctx) => {
    if ((v.member_id === undefined) === (v.card_code === undefined))
      addFieldIssue(ctx, 'member_id', CHECK_IN_MESSAGES.chooseMember);
  })
  // The document says so too: one of the two, never neither nor both.
  .meta({ oneOf: [{ required: ['member_id'] }, { required: ['card_code'] }] });
export type CheckInInput = z.input<typeof checkInSchema>;
export type CheckInData = z.infer<typeof checkInSchema>;

/** A recorded visit. `override_reason` is null for staff on visits others recorded. */
const visitSchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  visited_at: z.string(),
  member: memberSchema.pick({
    id: true,
    member_id: true,
    first_name: true,
    last_name: true,
    picture_url: true,
  }),
  /** Who checked them in; null for a kiosk. */
  recorded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  kiosk_name: z.string().nullable(),
  found_by: z.enum(FOUND_BY),
  /** The verdict when they came in. */
  verdict_status: z.enum(CHECK_IN_STATUSES),
  /** Let in despite a red verdict. */
  overridden: z.boolean(),
  override_reason: z.string().nullable(),
});
export type Visit = z.infer<typeof visitSchema>;

const checkInResultSchema = z.object({
  visit: visitSchema,
  verdict: checkInVerdictSchema,
  /** true: they were checked in within the last 2 hours; `visit` is that earlier visit. */
  already_checked_in: z.boolean(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

const dayParam = z
  .string({ error: 'Date must be a date (YYYY-MM-DD)' })
  .max(10, { error: 'Date must be a date (YYYY-MM-DD)' })
  .refine(isCalendarDay, { error: 'Date must be a date (YYYY-MM-DD)' });

const trueFalse = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false', '1', '0'], { error: message })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );

/** The day's visits: `date` (Lagos day, today when absent), newest first. */
const visitListQuery = pageQuery(100).extend({
  date: z
    .preprocess((v) => (v === '' ? undefined : v), dayParam.optional())
    .meta(DOCUMENTED.dayOrBlank),
  search: searchText('Search', LOOKUP_MAX).optional(),
  found_by: choiceFilter(
    FOUND_BY,
    'Found by must be phone, member_id, card, name, kiosk or day_pass',
  ),
  /** true: only the visits let in despite a red verdict (staff: only their own). */
  overrides: trueFalse('Overrides must be true or false').meta(
    DOCUMENTED.choices(['true', 'false', '1', '0'], false),
  ),
});
export type VisitListQuery = z.infer<typeof visitListQuery>;

/** A member's visits: the last one, and how many this Lagos month and the one before. */
const visitSummarySchema = z.object({
  last_visit_at: z.string().nullable(),
  this_month: z.number().int(),
  last_month: z.number().int(),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

const visitPage = pageOf(visitSchema);
/** A member's visits page: the summary rides in `meta.summary`. */
const memberVisitsAnswer = visitPage.extend({
  meta: visitPage.shape.meta.extend({ summary: visitSummarySchema }),
});

const memberCardSchema = z.object({
  card_code: z.string(),
  /** Absolute: `{APP_URL}/card/{code}`: the page showing the card's QR. */
  card_url: z.string(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

const CARD_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type CardChannel = (typeof CARD_CHANNELS)[number];
const sendCardSchema = z.object({
  channel: z.enum(CARD_CHANNELS, { error: 'Choose how to send it' }),
});

// Kiosk ----------------------------------------------------------------------------------------

const KIOSK_NAME_MAX = 60;

const kioskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Who opened or created it. */
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Kiosk = z.infer<typeof kioskSchema>;

const kioskName = textField({ label: 'Kiosk name', min: 2, max: KIOSK_NAME_MAX });
const createKioskSchema = z.object({ name: kioskName });

/** What a kiosk opened at the desk is called unless the person opening it names it otherwise. */
export const DEFAULT_KIOSK_NAME = 'Front desk kiosk';

/** Opening a kiosk at the desk: its name (DEFAULT_KIOSK_NAME without one, or without a body). */
const openKioskSchema = z.object({ name: kioskName.optional() }).nullish();

/** A new kiosk and its token, answered once (only its hash is kept). */
const kioskWithTokenSchema = z.object({ kiosk: kioskSchema, token: z.string() });

const kioskInfoSchema = z.object({
  business_name: z.string(),
  business_logo_url: z.string().nullable(),
  kiosk_name: z.string(),
  /** The kiosk also takes a typed phone or member ID, with the member's PIN; false: cards only. */
  typed_entry: z.boolean(),
});

const kioskCheckInSchema = z.object({
  /** A card code, a phone or a member ID (a name is refused). */
  code: searchText('Code', LOOKUP_MAX),
  /** The member's kiosk PIN, with a typed phone or member ID. */
  pin: kioskPin.optional(),
});

/** What the kiosk screen shows; never another member's details. */
const kioskCheckInResultSchema = z.object({
  tone: z.enum(CHECK_IN_TONES),
  text: z.string(),
  first_name: z.string().nullable(),
  picture_url: z.string().nullable(),
});
export type KioskCheckInResult = z.infer<typeof kioskCheckInResultSchema>;

const kioskExitSchema = z.object({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, { error: 'Enter your password' })
    .max(LIMITS.password, { error: `Password must be at most ${LIMITS.password} characters` }),
});

// Day pass -------------------------------------------------------------------------------------

const DAY_PASS_METHODS = ['Cash', 'Card', 'Transfer', 'Paystack'] as const;
export type DayPassMethod = (typeof DAY_PASS_METHODS)[number];

export const dayPassSchema = z.object({
  first_name: textField({
    label: 'First name',
    min: 2,
    max: LIMITS.name,
    minMessage: 'First name must be at least 2 characters',
  }),
  last_name: textField({
    label: 'Last name',
    min: 2,
    max: LIMITS.name,
    minMessage: 'Last name must be at least 2 characters',
  }),
  /** A Nigerian number (checked by the API, stored in E.164). */
  mobile_number: textField({ label: 'Phone number', min: 11, max: LIMITS.phone }),
  method: z.enum(DAY_PASS_METHODS, { error: 'Please select a payment method' }),
  /** Check them in once paid (Cash/Card/Transfer). */
  check_in: z.boolean({ error: 'Check in must be true or false' }).default(false),
  /** When the desk sold it (sent later by an offline desk); absent: now. */
  recorded_at: recordedAtField,
});
export type DayPassInput = z.input<typeof dayPassSchema>;
export type DayPassData = z.infer<typeof dayPassSchema>;

const dayPassResultSchema = z.object({
  member: memberSchema,
  /** The recorded payment (Cash, Card, Transfer); null for Paystack until it confirms. */
  payment: recordedPaymentSchema.nullable(),
  /** Paystack: the link to pay and its QR (SVG); null otherwise. */
  payment_link: z.object({ url: z.string(), qr_svg: z.string() }).nullable(),
  /** The check-in, when asked for and paid. */
  check_in: checkInResultSchema.nullable(),
});
export type DayPassResult = z.infer<typeof dayPassResultSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const TAG = 'check-in';

/**
 * The desk's calls. Every role looks members up and checks them in; a member of another
 * business answers 404 like a missing one.
 */
export const checkInContracts = {
  lookup: contract({
    method: 'GET',
    path: '/v1/check-in/lookup',
    operationId: 'lookUpCheckIn',
    summary: 'Find members by card code, phone, member ID or name, each with their verdict',
    description:
      'At most 10 members. A card code of another business, an old code or garbage finds no one.',
    tag: TAG,
    access: 'check_in.read',
    query: lookupQuery,
    answer: answerOf(z.array(checkInCandidateSchema)),
  }),
  record: contract({
    method: 'POST',
    path: '/v1/check-in',
    operationId: 'checkIn',
    summary: 'Check a member in (one visit per 2 hours)',
    description:
      'A second check-in within 2 hours records nothing and answers the earlier visit with ' +
      '`already_checked_in: true` (200). A red verdict without `override_reason` answers 409 ' +
      '`CHECK_IN_REFUSED` with the verdict text.',
    tag: TAG,
    access: 'check_in.record',
    body: checkInSchema,
    answer: answerOf(checkInResultSchema),
    status: 201,
    idempotent: true,
  }),
  listDay: contract({
    method: 'GET',
    path: '/v1/check-in',
    operationId: 'listVisits',
    summary: "A day's visits, newest first",
    description:
      '`meta.total` is the number of visits that match. Staff see the override reason only of ' +
      'the visits they recorded.',
    tag: TAG,
    access: 'check_in.read',
    query: visitListQuery,
    answer: pageOf(visitSchema),
  }),
  memberVisits: contract({
    method: 'GET',
    path: '/v1/member/:id/visits',
    operationId: 'listMemberVisits',
    summary:
      "A member's visits, newest first, with the last visit and this and last month's counts",
    tag: TAG,
    access: 'check_in.read',
    params: idParam,
    query: pageQuery(100),
    answer: memberVisitsAnswer,
  }),
  roster: contract({
    method: 'GET',
    path: '/v1/check-in/roster',
    operationId: 'syncRoster',
    summary: "The desk's copy of the members: those changed since the cursor, in change order",
    description:
      'An empty cursor downloads every member; `meta.cursor` is what to send next time and ' +
      '`more: true` asks to call again at once. `meta.removed` lists members deleted since the ' +
      'cursor (a deactivated member comes in `data` with `is_active: false`). A cursor the ' +
      'server does not recognise answers 422 `errors.cursor` "Sync again from the start".',
    tag: TAG,
    access: 'check_in.read',
    query: rosterQuery,
    answer: rosterAnswer,
  }),
  getCard: contract({
    method: 'GET',
    path: '/v1/member/:id/card',
    operationId: 'getMemberCard',
    summary: "A member's card code and the address of its page",
    tag: TAG,
    access: 'check_in.read',
    params: idParam,
    answer: answerOf(memberCardSchema),
  }),
  replaceCard: contract({
    method: 'POST',
    path: '/v1/member/:id/card/replace',
    operationId: 'replaceMemberCard',
    summary: 'Issue a new card code; the old card stops working',
    tag: TAG,
    access: 'members.write',
    params: idParam,
    answer: answerOf(memberCardSchema),
    status: 201,
    idempotent: true,
  }),
  sendCard: contract({
    method: 'POST',
    path: '/v1/member/:id/card/send',
    operationId: 'sendMemberCard',
    summary: 'Send the member the link to their card by WhatsApp, SMS or e-mail',
    tag: TAG,
    access: 'communications.send',
    params: idParam,
    body: sendCardSchema,
    answer: doneAnswer,
  }),
};

/**
 * The kiosk: a device at the entrance where members check themselves in. Owners and admins
 * manage kiosks in Settings; any signed-in staff member opens one from the check-in page. The
 * kiosk's own calls carry `Authorization: Kiosk <token>` and can do nothing else.
 */
export const kioskContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/settings/kiosks',
    operationId: 'listKiosks',
    summary: "The business's kiosks that are not revoked",
    tag: TAG,
    access: 'business.manage',
    answer: answerOf(z.array(kioskSchema)),
  }),
  create: contract({
    method: 'POST',
    path: '/v1/settings/kiosks',
    operationId: 'createKiosk',
    summary: 'Create a kiosk: its token is answered once',
    tag: TAG,
    access: 'business.manage',
    body: createKioskSchema,
    answer: answerOf(kioskWithTokenSchema),
    status: 201,
    idempotent: true,
  }),
  revoke: contract({
    method: 'DELETE',
    path: '/v1/settings/kiosks/:id',
    operationId: 'revokeKiosk',
    summary: 'Revoke a kiosk: its token stops working',
    tag: TAG,
    access: 'business.manage',
    params: idParam,
    answer: doneAnswer,
  }),
  open: contract({
    method: 'POST',
    path: '/v1/kiosk/open',
    operationId: 'openKiosk',
    summary: 'Turn this device into a kiosk: a token named "Front desk kiosk" unless named',
    tag: TAG,
    access: 'check_in.record',
    body: openKioskSchema,
    answer: answerOf(kioskWithTokenSchema),
    status: 201,
    idempotent: true,
  }),
  info: contract({
    method: 'GET',
    path: '/v1/kiosk',
    operationId: 'getKiosk',
    summary: "The kiosk's business name and logo and its own name",
    tag: TAG,
    access: 'kiosk',
    answer: answerOf(kioskInfoSchema),
  }),
  checkIn: contract({
    method: 'POST',
    path: '/v1/kiosk/check-in',
    operationId: 'kioskCheckIn',
    summary: 'A member checks themselves in with their card (or a phone or member ID and PIN)',
    description:
      'Green and amber record a visit (found by `kiosk`); red records nothing. By default the ' +
      'kiosk takes cards only (400 "Scan your card to check in"); where the gym allows typed ' +
      'entry, a phone or member ID needs the member\'s PIN (400 "Enter your PIN"), and one that ' +
      'does not match exactly one member with that PIN answers "Please see the front desk", ' +
      'shows nothing and records nothing. Failed typed entries are limited per business and ' +
      'calls per kiosk (429).',
    tag: TAG,
    access: 'kiosk',
    body: kioskCheckInSchema,
    answer: answerOf(kioskCheckInResultSchema),
  }),
  exit: contract({
    method: 'POST',
    path: '/v1/kiosk/exit',
    operationId: 'exitKiosk',
    summary: 'Leave the kiosk with the password of who opened it: a fresh session',
    tag: TAG,
    access: 'kiosk',
    body: kioskExitSchema,
    answer: answerOf(tokenPairSchema),
  }),
};

/** The day pass: a walk-in pays for one day (the gym's day-pass plan) and may be checked in. */
export const dayPassContracts = {
  sell: contract({
    method: 'POST',
    path: '/v1/day-pass',
    operationId: 'sellDayPass',
    summary: 'Sell a day pass: find or add the walk-in, record the payment, check them in',
    description:
      'Answers 409 "Choose your day-pass plan in Settings first." when no day-pass plan is ' +
      'chosen. Paystack answers a payment link and its QR; nothing is recorded until it pays.',
    tag: TAG,
    access: 'payments.record',
    body: dayPassSchema,
    answer: answerOf(dayPassResultSchema),
    status: 201,
    idempotent: true,
  }),
};
