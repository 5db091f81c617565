import { lagosDay } from '@kora/shared';
import type { ExportColumn, ExportSpec } from '../../lib/export-file';
import { toAuditEntry, type AuditExportRow } from './audit.service';

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** One exported entry: the row with its answer (the same sentence the Activity page shows). */
type Row = AuditExportRow & { answer: ReturnType<typeof toAuditEntry> };

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Date', kind: 'day', value: (r) => lagosDay(r.entry.at), width: 12 },
  { header: 'Time', kind: 'text', value: (r) => lagosTime.format(r.entry.at), width: 10 },
  { header: 'Who', kind: 'text', value: (r) => r.answer.actor.name, width: 22 },
  { header: 'Role', kind: 'text', value: (r) => r.answer.actor.role, width: 8 },
  { header: 'Action', kind: 'text', value: (r) => r.entry.action, width: 20 },
  { header: 'Kind of record', kind: 'text', value: (r) => r.entry.recordKind, width: 14 },
  { header: 'Record', kind: 'text', value: (r) => r.entry.recordLabel, width: 24 },
  { header: 'What happened', kind: 'text', value: (r) => r.answer.text, width: 80 },
];

/** The trail's export: every entry the filters keep, newest first, in plain words. */
export const auditExport = (read: ExportSpec<AuditExportRow>['read']): ExportSpec<Row> => ({
  name: 'activity',
  sheet: 'Activity',
  columns: COLUMNS,
  read: async (after, limit) =>
    (await read(after, limit)).map((r) => ({ ...r, answer: toAuditEntry(r.entry) })),
  cursorOf: (r) => ({ at: r.cursor, id: r.entry.id }),
});
