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

/** An e-mail field with the message the screens use. Trimmed and lower-cased. */
export const email = (message = 'Invalid email address') =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.email, { error: 'Email address is too long' })
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());

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
  z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(values, { error: message }).optional(),
  );

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

/** An id in a path: a positive integer. */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int({ error: 'Invalid id' })
    .positive({ error: 'Invalid id' })
    .max(2_147_483_647, { error: 'Invalid id' }),
});
