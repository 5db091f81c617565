import { visits } from '../db/schema';
import type { TestApp } from './app';

/** One visit to record: the member, when (an ISO instant) and how the desk found them. */
export interface VisitSpec {
  businessId: number;
  memberId: number;
  at: string;
  foundBy?: 'phone' | 'member_id' | 'card' | 'name' | 'kiosk';
  recordedByUserId?: number | null;
  overrideReason?: string | null;
}

/**
 * Writes visits straight into the table (as a check-in or the kiosk would), in one statement: the
 * database's trigger on visits then keeps last_visit_at and the attendance roll-ups, as it does
 * for every real check-in. Answers the rows written.
 */
export const addVisits = (t: TestApp, specs: VisitSpec[]) =>
  t.db
    .insert(visits)
    .values(
      specs.map((v) => ({
        businessId: v.businessId,
        memberId: v.memberId,
        visitedAt: new Date(v.at),
        foundBy: v.foundBy ?? 'phone',
        recordedByUserId: v.recordedByUserId ?? null,
        verdictStatus: v.overrideReason ? 'expired' : 'active',
        overrideReason: v.overrideReason ?? null,
      })),
    )
    .returning();

/** `count` visits of one member, one a day at `time` (Lagos, HH:mm) from `from` (YYYY-MM-DD). */
export const dailyVisits = (
  businessId: number,
  memberId: number,
  days: string[],
  time = '07:30',
): VisitSpec[] => days.map((day) => ({ businessId, memberId, at: `${day}T${time}:00+01:00` }));
