/*
 * What an edit changed, as the audit trail keeps it: `{ field: { from, to } }` for each field
 * whose value differs, over the fields a gym owner sees on the record (never a secret, a token, a
 * code or a link: the caller names the fields, so a column added later is not written by
 * accident).
 */

/** A value as the trail stores it: JSON, with instants as ISO text and nothing undefined. */
const plain = (v: unknown): unknown => {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return v;
};

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The `fields` whose values differ between `before` and `after`, each from → to. */
export const fieldChanges = <T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChanges => {
  const out: FieldChanges = {};
  for (const field of fields) {
    const from = before[field];
    const to = after[field];
    if (!same(from, to)) out[field] = { from: plain(from), to: plain(to) };
  }
  return out;
};

/**
 * Fields whose values are links (a picture, a logo) or secrets: the trail says only that they
 * changed, `{ from: null, to: 'changed' }` (or 'removed' when cleared).
 */
export const hiddenChanges = <T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChanges => {
  const out: FieldChanges = {};
  for (const field of fields)
    if (!same(before[field], after[field]))
      out[field] = { from: null, to: after[field] == null ? 'removed' : 'changed' };
  return out;
};
