import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EXPORT_MEDIA_TYPES, lagosDay, type ExportFormat } from '@kora/shared';

/*
 * Exports (members, payments, subscriptions) as CSV or .xlsx, streamed: the rows are read in
 * keyset-paged batches (newest first, by (created_at, id)), each batch is written to the answer
 * as it is read, and the next batch is read only once the answer has room for it (backpressure)
 * and only while the client is still there. So 100,000 rows never sit in memory
 * (bench/export-memory.mjs measures it).
 */

/** Rows read per query. */
export const EXPORT_BATCH_SIZE = 1000;

/** Where a batch ends: the next batch starts after this row (created_at as text keeps µs). */
export interface ExportCursor {
  /** created_at as PostgreSQL prints it (exact to the microsecond, with its offset). */
  at: string;
  id: number;
}

/** Reads up to `limit` rows after `after` (none: from the newest), newest first. */
export type BatchReader<R> = (after: ExportCursor | undefined, limit: number) => Promise<R[]>;

/** A cell of an export: text, a number, naira, or a day (YYYY-MM-DD). */
type ColumnKind = 'text' | 'number' | 'naira' | 'day';

export interface ExportColumn<R> {
  header: string;
  kind: ColumnKind;
  value: (row: R) => string | number | null | undefined;
  /** Width in characters in the .xlsx. */
  width?: number;
}

export interface ExportSpec<R> {
  /** The file's first word and the sheet's name: `members` → members-2026-11-25.csv. */
  name: string;
  sheet: string;
  columns: ExportColumn<R>[];
  read: BatchReader<R>;
  cursorOf: (row: R) => ExportCursor;
  batchSize?: number;
}

/** The batches of rows, newest first, each read after the last row of the one before. */
export async function* keysetBatches<R>(
  read: BatchReader<R>,
  cursorOf: (row: R) => ExportCursor,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await read(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

/** The xlsx format of a day cell and of a naira cell. */
const DAY_FORMAT = 'dd/mm/yyyy';
const NAIRA_FORMAT = '"₦"#,##0.00';

/** YYYY-MM-DD → 25/11/2026 (en-NG), as the CSV writes a day. */
export const dayText = (day: string): string => {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A Nigerian E.164 number in its local form: +2348031234567 → 08031234567. */
export const localPhone = (e164: string): string =>
  e164.startsWith('+234') ? `0${e164.slice(4)}` : e164;

/**
 * A text cell as a spreadsheet may not take it for a formula: one starting with = + - @, a tab
 * or a carriage return gets a leading apostrophe (OWASP's CSV injection advice).
 */
export const neutralise = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One CSV field, RFC 4180: quoted when it holds a comma, a quote or a line break. */
export const csvField = (text: string): string =>
  /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

const csvCell = (kind: ColumnKind, value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'naira':
      return (Number(value) / 100).toFixed(2);
    case 'number':
      return String(value);
    case 'day':
      return dayText(String(value));
    case 'text':
      return csvField(neutralise(String(value)));
  }
};

/** A CSV line (CRLF-terminated, as RFC 4180 writes them) of `row`. */
export const csvLine = <R>(columns: ExportColumn<R>[], row: R): string =>
  `${columns.map((c) => csvCell(c.kind, c.value(row))).join(',')}\r\n`;

/** The header line, saying (₦) on naira columns. */
export const csvHeader = <R>(columns: ExportColumn<R>[]): string =>
  `${columns.map((c) => csvField(c.kind === 'naira' ? `${c.header} (₦)` : c.header)).join(',')}\r\n`;

/** A UTC midnight Date for a day: Excel shows it as that day whatever the reader's zone. */
const dayDate = (day: string): Date => new Date(`${day.slice(0, 10)}T00:00:00Z`);

const xlsxCell = (kind: ColumnKind, value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'naira':
      return Number(value) / 100;
    case 'number':
      return Number(value);
    case 'day':
      return dayDate(String(value));
    case 'text':
      return String(value);
  }
};

/**
 * Resolves when `out` may take more (drained) or is gone (the client left: closed or
 * destroyed), so a writer never queues more than the stream's buffer while the client reads.
 */
const roomIn = (out: Writable): Promise<void> =>
  new Promise((resolve) => {
    if (out.destroyed || !out.writableNeedDrain) return resolve();
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/** Writes text, then waits for room when the stream's buffer is full. */
const writeText = async (out: Writable, text: string) => {
  if (!out.write(text)) await roomIn(out);
};

/** Writes the CSV: a BOM (Excel then reads UTF-8: Yoruba diacritics stay right), header, rows. */
export const writeCsv = async <R>(out: Writable, spec: ExportSpec<R>): Promise<void> => {
  await writeText(out, `\uFEFF${csvHeader(spec.columns)}`);
  for await (const rows of keysetBatches(spec.read, spec.cursorOf, spec.batchSize)) {
    if (out.destroyed) return;
    await writeText(out, rows.map((row) => csvLine(spec.columns, row)).join(''));
    if (out.destroyed) return;
  }
  out.end();
};

/**
 * Writes the .xlsx with exceljs's streaming writer: each row is committed (written out of
 * memory) as it is added, strings inline (no shared-strings table kept), dates as real date
 * cells (dd/mm/yyyy) and naira as numbers (₦ format).
 */
export const writeXlsx = async <R>(out: Writable, spec: ExportSpec<R>): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
  }));
  for await (const rows of keysetBatches(spec.read, spec.cursorOf, spec.batchSize)) {
    if (out.destroyed) return;
    for (const row of rows) {
      const added = sheet.addRow(spec.columns.map((c) => xlsxCell(c.kind, c.value(row))));
      spec.columns.forEach((c, i) => {
        if (c.kind === 'day') added.getCell(i + 1).numFmt = DAY_FORMAT;
        if (c.kind === 'naira') added.getCell(i + 1).numFmt = NAIRA_FORMAT;
      });
      added.commit();
    }
    // Let the zip catch up, then wait while the answer is full: the client sets the pace.
    await new Promise((resolve) => setImmediate(resolve));
    await roomIn(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
};

/**
 * Answers the export as an attachment, streamed: `members-2026-11-25.csv`. Not cached; an
 * .xlsx (already zipped) is not compressed again (its media type is not one the compression
 * plugin takes). A failure once rows are flowing ends the answer early (the headers are gone).
 */
export const sendExport = <R>(
  reply: FastifyReply,
  format: ExportFormat,
  spec: ExportSpec<R>,
): FastifyReply => {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const write = format === 'csv' ? writeCsv : writeXlsx;
  write(out, spec).catch((error: unknown) => {
    reply.log.error({ err: error }, `export of ${spec.name} failed`);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', EXPORT_MEDIA_TYPES[format])
    .header('content-disposition', `attachment; filename="${spec.name}-${lagosDay()}.${format}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(out);
};
