import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A filter's condition when the filter was given; none (undefined, which and() skips) when not. */
export const given = <T>(value: T | undefined, condition: (value: T) => SQL): SQL | undefined =>
  value === undefined ? undefined : condition(value);

/** The filters of the lists of what members bought (payments, subscriptions). */
export interface MemberPlanFilters {
  memberId?: number;
  planId?: number;
}

/** Rows of this business, of the member and of the plan asked for, if any. */
export const ofMemberAndPlan = (
  table: { businessId: AnyPgColumn; memberId: AnyPgColumn; subscriptionTypeId: AnyPgColumn },
  businessId: number,
  f: MemberPlanFilters,
): (SQL | undefined)[] => [
  eq(table.businessId, businessId),
  given(f.memberId, (id) => eq(table.memberId, id)),
  given(f.planId, (id) => eq(table.subscriptionTypeId, id)),
];
