import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  addDays,
  exportContracts,
  lagosDay,
  lagosMidnight,
  type FoundBy,
  type Role,
  type VisitExportQuery,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/payment-days';
import { route } from '../../lib/contract-route';
import {
  sendExport,
  type BatchReader,
  type ExportColumn,
  type ExportCursor,
  type ExportSpec,
} from '../../lib/export-file';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf, recordExport } from '../audit';

/*
 * The visits export (GET /v1/check-in/export): every visit of the chosen Lagos days, newest first,
 * as CSV or .xlsx through the export machinery the other lists use (keyset batches by
 * (visited_at, id) down the visits' (business, visited_at, id) index).
 */

/** One visit as the export reads it. */
interface VisitExportRow {
  id: number;
  /** visited_at as PostgreSQL prints it (to the microsecond): the next batch's cursor. */
  cursor: string;
  visitedAt: Date;
  memberCode: string;
  firstName: string;
  lastName: string;
  foundBy: FoundBy;
  recordedBy: string | null;
  kiosk: boolean;
  overridden: boolean;
  /** Already cut to what the caller may see. */
  overrideReason: string | null;
}

/** How the member was found, in a gym owner's words. */
const FOUND_BY_WORDS: Record<FoundBy, string> = {
  phone: 'Phone',
  member_id: 'Member ID',
  card: 'Card',
  name: 'Name',
  kiosk: 'Kiosk',
  day_pass: 'Day pass',
};

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const COLUMNS: ExportColumn<VisitExportRow>[] = [
  { header: 'Date', kind: 'day', value: (r) => lagosDay(r.visitedAt), width: 12 },
  { header: 'Time', kind: 'text', value: (r) => lagosTime.format(r.visitedAt), width: 8 },
  { header: 'Member ID', kind: 'text', value: (r) => r.memberCode, width: 12 },
  { header: 'First name', kind: 'text', value: (r) => r.firstName, width: 16 },
  { header: 'Last name', kind: 'text', value: (r) => r.lastName, width: 16 },
  { header: 'Found by', kind: 'text', value: (r) => FOUND_BY_WORDS[r.foundBy] ?? r.foundBy },
  {
    header: 'Recorded by',
    kind: 'text',
    value: (r) => r.recordedBy ?? (r.kiosk ? 'Kiosk' : ''),
    width: 20,
  },
  { header: 'Overridden', kind: 'text', value: (r) => (r.overridden ? 'Yes' : 'No') },
  { header: 'Override reason', kind: 'text', value: (r) => r.overrideReason, width: 40 },
];

/** Who is asking: owners and admins see every override reason, staff those they recorded. */
interface Viewer {
  businessId: number;
  userId: number;
  role: Role;
}

/** One batch of the business's visits the filters keep, newest first, after `after`. */
const visitsBatch = async (
  db: Executor,
  viewer: Viewer,
  query: VisitExportQuery,
  after: ExportCursor | undefined,
  limit: number,
): Promise<VisitExportRow[]> => {
  const from = query.date_from
    ? sql` and v.visited_at >= ${lagosMidnight(query.date_from)}::timestamptz`
    : sql``;
  const to = query.date_to
    ? sql` and v.visited_at < ${lagosMidnight(addDays(query.date_to, 1))}::timestamptz`
    : sql``;
  const foundBy = query.found_by ? sql` and v.found_by = ${query.found_by}` : sql``;
  const keyset = after
    ? sql` and (v.visited_at, v.id) < (${after.at}::timestamptz, ${after.id})`
    : sql``;
  const seesEveryReason = viewer.role === 'owner' || viewer.role === 'admin';
  const reason = seesEveryReason
    ? sql`v.override_reason`
    : sql`case when v.recorded_by_user_id = ${viewer.userId} then v.override_reason end`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select v.id, v.visited_at::text as cursor, v.visited_at, m.member_id as member_code,
        m.first_name, m.last_name, v.found_by, (v.kiosk_token_id is not null or v.found_by = 'kiosk') as kiosk,
        v.override_reason is not null as overridden, ${reason} as override_reason,
        case when u.id is null then null else u.first_name || ' ' || u.last_name end as recorded_by
      from visits v
      join members m on m.id = v.member_id and m.business_id = v.business_id
      left join users u on u.id = v.recorded_by_user_id
      where v.business_id = ${viewer.businessId}${from}${to}${foundBy}${keyset}
      order by v.visited_at desc, v.id desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    cursor: String(r.cursor),
    visitedAt: new Date(r.visited_at as string | Date),
    memberCode: String(r.member_code),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    foundBy: r.found_by as FoundBy,
    recordedBy: (r.recorded_by ?? null) as string | null,
    kiosk: Boolean(r.kiosk),
    overridden: Boolean(r.overridden),
    overrideReason: (r.override_reason ?? null) as string | null,
  }));
};

const visitExport = (read: BatchReader<VisitExportRow>): ExportSpec<VisitExportRow> => ({
  name: 'visits',
  sheet: 'Visits',
  columns: COLUMNS,
  read,
  cursorOf: (r) => ({ at: r.cursor, id: r.id }),
});

/** Registers GET /v1/check-in/export: whoever may read the day's visits may export them. */
export const checkInExportRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, exportContracts.visits, async (req, reply) => {
    const { businessId, userId, role } = tenantOf(req);
    const viewer = { businessId, userId, role };
    // The trail notes who exported what before the first row is read.
    await recordExport(ctx.db, actorOf(req), businessId, 'Visits', {
      export: 'visits',
      filters: req.query,
    });
    return sendExport(
      reply,
      req.query.format,
      visitExport((after, limit) => visitsBatch(ctx.db, viewer, req.query, after, limit)),
    );
  });
};
