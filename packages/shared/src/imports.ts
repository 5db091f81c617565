import { z } from 'zod';
import { idParam } from './common';
import { answerOf, contract } from './contract';

/*
 * Member import: a gym brings the members it already keeps in a spreadsheet.
 *
 * 1. Upload an .xlsx or .csv file (at most 5 MB and 10,000 rows). The server reads the first
 *    sheet, takes as the header row the one of its first rows whose cells name the most member
 *    fields (a title row, a grouped row such as "PERSONAL DETAILS | CONTACT" or blank lines above
 *    it are passed over; the owner can choose another) and guesses which column holds which
 *    member field from the headers ("Tel" → phone, "Surname" → last name).
 * 2. The owner corrects the mapping and chooses what happens to a row whose phone number or
 *    e-mail is already a member's: skip it or update that member. Each save answers a preview:
 *    what every row will do (create, update, skip, refuse) and why.
 * 3. Start: one background job imports the rows in batches (progress is the rows done), exactly
 *    as the preview said, and keeps the refused and skipped rows with their reason, downloadable
 *    as a CSV.
 *
 * A row is held to the same rules as the Add Member form; the phone is read in any Nigerian form
 * (0803…, 803… when Excel dropped the zero, +234…, 234…) and stored as +234…; a missing city or
 * state is the gym's own; the e-mail may be left out. Optional plan name and expiry date columns
 * give the member their current subscription (no payment is recorded for it), so statuses are
 * right from day one. A plan without an expiry date (or a date without a plan) still imports the
 * member, with a warning: without a subscription, or (the owner's choice) with the plan starting
 * on the import day. Names typed all in capitals or all in lower case are written in Title Case
 * unless the owner turns that off.
 */

/** At most this many member rows per file. */
export const IMPORT_MAX_ROWS = 10_000;
/** At most this many bytes per file. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows shown in a preview: the first rows, and the first rows with a problem. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_PROBLEM_ROWS = 100;

/** The member fields a column can fill, in the order the mapping screen lists them. */
export const IMPORT_FIELDS = [
  'full_name',
  'first_name',
  'middle_name',
  'last_name',
  'mobile_number',
  'email_address',
  'gender',
  'date_of_birth',
  'home_address',
  'city',
  'state',
  'emergency_contact_name',
  'emergency_contact_number',
  'emergency_contact_relationship',
  'plan',
  'expiry_date',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  full_name: 'Full name (split into first and last name)',
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  mobile_number: 'Phone number',
  email_address: 'Email address',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  home_address: 'Home address',
  city: 'City',
  state: 'State',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_number: 'Emergency contact number',
  emergency_contact_relationship: 'Emergency contact relationship',
  plan: 'Plan name',
  expiry_date: 'Subscription expiry date',
};

/**
 * Headers recognised per field, compared folded (lower case, no accents, letters and digits
 * only): "Phone No.", "phone_no" and "PHONE NO" are all "phoneno".
 */
const HEADER_ALIASES: Record<ImportField, string[]> = {
  full_name: ['name', 'fullname', 'membername', 'names', 'customername', 'clientname'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fname', 'othernames'],
  middle_name: ['middlename', 'middle', 'mname'],
  last_name: ['lastname', 'surname', 'last', 'familyname', 'lname'],
  mobile_number: [
    'phone',
    'phonenumber',
    'phoneno',
    'mobile',
    'mobilenumber',
    'mobileno',
    'tel',
    'telephone',
    'telno',
    'gsm',
    'gsmnumber',
    'gsmno',
    'cell',
    'cellphone',
    'whatsapp',
    'whatsappnumber',
    'contact',
    'contactnumber',
  ],
  email_address: ['email', 'emailaddress', 'mail', 'emailid'],
  gender: ['gender', 'sex'],
  date_of_birth: ['dateofbirth', 'dob', 'birthday', 'birthdate', 'born'],
  home_address: ['address', 'homeaddress', 'residentialaddress', 'street'],
  city: ['city', 'town', 'lga'],
  state: ['state', 'stateofresidence', 'region'],
  emergency_contact_name: ['emergencycontact', 'emergencycontactname', 'nextofkin', 'nok'],
  emergency_contact_number: [
    'emergencycontactnumber',
    'emergencynumber',
    'emergencyphone',
    'nextofkinphone',
    'nextofkinnumber',
    'nokphone',
  ],
  emergency_contact_relationship: [
    'emergencycontactrelationship',
    'relationship',
    'nextofkinrelationship',
  ],
  plan: ['plan', 'planname', 'subscription', 'subscriptionplan', 'membership', 'package'],
  expiry_date: [
    'expirydate',
    'expiry',
    'expires',
    'expireson',
    'enddate',
    'validuntil',
    'validtill',
    'paiduntil',
    'nextdue',
    'duedate',
    'renewaldate',
  ],
};

/** The first non-blank rows of a sheet, any of which the owner may choose as the header row. */
export const IMPORT_HEADER_ROWS = 10;

/** A header as compared with the aliases. */
const foldHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Which field a header names, if any. */
const fieldOfHeader = (header: string): ImportField | null => {
  const folded = foldHeader(header);
  if (!folded) return null;
  for (const field of IMPORT_FIELDS) if (HEADER_ALIASES[field].includes(folded)) return field;
  return null;
};

/** field → column index (0-based) in the file; a field left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/**
 * The mapping guessed from the headers: each field takes the first column whose header names
 * it. A full-name column is used only when there are no separate first and last name columns.
 */
export const guessMapping = (headers: string[]): ImportMapping => {
  const mapping: ImportMapping = {};
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  if (mapping.first_name !== undefined && mapping.last_name !== undefined) delete mapping.full_name;
  return mapping;
};

/** How many different member fields a row's cells name: how good a header row it makes. */
export const headerScore = (cells: string[]): number =>
  new Set(cells.map(fieldOfHeader).filter(Boolean)).size;

const isUpper = (text: string) => text === text.toUpperCase() && text !== text.toLowerCase();
const isLower = (text: string) => text === text.toLowerCase() && text !== text.toUpperCase();

/**
 * A name typed all in capitals or all in lower case, in Title Case: "ADA OBI-NWANKWO" → "Ada
 * Obi-Nwankwo", "o'neil" → "O'Neil", "ADÉBÁYỌ̀" → "Adébáyọ̀" (accents and tone marks kept). A
 * name already in mixed case ("McDonald", "DeGraft") is left as typed.
 */
export const titleCaseName = (name: string): string => {
  if (!isUpper(name) && !isLower(name)) return name;
  return name
    .toLowerCase()
    .replace(
      /(^|[\s\-'’‘(])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
};

const IMPORT_DUPLICATE_CHOICES = ['skip', 'update'] as const;
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];

/** A row with a plan but no expiry date: imported without a subscription, or starting today. */
const IMPORT_PLAN_WITHOUT_EXPIRY = ['none', 'import_day'] as const;
export type ImportPlanWithoutExpiry = (typeof IMPORT_PLAN_WITHOUT_EXPIRY)[number];

export const IMPORT_PLAN_WITHOUT_EXPIRY_LABELS: Record<ImportPlanWithoutExpiry, string> = {
  none: 'Leave without a subscription',
  import_day: 'Start it on the import day',
};

const IMPORT_STATUSES = ['draft', 'running', 'done'] as const;

/** What one row does: a new member, an update of one, nothing (a duplicate skipped), or refused. */
const IMPORT_OUTCOMES = ['create', 'update', 'skip', 'refuse'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  create: 'New member',
  update: 'Updates a member',
  skip: 'Skipped',
  refuse: 'Refused',
};

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose an Excel (.xlsx) or CSV file to import.',
  fileType: 'The file must be an Excel workbook (.xlsx) or a CSV file.',
  tooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  unreadable: 'The file could not be read. Save it again as .xlsx or .csv and try again.',
  empty: 'The file has no member rows.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-NG')} member rows. Split it into smaller files.`,
  nameRequired: 'Choose the column with the first name and the last name, or the full name.',
  phoneRequired: 'Choose the column with the phone number.',
  columnMissing: 'That column is not in the file.',
  columnTwice: (label: string) => `A column is chosen twice (${label}).`,
  expiryWithoutPlan: 'Choose the plan name column too, or leave out the expiry date.',
  headerRow: 'Choose one of the first rows of the file for the column names.',
  notFound: 'Import not found.',
  started: 'This import has already started.',
  notDone: 'This import has not finished yet.',
  uploaded: 'File read.',
  previewed: 'Preview ready.',
  startedAnswer: 'Import started.',
} as const;

const columnIndex = z
  .number({ error: IMPORT_MESSAGES.columnMissing })
  .int({ error: IMPORT_MESSAGES.columnMissing })
  .min(0, { error: IMPORT_MESSAGES.columnMissing })
  .max(999, { error: IMPORT_MESSAGES.columnMissing });

/** The mapping as sent: only known fields; checked against the file's columns by the server. */
export const importMappingSchema = z
  .strictObject(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, columnIndex.optional()])) as Record<
      ImportField,
      z.ZodOptional<typeof columnIndex>
    >,
    { error: 'Unknown field in the column choice.' },
  )
  .superRefine((m, ctx) => {
    const hasName =
      m.full_name !== undefined || (m.first_name !== undefined && m.last_name !== undefined);
    if (!hasName) ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.nameRequired });
    if (m.mobile_number === undefined)
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.phoneRequired });
    if (m.plan === undefined && m.expiry_date !== undefined)
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.expiryWithoutPlan });
    const seen = new Map<number, ImportField>();
    for (const field of IMPORT_FIELDS) {
      const column = m[field];
      if (column === undefined) continue;
      if (seen.has(column))
        ctx.addIssue({
          code: 'custom',
          message: IMPORT_MESSAGES.columnTwice(
            `${IMPORT_FIELD_LABELS[seen.get(column)!]} and ${IMPORT_FIELD_LABELS[field]}`,
          ),
        });
      else seen.set(column, field);
    }
  });

export const importSettingsSchema = z.object({
  /**
   * The sheet row holding the column names (one of the first non-blank rows). A different row
   * than the saved one, sent without a mapping, guesses the mapping again from that row.
   */
  header_row: z
    .number({ error: IMPORT_MESSAGES.headerRow })
    .int({ error: IMPORT_MESSAGES.headerRow })
    .min(1, { error: IMPORT_MESSAGES.headerRow })
    .max(1_048_576, { error: IMPORT_MESSAGES.headerRow })
    .optional(),
  /** Left out: the columns are guessed from the header row and nothing is previewed yet. */
  mapping: importMappingSchema.optional(),
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES, {
    error: 'Choose whether to skip or update members already added',
  }),
  /** Names typed all in capitals or all in lower case are written in Title Case (default on). */
  title_case: z.boolean({ error: 'Title Case must be true or false' }).default(true),
  /** A row with a plan but no expiry date: no subscription (default), or one starting today. */
  plan_without_expiry: z
    .enum(IMPORT_PLAN_WITHOUT_EXPIRY, {
      error: 'Choose what a plan without an expiry date does',
    })
    .default('none'),
});
export type ImportSettingsInput = z.infer<typeof importSettingsSchema>;

/** One row as the preview and the result show it. */
const importRowSchema = z.object({
  /** The row's number in the sheet, as Excel shows it. */
  row: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The member as they will be saved (names, phone in +234 form, e-mail), when readable. */
  first_name: z.string(),
  last_name: z.string(),
  mobile_number: z.string(),
  email_address: z.string(),
  plan: z.string().nullable(),
  expiry_date: z.string().nullable(),
  /** The existing member a duplicate matches ("IPG-00012 Ada Nwosu"). */
  existing_member: z.string().nullable(),
  /** Why the row is refused or skipped, in words; empty for a row imported as is. */
  problems: z.array(z.string()),
  /** What an imported row leaves out or assumes (a plan without an expiry date), in words. */
  warnings: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  refuse: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

const importColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  /** The first non-empty values of the column, to recognise it. */
  samples: z.array(z.string()),
});

const memberImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** The member rows in the file (blank lines not counted). */
  total_rows: z.number().int(),
  /** The sheet row holding the headers. */
  header_row: z.number().int(),
  /** The first non-blank rows, any of which can be chosen as the header row, with their text. */
  header_rows: z.array(z.object({ row: z.number().int(), text: z.string() })),
  title_case: z.boolean(),
  plan_without_expiry: z.enum(IMPORT_PLAN_WITHOUT_EXPIRY),
  columns: z.array(importColumnSchema),
  /** The saved mapping, or the one guessed from the headers before any was saved. */
  mapping: z.record(z.string(), z.number().int()),
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES),
  /** Whether a preview was made for the saved mapping (needed before starting). */
  previewed: z.boolean(),
  /** What the rows will do (draft, after a preview) or did (running, done). */
  counts: importCountsSchema,
  /** Rows done by the job. */
  processed_rows: z.number().int(),
  /** The first rows, as they will be imported (draft, after a preview). */
  preview_rows: z.array(importRowSchema),
  /** The first rows refused, skipped or updating a member. */
  problem_rows: z.array(importRowSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

const importAnswer = answerOf(memberImportSchema);

/** The upload's multipart form: one `file`. */
const importUploadFormSchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'An .xlsx workbook or a .csv file, at most 5 MB and 10,000 member rows.',
  }),
});

const tag = 'members';

export const importContracts = {
  upload: contract({
    method: 'POST',
    path: '/v1/member-import',
    operationId: 'uploadMemberImport',
    summary: 'Upload a spreadsheet of members to import',
    description:
      'Multipart with one `file`: an .xlsx workbook (first sheet) or a .csv file, at most 5 MB ' +
      'and 10,000 member rows. Answers the columns found and the mapping guessed from their ' +
      'headers; nothing is imported yet. The same file uploaded again while its import is a ' +
      'draft answers that draft.',
    tag,
    access: 'members.write',
    form: importUploadFormSchema,
    answer: importAnswer,
    status: 201,
    replays: true,
  }),
  get: contract({
    method: 'GET',
    path: '/v1/member-import/:id',
    operationId: 'getMemberImport',
    summary: 'An import: its columns, mapping, preview or progress',
    tag,
    access: 'members.write',
    params: idParam,
    answer: importAnswer,
  }),
  preview: contract({
    method: 'PUT',
    path: '/v1/member-import/:id',
    operationId: 'previewMemberImport',
    summary: 'Save the header row, column mapping and choices; answers the preview',
    description:
      'Every row is checked as the import will check it: the answer counts what will be ' +
      'created, updated, skipped and refused, with the first rows and the first rows with a ' +
      'problem or a warning. Sent with another `header_row` and no `mapping`, the columns are ' +
      'read from that row and the mapping guessed again, without a preview. Only a draft can ' +
      'be changed.',
    tag,
    access: 'members.write',
    params: idParam,
    body: importSettingsSchema,
    answer: importAnswer,
  }),
  start: contract({
    method: 'POST',
    path: '/v1/member-import/:id/start',
    operationId: 'startMemberImport',
    summary: 'Import the rows as previewed, in the background',
    description:
      'Answers at once; the import progresses in the background (GET the import for ' +
      '`processed_rows`). Starting an import already started answers it as it is.',
    tag,
    access: 'members.write',
    params: idParam,
    answer: importAnswer,
  }),
  refused: contract({
    method: 'GET',
    path: '/v1/member-import/:id/refused',
    operationId: 'downloadRefusedImportRows',
    summary: 'The rows refused or skipped, with the reason, as a CSV file',
    description:
      "The file's own columns, then the sheet row number and the reason. Available once the import is done.",
    tag,
    access: 'members.write',
    params: idParam,
    answer: z.string().meta({ format: 'binary' }),
    produces: ['text/csv; charset=utf-8'],
  }),
};
