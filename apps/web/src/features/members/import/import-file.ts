import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@kora/shared';

/** The files the import reads. */
export const IMPORT_ACCEPT = '.xlsx,.csv';

/** Why `file` cannot be imported (its type by extension, its size), or null when it can. */
export const importFileError = (file: File): string | null => {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return IMPORT_MESSAGES.fileType;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
};

/** The template's headers (each one the server recognises) and its example row. */
const TEMPLATE_HEADERS = [
  'First Name',
  'Last Name',
  'Phone',
  'Email',
  'Gender',
  'Date of Birth',
  'City',
  'State',
  'Plan',
  'Expiry Date',
];
const TEMPLATE_EXAMPLE = [
  'Ada',
  'Nwosu',
  '08031234567',
  'ada@example.com',
  'Female',
  '1994-05-17',
  'Ikeja',
  'Lagos',
  'Monthly',
  '2026-12-31',
];

export const TEMPLATE_NAME = 'kora-members-template.csv';

/** The template as a CSV file (with a BOM, so Excel reads it as UTF-8). */
export const templateCsv = (): Blob =>
  new Blob([`\uFEFF${TEMPLATE_HEADERS.join(',')}\r\n${TEMPLATE_EXAMPLE.join(',')}\r\n`], {
    type: 'text/csv;charset=utf-8',
  });
