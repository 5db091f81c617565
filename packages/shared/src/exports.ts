import { z } from 'zod';
import { FOUND_BY } from './check-in';
import { choiceFilter } from './common';
import { contract } from './contract';
import { memberFilters } from './members';
import { dateRangeCheck, dayFilter, paymentFilters } from './payments';
import { subscriptionFilters } from './subscriptions';

/**
 * Exports: the members, payments and subscriptions lists as a file a gym owner opens in Excel,
 * every row the list's filters keep (not one page), newest first. `csv` is UTF-8 with a BOM;
 * `xlsx` has real date and naira cells.
 */
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const format = z
  .enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' })
  .optional()
  .default('csv');

const memberExportQuery = z.object({ ...memberFilters, format });
export type MemberExportQuery = z.infer<typeof memberExportQuery>;

const paymentExportQuery = z.object({ ...paymentFilters, format }).superRefine(dateRangeCheck);

const subscriptionExportQuery = z
  .object({ ...subscriptionFilters, format })
  .superRefine(dateRangeCheck);

/**
 * The visits export: Lagos days from `date_from` to `date_to` (both included; either may be left
 * out) and how the member was found.
 */
const visitExportQuery = z
  .object({
    date_from: dayFilter('From date'),
    date_to: dayFilter('To date'),
    found_by: choiceFilter(FOUND_BY, 'Found by must be phone, member_id, card, name or kiosk'),
    format,
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    error: 'To date must be on or after From date',
    path: ['date_to'],
  });
export type VisitExportQuery = z.infer<typeof visitExportQuery>;

/** The file an export answers (its bytes, as the media type says). */
const exportFile = z.string().meta({ format: 'binary' });

const produces = [EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx] as const;

const FILE_NOTE =
  'The same filters as the list, every matching row (no paging), newest first, as an ' +
  'attachment: `format=csv` (default; UTF-8 with a BOM) or `format=xlsx`. Streamed as it is read.';

/** The export calls: whoever may read a list may export it. */
export const exportContracts = {
  members: contract({
    method: 'GET',
    path: '/v1/member/export',
    operationId: 'exportMembers',
    summary: "The business's members as a CSV or Excel file",
    description: FILE_NOTE,
    tag: 'members',
    access: 'members.read',
    query: memberExportQuery,
    answer: exportFile,
    produces,
  }),
  payments: contract({
    method: 'GET',
    path: '/v1/payment/export',
    operationId: 'exportPayments',
    summary: "The business's payments as a CSV or Excel file",
    description:
      `${FILE_NOTE} The takings in a file: owners and admins, and staff only when the owner ` +
      'turned on "Staff see revenue" (403 otherwise).',
    tag: 'payments',
    access: 'payments.read',
    query: paymentExportQuery,
    answer: exportFile,
    produces,
  }),
  subscriptions: contract({
    method: 'GET',
    path: '/v1/subscription/export',
    operationId: 'exportSubscriptions',
    summary: "The business's subscriptions as a CSV or Excel file",
    description: FILE_NOTE,
    tag: 'subscriptions',
    access: 'subscriptions.read',
    query: subscriptionExportQuery,
    answer: exportFile,
    produces,
  }),
  visits: contract({
    method: 'GET',
    path: '/v1/check-in/export',
    operationId: 'exportVisits',
    summary: "The business's visits as a CSV or Excel file",
    description:
      'Every visit between the days given (Lagos days, both included), newest first: member, ' +
      'member ID, day and time (Lagos), how they were found, who recorded them, and the override ' +
      'reason (owner and admin see every reason; staff only those of the visits they recorded). ' +
      '`format=csv` (default; UTF-8 with a BOM) or `format=xlsx`. Streamed as it is read.',
    tag: 'check-in',
    access: 'check_in.read',
    query: visitExportQuery,
    answer: exportFile,
    produces,
  }),
};
