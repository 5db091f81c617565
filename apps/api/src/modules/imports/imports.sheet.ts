import { parse as parseCsv } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_HEADER_ROWS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, headerScore } from '@kora/shared';
import type { ImportSheetRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/*
 * Reading a spreadsheet of members: the first sheet of an .xlsx workbook (streamed) or a CSV file (comma,
 * semicolon or tab separated; UTF-8, or Windows-1252 as older Excel saves it), every cell as
 * text. The header row is found (a title row, a grouped row above the column names or blank
 * lines are passed over), blank rows are dropped and each kept row remembers its row number in the
 * sheet, for messages.
 */

/** Columns read per row; a sheet wider than this is cut (no member has more fields). */
const MAX_COLUMNS = 60;
/** Characters kept per cell: longer than any member field, so a longer value is still refused. */
const MAX_CELL = 1000;
/** Rows looked at for the header. */
const HEADER_SEARCH_ROWS = IMPORT_HEADER_ROWS;

export interface Sheet {
  /** The sheet row number of the header row (1-based, as Excel numbers rows). */
  headerRow: number;
  headers: string[];
  rows: ImportSheetRow[];
  /** The first non-blank rows (those the header row can be chosen among), as read. */
  leadRows: ImportSheetRow[];
}

/** NUL and lone surrogates: what PostgreSQL cannot store in text. */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- NUL is what is looked for
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Runs of control characters (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * A cell's text as it can be kept: NUL and lone surrogates (which the database cannot store)
 * become U+0001, so a value holding them is still refused as "characters that can't be used"
 * rather than silently changed.
 */
const keepable = (text: string): string => text.slice(0, MAX_CELL).replace(UNSTORABLE, '\u0001');

/** A header as shown on the mapping screen: one line, no control characters. */
const headerText = (text: string): string =>
  keepable(text).replace(CONTROLS, ' ').trim().slice(0, 100);

/** A day as `YYYY-MM-DD` from an Excel date (read as midnight UTC of that day). */
const isoDay = (d: Date): string => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

/** An exceljs cell value as the text a person sees. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
};

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The header row among the first non-blank rows: the one whose cells name the most member fields
 * (the first of equals), as long as it names at least two; else the first with at least two
 * cells. A title row ("Members — March") names no field, and a grouped row above the column
 * names ("PERSONAL DETAILS | CONTACT | MEMBERSHIP") names fewer than the column names under it.
 */
const findHeader = (rows: ImportSheetRow[]): number => {
  const candidates = rows.slice(0, HEADER_SEARCH_ROWS);
  let best = -1;
  let bestScore = 1;
  candidates.forEach((r, i) => {
    const score = headerScore(r.cells);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best >= 0) return best;
  const wide = candidates.findIndex(
    (r) => new Set(r.cells.map((c) => c.trim()).filter(Boolean)).size >= 2,
  );
  return wide >= 0 ? wide : 0;
};

/**
 * Header and data rows from the sheet's non-blank rows (numbered as in the sheet), the header
 * being the row numbered `headerRow` when given (one of the first rows), else the one found.
 */
export const splitSheet = (rows: ImportSheetRow[], headerRow?: number): Sheet => {
  const kept = rows.filter((r) => !isBlank(r.cells));
  if (kept.length === 0) throw badRequest(IMPORT_MESSAGES.empty, 'IMPORT_EMPTY');
  let at: number;
  if (headerRow === undefined) at = findHeader(kept);
  else {
    at = kept.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => r.n === headerRow);
    if (at < 0)
      throw badRequest(IMPORT_MESSAGES.headerRow, 'VALIDATION_ERROR', {
        header_row: IMPORT_MESSAGES.headerRow,
      });
  }
  const header = kept[at]!;
  const data = kept.slice(at + 1);
  if (data.length === 0) throw badRequest(IMPORT_MESSAGES.empty, 'IMPORT_EMPTY');
  if (data.length > IMPORT_MAX_ROWS)
    throw badRequest(IMPORT_MESSAGES.tooManyRows, 'IMPORT_TOO_MANY_ROWS');
  const width = Math.max(header.cells.length, ...data.map((r) => r.cells.length));
  const headers = Array.from({ length: width }, (_, i) => {
    const text = headerText(header.cells[i] ?? '');
    return text || `Column ${columnLetter(i)}`;
  });
  return {
    headerRow: header.n,
    headers,
    rows: data.map((r) => ({
      n: r.n,
      cells: Array.from({ length: width }, (_, i) => (r.cells[i] ?? '').trim()),
    })),
    leadRows: kept.slice(0, Math.max(HEADER_SEARCH_ROWS, at + 1)),
  };
};

/** The sheet's rows as read: cut to the columns kept, cells as they can be stored. */
const toSheet = (rows: { n: number; cells: string[] }[]): Sheet =>
  splitSheet(rows.map((r) => ({ n: r.n, cells: r.cells.slice(0, MAX_COLUMNS).map(keepable) })));

/**
 * Every non-blank row of a sheet already read (its first rows and the rows under its header),
 * in sheet order: what the header row can be chosen again from.
 */
export const allRowsOf = (leadRows: ImportSheetRow[], rows: ImportSheetRow[]): ImportSheetRow[] => {
  const byRow = new Map<number, ImportSheetRow>();
  for (const r of [...leadRows, ...rows]) if (!byRow.has(r.n)) byRow.set(r.n, r);
  return [...byRow.values()].sort((a, b) => a.n - b.n);
};

/** A row as the header-row choice shows it: its non-empty cells, on one line. */
export const rowText = (row: ImportSheetRow): string =>
  row.cells.map(headerText).filter(Boolean).join(' | ').slice(0, 120);

/** 0 → A, 25 → Z, 26 → AA: the column letters Excel shows. */
const columnLetter = (index: number): string => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/** What an .xlsx may hold once unzipped: far more than 10,000 rows of members ever need. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/**
 * The sizes a zip archive declares for its files once unzipped, summed from its central
 * directory; Infinity when the directory cannot be read or uses 64-bit sizes. A 5 MB file that
 * unzips to gigabytes (a "zip bomb") is refused before anything is unzipped.
 */
export const declaredUnzippedBytes = (file: Buffer): number => {
  // The end-of-central-directory record: in the last 65,557 bytes (22 + a comment up to 64 kB).
  const from = Math.max(0, file.length - 65_557);
  let end = -1;
  for (let i = file.length - 22; i >= from; i--)
    if (file.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return Infinity;
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) return Infinity;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) return Infinity;
    const size = file.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
};

/**
 * The first sheet of a workbook, read as a stream: rows are taken as they are unzipped and the
 * reading stops past the row limit, so a huge sheet never sits in memory.
 */
const readXlsx = async (file: Buffer): Promise<Sheet> => {
  if (declaredUnzippedBytes(file) > MAX_UNZIPPED_BYTES)
    throw badRequest(IMPORT_MESSAGES.unreadable, 'IMPORT_UNREADABLE');
  const rows: { n: number; cells: string[] }[] = [];
  let tooMany = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Number formats tell a date cell from a number.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells: string[] = [];
        const width = Math.min(row.cellCount, MAX_COLUMNS);
        for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
        rows.push({ n: row.number, cells });
        if (rows.length > IMPORT_MAX_ROWS + HEADER_SEARCH_ROWS + 1000) {
          tooMany = true;
          break;
        }
      }
      break; // the first sheet only
    }
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadable, 'IMPORT_UNREADABLE');
  }
  if (tooMany) throw badRequest(IMPORT_MESSAGES.tooManyRows, 'IMPORT_TOO_MANY_ROWS');
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.empty, 'IMPORT_EMPTY');
  return toSheet(rows);
};

/** The file's text: UTF-8 (a byte-order mark dropped), else Windows-1252. */
const decodeText = (file: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
};

/** The separator of the first non-blank line: the one of comma, semicolon and tab it holds most. */
const separatorOf = (text: string): string => {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const counts = [',', ';', '\t'].map((s) => [s, line.split(s).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
};

const readCsv = (file: Buffer): Sheet => {
  const text = decodeText(file);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      to: IMPORT_MAX_ROWS + HEADER_SEARCH_ROWS + 1000,
    }) as string[][];
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadable, 'IMPORT_UNREADABLE');
  }
  return toSheet(records.map((cells, i) => ({ n: i + 1, cells })));
};

/** xlsx files are zip archives: they start with "PK\x03\x04". */
const isZip = (file: Buffer) =>
  file.length > 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

/**
 * Reads the file by its content (and its name's extension): an .xlsx workbook or CSV text.
 * An old .xls workbook, a PDF or an image is refused with the accepted types.
 */
export const readSheet = async (file: Buffer, fileName: string): Promise<Sheet> => {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (isZip(file)) {
    if (ext !== 'xlsx' && ext !== 'xlsm')
      throw badRequest(IMPORT_MESSAGES.fileType, 'IMPORT_FILE_TYPE');
    return readXlsx(file);
  }
  if (ext !== 'csv' && ext !== 'txt')
    throw badRequest(IMPORT_MESSAGES.fileType, 'IMPORT_FILE_TYPE');
  // A binary file named .csv (many NUL bytes in its first kilobyte) is not text; a stray NUL
  // in a cell is read, and its row refused.
  const nuls = file.subarray(0, 1024).filter((b) => b === 0).length;
  if (nuls > 8) throw badRequest(IMPORT_MESSAGES.fileType, 'IMPORT_FILE_TYPE');
  return readCsv(file);
};
