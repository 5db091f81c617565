import { z } from 'zod';

/*
 * What text Kora stores, defined once for every input:
 * - trimmed, and Unicode-normalised to NFC, so "Adébáyọ̀" typed with precomposed letters or
 *   with combining accents is one and the same name;
 * - no control characters: never NUL, escape codes or bell; line breaks and tabs only in the
 *   few multi-line fields (addresses, messages, notes);
 * - no lone surrogates (half an emoji), which no database can store;
 * - minimum lengths count visible characters: a name made of zero-width spaces is empty.
 * Letters and marks of every language (Yorùbá, Igbo, Hausa ɓ ɗ ƙ ƴ), apostrophes and hyphens are
 * welcome.
 */

/** Control characters of any kind (C0, DEL, C1) and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, less tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * What takes no room on screen: format characters (zero-width space and joiners, direction
 * marks, the byte-order mark), spaces of every width, controls, combining marks standing alone
 * once letters are removed, variation selectors, and the fillers that render as blanks.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- single invisible code points, listed one by one
  /[\p{Cf}\p{Z}\p{Cc}\p{M}\u115f\u1160\u3164\uffa0\u2800\u034f\ufe00-\ufe0f]|\udb40[\udd00-\uddef]/gu;

/** True when the text holds a NUL, a control character or a lone surrogate. */
export const hasUnsafeCharacters = (value: string, multiLine = false): boolean =>
  (multiLine ? CONTROL_MULTI_LINE : CONTROL_ONE_LINE).test(value) || LONE_SURROGATE.test(value);

const CONTROL_ONE_LINE_ALL = new RegExp(CONTROL_ONE_LINE.source, 'g');
const CONTROL_MULTI_LINE_ALL = new RegExp(CONTROL_MULTI_LINE.source, 'g');
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * The text without what `hasUnsafeCharacters` finds: control characters (line breaks and tabs
 * kept when `multiLine`) and lone surrogates are dropped. For text the server makes itself out
 * of checked input (decoded HTML entities, a message filled for a recipient), which must obey
 * the same rules as typed text.
 */
export const withoutUnsafeCharacters = (value: string, multiLine = false): string =>
  value
    .replace(multiLine ? CONTROL_MULTI_LINE_ALL : CONTROL_ONE_LINE_ALL, '')
    .replace(LONE_SURROGATE_ALL, '');

/** Characters a person sees: letters, digits, punctuation and symbols (a letter's accents are part of it). */
export const visibleLength = (value: string): number => [...value.replace(INVISIBLE, '')].length;

export interface TextRules {
  /** The field in words: "First name". */
  label: string;
  /** At most this many characters (the column's size). */
  max: number;
  /** At least this many visible characters; 0 or absent for none. */
  min?: number;
  /** The message when shorter than `min` (or missing): defaults to "<label> must be at least N characters". */
  minMessage?: string;
  /** The message when longer than `max`. */
  maxMessage?: string;
  /** Addresses and messages: line breaks and tabs allowed. */
  multiLine?: boolean;
}

export const unsafeCharactersMessage = (label: string) =>
  `${label} contains characters that can't be used`;
const oneLineMessage = (label: string) => `${label} must be on one line`;

/**
 * A text field: trimmed, NFC, no control characters (line breaks only when `multiLine`), at least
 * `min` visible characters, at most `max` characters. Stays a plain string schema, so its
 * `maxLength` can be read by forms.
 */
export const textField = (rules: TextRules) => {
  const { label, max, min = 0, multiLine = false } = rules;
  const minMessage = rules.minMessage ?? `${label} must be at least ${min} characters`;
  let schema = z
    .string({
      error: (iss) =>
        (iss.input === undefined || iss.input === null) && min > 0
          ? minMessage
          : `${label} must be text`,
    })
    .trim()
    .normalize('NFC')
    .refine((v) => !LONE_SURROGATE.test(v) && !CONTROL_MULTI_LINE.test(v), {
      error: unsafeCharactersMessage(label),
      abort: true,
    });
  if (!multiLine)
    schema = schema.refine((v) => !CONTROL_ONE_LINE.test(v), {
      error: oneLineMessage(label),
      abort: true,
    });
  if (min > 0)
    schema = schema
      .refine((v) => visibleLength(v) >= min, { error: minMessage, abort: true })
      // The document says it: at least `min` characters (blank or invisible ones are refused too).
      .meta({ minLength: min });
  return schema.max(max, {
    error: rules.maxMessage ?? `${label} must be at most ${max} characters`,
  });
};

/**
 * An optional text field: '' (or blank) and null mean "no value" — on an update they clear it —
 * and undefined means "not sent". Output: the cleaned text, null or undefined.
 */
export const optionalTextField = (rules: TextRules) => {
  const min = rules.min ?? 0;
  const minMessage = rules.minMessage ?? `${rules.label} must be at least ${min} characters`;
  return (
    textField({ ...rules, min: 0 })
      // The document says it: blank, or at least `min` characters.
      .meta(min > 0 ? { anyOf: [{ minLength: min }, { pattern: '^\\s*$' }] } : {})
      .nullable()
      .transform((v, ctx) => {
        // Blank or invisible-only text ("\u200b") is no value.
        if (v === null || visibleLength(v) === 0) return null;
        if (visibleLength(v) < min) {
          ctx.addIssue({ code: 'custom', message: minMessage });
          return z.NEVER;
        }
        return v;
      })
      .optional()
  );
};

/**
 * Search text: control characters are dropped (they cannot be typed into a search box and would
 * only break the query), the rest trimmed and normalised like stored text.
 */
export const searchText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max * 4, { error: `${label} must be at most ${max} characters` })
    .transform((v) =>
      v
        .replace(new RegExp(CONTROL_ONE_LINE.source, 'g'), ' ')
        .replace(new RegExp(LONE_SURROGATE.source, 'g'), '')
        .normalize('NFC')
        .trim(),
    )
    .pipe(z.string().max(max, { error: `${label} must be at most ${max} characters` }))
    // The document states the limit a search is held to (the raw text may carry more spaces).
    .meta({ maxLength: max });

/**
 * A web address's host must be a real domain name: labels of letters, digits and hyphens and a
 * top-level domain of letters ("irongym.ng", "xn--…" for other scripts). Bare numbers such as
 * "12" or "0x10" (which browsers would read as IP addresses) are not websites.
 */
export const isDomainName = (host: string): boolean =>
  host.length <= 253 &&
  /^(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(host);
