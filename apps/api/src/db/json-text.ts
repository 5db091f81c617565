/*
 * Pieces of SQL that make PostgreSQL write an answer's JSON text itself, exactly as the answer's
 * serializer would write it from mapped rows (the hot lists: members, payments). Each list's
 * test compares the two byte for byte.
 * - keys in the answer schema's order, no spaces (concat(), not json_build_object, which adds
 *   spaces after its colons and commas);
 * - text as JSON strings (to_json escapes as JSON.stringify does: quotes, backslashes and
 *   control characters; PostgreSQL's text holds no lone surrogate);
 * - moments as toISOString writes them: UTC, milliseconds, "Z";
 * - calendar days as 'YYYY-MM-DD' (JSON dates are ISO whatever the DateStyle);
 * - kobo as naira: the double's shortest text, as JavaScript writes a number.
 * Every piece is SQL text over the statement's own aliases (never a value from a request).
 */

/** A JSON object from [key, value's JSON text] pairs. */
export const jsonObject = (fields: [string, string][]): string =>
  `concat('{', ${fields.map(([k, v], i) => `'${i ? ',' : ''}"${k}":', ${v}`).join(', ')}, '}')`;
/** A value that is never null (text, boolean, date), as JSON. */
export const jsonValue = (e: string): string => `to_json(${e})`;
/** A value that may be null, as JSON. */
export const jsonOrNull = (e: string): string => `coalesce(to_json(${e})::text, 'null')`;
/** A moment (never null) as toISOString writes it (a JSON string). */
export const jsonMoment = (e: string): string =>
  `to_json(to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
/** A moment that may be null. */
export const jsonMomentOrNull = (e: string): string =>
  `case when ${e} is null then 'null' else ${jsonMoment(e)}::text end`;
/** Kobo as naira (koboToNaira), a JSON number. */
export const jsonNaira = (kobo: string): string => jsonValue(`(${kobo} / 100.0)::float8`);
