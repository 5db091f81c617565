import { z } from 'zod';

/** Limits shared by every string input: nothing unbounded reaches the server. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  password: 128,
  token: 4096,
  text: 500,
  url: 2048,
  html: 50_000,
  maxPageSize: 1000,
} as const;

const DEFAULT_PAGE_SIZE = 20;

/*
 * What the OpenAPI document says of a field beyond its JSON type, for the checks zod's
 * refinements do not show. Attached to the field's schema with `.meta()`, so the document is
 * generated from the very schema the server checks with.
 */
export const DOCUMENTED = {
  /** A calendar day, YYYY-MM-DD, that exists (checked with `isCalendarDay`). */
  day: { format: 'date' },
  /** A calendar day, or '' for none (a filter, an optional day). */
  dayOrBlank: { anyOf: [{ format: 'date' }, { maxLength: 0 }] },
  /** An instant: ISO 8601 date and time with its offset or Z. */
  instant: { format: 'date-time' },
  /** An e-mail address. */
  email: { format: 'email' },
  /** A record's id in a list's query string (its digits), or '' for any. */
  idOrBlank: {
    anyOf: [
      { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      { type: 'string', pattern: '^\\d+$' },
      { type: 'string', maxLength: 0 },
    ],
  },
  /** An e-mail address, or blank (spaces at most) for none. */
  emailOrBlank: { anyOf: [{ format: 'email' }, { pattern: '^\\s*$' }] },
  /** A filter's values, with '' (and 'all' when `all`) for any. */
  choices: (values: readonly string[], all = true) => ({
    enum: ['', ...(all ? ['all'] : []), ...values],
  }),
} as const;

/** An e-mail field with the message the screens use. Trimmed and lower-cased. */
export const email = (message = 'Invalid email address') =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.email, { error: 'Email address is too long' })
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase())
    .meta(DOCUMENTED.email);

/**
 * An e-mail that may be left out: empty, blank or null is no e-mail (null); a given one must be
 * valid. Trimmed and lower-cased.
 */
export const optionalEmail = (message = 'Invalid email address') =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.email, { error: 'Email address is too long' })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: message })
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .meta(DOCUMENTED.emailOrBlank)
    .nullable()
    .optional();

/** Page and page size from a query string (strings coerced). */
/** A refinement's failure, said under the field it names. */
export const addFieldIssue = (ctx: z.RefinementCtx, field: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message });

export const pageQuery = (maxPerPage: number = LIMITS.maxPageSize) =>
  z.object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .max(1_000_000, { error: 'Page is too large' })
      .default(1),
    per_page: z.coerce
      .number({ error: 'Page size must be a number' })
      .int({ error: 'Page size must be a whole number' })
      .min(1, { error: 'Page size must be at least 1' })
      .max(maxPerPage, { error: `Page size must be at most ${maxPerPage}` })
      .default(DEFAULT_PAGE_SIZE),
  });

export type PageQuery = z.infer<ReturnType<typeof pageQuery>>;

/** An optional choice among `values` in a query string; '' or `all` means any. */
export const choiceFilter = <const V extends readonly [string, ...string[]]>(
  values: V,
  message: string,
) =>
  z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(values, { error: message }).optional(),
    )
    .meta(DOCUMENTED.choices(values));

export interface PageMeta {
  page: number;
  per_page: number;
  pages: number;
  total: number;
  /** True when a search matched more rows than it counts: `total` is then a floor ("1,000+"). */
  total_capped?: boolean;
}

/** A search counts its matches up to this many; past it the total shows as "1,000+". */
export const SEARCH_COUNT_CAP = 1000;

export const pageMeta = (page: number, perPage: number, total: number): PageMeta => ({
  page,
  per_page: perPage,
  pages: Math.max(1, Math.ceil(total / perPage)),
  total,
});

/** Every answer is `{ message, data }`; lists add `meta`. */
export interface ApiAnswer<T> {
  message: string;
  data: T;
}
export interface ApiPage<T> extends ApiAnswer<T[]> {
  meta: PageMeta;
}

/** A number as a form's text box sends it: digits, with at most two decimals ("5000", "2500.50"). */
export const DECIMAL_TEXT = /^\d+(\.\d{1,2})?$/;
/** A whole number as a form's text box (or a select of ids) sends it: digits only. */
export const WHOLE_TEXT = /^\d+$/;

/**
 * A number in a JSON body: a JSON number, or its plain decimal text as a form sends it (`"5000"`,
 * `"2500.5"`; digits only for a whole number: `text`). Nothing else is read as a number: null, true, [], {}, '', ' ', '0x10', '1e1',
 * 'Infinity' and '-0' answer `message` (never ₦0, ₦1 or member 4). `number` is the number's own
 * schema, its bounds with their messages; the document shows both forms, the number with its bounds.
 * (Query strings and multipart forms, all text, keep `z.coerce`.)
 */
export const jsonNumber = <N extends z.ZodType<number, number>>(
  message: string,
  number: N,
  text: RegExp = DECIMAL_TEXT,
) =>
  z.union(
    [
      number,
      z.string({ error: message }).regex(text, { error: message }).transform(Number).pipe(number),
    ],
    { error: message },
  );

/**
 * A whole number, documented as `integer`. (Checked by a refinement, not `.int()`: zod's integer
 * check stops the union of `jsonNumber`, which would then answer the type's message for 1.5.)
 */
const wholeNumber = (typeMessage: string, wholeMessage = typeMessage) =>
  z
    .number({ error: typeMessage })
    .refine(Number.isInteger, { error: wholeMessage })
    .meta({ type: 'integer' });

/** The largest id (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A record's id in a JSON body (see `jsonNumber`): a whole number 1 … MAX_ID, else `message`. */
export const jsonId = (message: string) =>
  jsonNumber(
    message,
    wholeNumber(message).min(1, { error: message }).max(MAX_ID, { error: message }),
    WHOLE_TEXT,
  );

/**
 * A whole number in a JSON body (see `jsonNumber`), `min` … `max`: `typeMessage` when it is no
 * number, else the bound's message.
 */
export const jsonWholeNumber = (
  typeMessage: string,
  {
    min,
    max,
    minMessage = typeMessage,
    maxMessage,
    wholeMessage,
  }: {
    min: number;
    max: number;
    minMessage?: string;
    maxMessage: string;
    wholeMessage: string;
  },
) =>
  jsonNumber(
    typeMessage,
    wholeNumber(typeMessage, wholeMessage)
      .min(min, { error: minMessage })
      .max(max, { error: maxMessage }),
    WHOLE_TEXT,
  );

/** An id in a path: a positive integer. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int({ error: 'Invalid id' })
    .positive({ error: 'Invalid id' })
    .max(2_147_483_647, { error: 'Invalid id' }),
});
