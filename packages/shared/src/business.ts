import { z } from 'zod';
import { DOCUMENTED, LIMITS } from './common';
import { NIGERIAN_STATES } from './constants';
import { answerOf, contract } from './contract';
import { hasUnsafeCharacters, isDomainName, textField, unsafeCharactersMessage } from './text';
import { UPLOAD_MESSAGES } from './uploads';

/** Column sizes of the businesses table; the schemas below never let more through. */
export const BUSINESS_LIMITS = {
  name: 150,
  address: 300,
  city: 100,
  state: 100,
  phone: LIMITS.phone,
  email: LIMITS.email,
  url: LIMITS.url,
} as const;

const BUSINESS_MESSAGES = {
  name: 'Business name must be at least 2 characters',
  address: 'Address must be at least 5 characters',
  city: 'City must be at least 2 characters',
  state: 'Please select a state',
  website: 'Please enter a valid website URL',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  logo: 'Please upload a valid logo image',
} as const;

const tooLong = (field: string, max: number) => ({
  error: `${field} must be at most ${max} characters`,
});

const text = (message: string, min: number, max: number, field: string, multiLine = false) =>
  textField({ label: field, min, max, minMessage: message, multiLine });

/** A state of NIGERIAN_STATES, matched without regard to case ("lagos" is stored as "Lagos"). */
const state = z
  .string({ error: BUSINESS_MESSAGES.state })
  .trim()
  .min(2, { error: BUSINESS_MESSAGES.state })
  .max(BUSINESS_LIMITS.state, { error: BUSINESS_MESSAGES.state })
  .refine((v) => !hasUnsafeCharacters(v), { error: BUSINESS_MESSAGES.state, abort: true })
  .transform((v, ctx) => {
    const found = NIGERIAN_STATES.find((s) => s.toLowerCase() === v.toLowerCase());
    if (!found) ctx.addIssue({ code: 'custom', message: BUSINESS_MESSAGES.state });
    return found ?? v;
  });

const httpUrl = (v: string): URL | null => {
  try {
    const url = new URL(v);
    return /^https?:$/.test(url.protocol) && url.hostname ? url : null;
  } catch {
    return null;
  }
};

/** "irongym.ng" is taken as https://irongym.ng; only http(s) addresses with a domain pass. */
const isWebsite = (v: string): boolean => isDomainName(httpUrl(v)?.hostname ?? '');

/** A stored file: a local /uploads/ path, or any http(s) URL (a bucket, a CDN, MinIO on localhost). */
const isFileUrl = (v: string): boolean =>
  (/^\/uploads\/[\w\-./]+$/.test(v) && !v.includes('..')) || httpUrl(v) !== null;

/**
 * An optional text: '' and null mean "no value" (on update they clear it), undefined means
 * "not sent". Output: the cleaned value, null or undefined.
 */
const clearable = (
  max: number,
  field: string,
  message: string,
  clean: (v: string) => string,
  valid: (v: string) => boolean,
) =>
  z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .max(max, tooLong(field, max))
    .refine((v) => !hasUnsafeCharacters(v), { error: unsafeCharactersMessage(field), abort: true })
    .transform((v) => (v === '' ? null : clean(v)))
    .refine((v) => v === null || valid(v), { error: message })
    .nullable()
    .optional();

const website = clearable(
  BUSINESS_LIMITS.url,
  'Website',
  BUSINESS_MESSAGES.website,
  (v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`),
  isWebsite,
);
const businessEmail = clearable(
  BUSINESS_LIMITS.email,
  'Business email',
  BUSINESS_MESSAGES.email,
  (v) => v.toLowerCase(),
  (v) => z.email().safeParse(v).success,
).meta(DOCUMENTED.emailOrBlank);
const businessPhone = clearable(
  BUSINESS_LIMITS.phone,
  'Business phone',
  BUSINESS_MESSAGES.phone,
  (v) => v.replace(/\s+/g, ' '),
  (v) => /^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7,
);
/** An uploaded file's URL as answered by upload_file: an http(s) URL or a local /uploads/ path. */
const logoUrl = clearable(
  BUSINESS_LIMITS.url,
  'Logo URL',
  BUSINESS_MESSAGES.logo,
  (v) => v,
  isFileUrl,
);

/** Column sizes of the bank details members may pay into by transfer. */
export const BANK_LIMITS = { bankName: 100, accountNumber: 10, accountName: 150 } as const;

export const BANK_MESSAGES = {
  bankName: 'Bank name must be at least 2 characters',
  accountNumber: 'Account number must be the 10 digits of a NUBAN account number',
  accountName: 'Account name must be at least 2 characters',
  incomplete: 'Enter the bank name, account number and account name, or leave all three empty',
} as const;

const bankName = clearable(
  BANK_LIMITS.bankName,
  'Bank name',
  BANK_MESSAGES.bankName,
  (v) => v.replace(/\s+/g, ' '),
  (v) => v.length >= 2,
);
/** The 10 digits of a NUBAN; spaces and dashes typed between them are dropped. */
const bankAccountNumber = clearable(
  20,
  'Account number',
  BANK_MESSAGES.accountNumber,
  (v) => v.replace(/[\s-]/g, ''),
  (v) => /^\d{10}$/.test(v),
);
const bankAccountName = clearable(
  BANK_LIMITS.accountName,
  'Account name',
  BANK_MESSAGES.accountName,
  (v) => v.replace(/\s+/g, ' '),
  (v) => v.length >= 2,
);

/** The day-pass plan must be one of the business's active plans of exactly 1 day. */
export const DAY_PASS_PLAN_ONE_DAY = 'The day-pass plan must be a plan of 1 day.';
const DAY_PASS_PLAN_CHOICE = 'Please select a plan of 1 day, or none';

/** A plan id, or null for no day passes; undefined: left as it is. */
const dayPassPlanId = z
  .number({ error: DAY_PASS_PLAN_CHOICE })
  .int({ error: DAY_PASS_PLAN_CHOICE })
  .positive({ error: DAY_PASS_PLAN_CHOICE })
  .max(2_147_483_647, { error: DAY_PASS_PLAN_CHOICE })
  .nullable()
  .optional();

const businessName = text(BUSINESS_MESSAGES.name, 2, BUSINESS_LIMITS.name, 'Business name');
const address = text(BUSINESS_MESSAGES.address, 5, BUSINESS_LIMITS.address, 'Address', true);
const city = text(BUSINESS_MESSAGES.city, 2, BUSINESS_LIMITS.city, 'City');

/** POST /v1/business: the setup form. Empty optional fields are left out (or sent as ''/null). */
export const createBusinessSchema = z.object({
  business_name: businessName,
  address,
  city,
  state,
  website_url: website,
  business_email: businessEmail,
  business_phone: businessPhone,
  logo_url: logoUrl,
});
export type CreateBusinessInput = z.infer<typeof createBusinessSchema>;
export type CreateBusinessForm = z.input<typeof createBusinessSchema>;

/** PATCH /v1/business/profile: changed fields only; '' or null clears website, email, phone, logo. */
export const updateBusinessSchema = z.object({
  business_name: businessName.optional(),
  address: address.optional(),
  city: city.optional(),
  state: state.optional(),
  website_url: website,
  business_email: businessEmail,
  business_phone: businessPhone,
  logo_url: logoUrl,
  /** The plan a day pass sells (a plan of 1 day of this business); null: no day passes. */
  day_pass_plan_id: dayPassPlanId,
  /** true: a Promotion reaches only members who said yes to offers (not those never asked). */
  promotions_need_consent: z
    .boolean({ error: 'Send promotions only to members who said yes must be true or false' })
    .optional(),
  /** Approve members' freeze requests automatically when they keep to the plan's rules. */
  freeze_auto_approve: z.boolean({ error: 'Automatic approval must be true or false' }).optional(),
  /**
   * Where members may pay by transfer (shown on the members' renew page without online
   * payments): all three, or '' / null for all three to clear them.
   */
  bank_name: bankName,
  bank_account_number: bankAccountNumber,
  bank_account_name: bankAccountName,
  /** Owner only: staff see the money totals (dashboard revenue, payments summary and export). */
  staff_see_revenue: z.boolean({ error: 'Staff see revenue must be true or false' }).optional(),
  /** Owner only: staff may give a discount (with a reason) when recording a payment. */
  staff_give_discounts: z
    .boolean({ error: 'Staff may give discounts must be true or false' })
    .optional(),
});
export type UpdateBusinessInput = z.infer<typeof updateBusinessSchema>;

/** A business as its members see it, with the signed-in user's own e-mail status. */
const businessProfileSchema = z.object({
  id: z.number().int(),
  business_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  website_url: z.string().nullable(),
  business_email: z.string().nullable(),
  business_phone: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Unique: 3 or 4 letters from the name, with a number when taken (IPG, IPG1…). */
  business_code: z.string(),
  country_code: z.string(),
  /** ISO timestamp. */
  created_at: z.string(),
  /** Whether the signed-in user's own e-mail is verified. */
  email_verified: z.boolean(),
  /** The plan a walk-in's day pass sells (a plan of 1 day); null: no day passes. */
  day_pass_plan_id: z.number().int().nullable(),
  /** true: "Send promotions only to members who said yes" (false: all but those who said no). */
  promotions_need_consent: z.boolean(),
  /** Members' freeze requests that keep to the plan's rules are approved without waiting. */
  freeze_auto_approve: z.boolean(),
  /** Staff see the money totals (owners and admins always do). */
  staff_see_revenue: z.boolean(),
  /** Staff may give a discount when recording a payment (owners and admins always may). */
  staff_give_discounts: z.boolean(),
  /** The bank account members may pay into by transfer (all three, or all null). */
  bank_name: z.string().nullable(),
  /** 10 digits (NUBAN). */
  bank_account_number: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  /** The members' page: `{APP_URL}/m/{business_code}`. */
  members_page_url: z.string(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/**
 * The business calls. Any signed-in user may set a business up (one who already has one gets
 * 409); members of the business read its profile and only owners and admins change it. The
 * states list is public: the setup form shows it before any business exists.
 */
export const businessContracts = {
  create: contract({
    method: 'POST',
    path: '/v1/business',
    operationId: 'createBusiness',
    summary: 'Set up the business of the signed-in user, who becomes its owner',
    description:
      'Refresh the session afterwards: the new access token carries the business and the owner role.',
    tag: 'business',
    access: 'user',
    body: createBusinessSchema,
    answer: answerOf(businessProfileSchema),
    status: 201,
  }),
  profile: contract({
    method: 'GET',
    path: '/v1/business/profile',
    operationId: 'getBusinessProfile',
    summary: "The caller's business",
    tag: 'business',
    access: 'business.read',
    answer: answerOf(businessProfileSchema),
  }),
  update: contract({
    method: 'PATCH',
    path: '/v1/business/profile',
    operationId: 'updateBusinessProfile',
    summary: "Change the given fields of the caller's business",
    description:
      "'' or null clears the website, e-mail, phone and logo. `day_pass_plan_id` must be an " +
      'active plan of 1 day of this business (400 otherwise); null: no day passes. ' +
      '`staff_see_revenue` and `staff_give_discounts` only the owner may change (403). ' +
      'Bank details: bank name, a 10-digit NUBAN account number and account name, all three ' +
      "or none ('' or null clears them).",
    tag: 'business',
    access: 'business.manage',
    body: updateBusinessSchema,
    answer: answerOf(businessProfileSchema),
  }),
  states: contract({
    method: 'GET',
    path: '/v1/location/states',
    operationId: 'listStates',
    summary: 'The 36 states of Nigeria and the FCT, sorted',
    tag: 'location',
    access: 'public',
    answer: answerOf(z.array(z.enum(NIGERIAN_STATES))),
  }),
};

// Uploads

const FILE_TYPES = ['profile_picture', 'business_logo', 'member_picture'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** The text fields of the upload form (the file itself is checked by its content). */
export const uploadFieldsSchema = z.object({
  file_type: z.enum(FILE_TYPES, { error: UPLOAD_MESSAGES.fileType }),
  entity_id: z.coerce
    .number({ error: UPLOAD_MESSAGES.entityId })
    .int({ error: UPLOAD_MESSAGES.entityId })
    .positive({ error: UPLOAD_MESSAGES.entityId })
    .max(2_147_483_647, { error: UPLOAD_MESSAGES.entityId })
    .optional(),
});

/**
 * The whole upload form, for the OpenAPI document only: the API reads the parts as they stream
 * (the file's size checked on the way), the fields with `uploadFieldsSchema`, the file by its
 * content.
 */
export const uploadFormSchema = uploadFieldsSchema.extend({
  file: z.string().meta({
    format: 'binary',
    description: 'A JPEG, PNG, GIF or WebP image under 5 MB.',
  }),
});

/** POST /v1/business/upload_file answer data: the stored file's URL, whatever the storage. */
const uploadResultSchema = z.object({ s3_url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * The upload call. Its body is a multipart form, which no JSON schema validates: the route reads
 * it as it streams, and checks the fields with `uploadFieldsSchema`.
 */
export const uploadContracts = {
  upload: contract({
    method: 'POST',
    path: '/v1/business/upload_file',
    operationId: 'uploadFile',
    summary: 'Upload an image: a profile picture, the business logo or a member picture',
    description:
      'Multipart: file (JPEG, PNG, GIF or WebP, under 5 MB), file_type (profile_picture, ' +
      'business_logo, member_picture), entity_id (the member id, for member_picture; needs a ' +
      'business). The image is re-encoded without its metadata, at most 1024 px a side.',
    tag: 'business',
    access: 'user',
    answer: answerOf(uploadResultSchema),
    status: 201,
  }),
};

/** The health check, for load balancers and monitors: 200 while the database answers. */
export const healthContracts = {
  check: contract({
    method: 'GET',
    path: '/health',
    operationId: 'checkHealth',
    summary: 'Whether the API and its database answer',
    description: 'Answers 503 `{ "status": "unavailable" }` while the database does not answer.',
    tag: 'health',
    access: 'public',
    answer: z.object({ status: z.literal('ok') }),
    unavailable: z.object({ status: z.literal('unavailable') }),
  }),
};
