import {
  addDays,
  foldForSearch,
  lagosDay,
  monthStart,
  pageMeta,
  type PageMeta,
  type PageQuery,
  type Visit,
  type VisitListQuery,
  type VisitSummary,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { memberNotFound } from '../members';
import { toVisit, type Viewer } from './check-in.answers';
import * as repo from './check-in.repository';

/** The first instant of a Lagos day (Lagos is UTC+1 all year, without daylight saving). */
const lagosMidnight = (day: string): Date => new Date(`${day}T00:00:00+01:00`);

/**
 * A day's visits (today in Lagos unless `date`), newest first; `meta.total` counts the visits
 * the filters keep. `overrides`: only the visits let in despite a red verdict (staff: only
 * those they recorded).
 */
export const listDayVisits = async (
  ctx: AppContext,
  viewer: Viewer,
  query: VisitListQuery,
): Promise<{ data: Visit[]; meta: PageMeta }> => {
  const day = query.date ?? lagosDay();
  const search = query.search ? foldForSearch(query.search) : undefined;
  const page = await repo.listDay(
    ctx.db,
    viewer.businessId,
    {
      from: lagosMidnight(day),
      to: lagosMidnight(addDays(day, 1)),
      search: search || undefined,
      foundBy: query.found_by,
      overrides: query.overrides,
      ownBy: viewer.role === 'staff' ? viewer.userId : undefined,
    },
    pageWindow(query),
  );
  return pageAnswer(query, page, (row) => toVisit(row, viewer));
};

/**
 * A member's visits, newest first, with their last visit and how many they made this Lagos
 * month and the month before. Another business's member answers 404 like a missing one.
 */
export const listMemberVisits = async (
  ctx: AppContext,
  viewer: Viewer,
  memberId: number,
  query: PageQuery,
): Promise<{ data: Visit[]; meta: PageMeta & { summary: VisitSummary } }> => {
  const [member] = await repo.memberById(ctx.db, viewer.businessId, memberId);
  if (!member) throw memberNotFound();
  const today = lagosDay();
  const thisMonth = monthStart(today);
  const lastMonth = monthStart(addDays(thisMonth, -1));
  const [page, summary] = await Promise.all([
    repo.listOfMember(ctx.db, viewer.businessId, memberId, pageWindow(query)),
    repo.memberVisitSummary(
      ctx.db,
      viewer.businessId,
      memberId,
      lagosMidnight(thisMonth),
      lagosMidnight(lastMonth),
    ),
  ]);
  return {
    data: page.rows.map((row) => toVisit(row, viewer)),
    meta: {
      ...pageMeta(query.page, query.per_page, page.total),
      summary: {
        last_visit_at: summary.last ? new Date(summary.last).toISOString() : null,
        this_month: Number(summary.thisMonth),
        last_month: Number(summary.lastMonth),
      },
    },
  };
};
