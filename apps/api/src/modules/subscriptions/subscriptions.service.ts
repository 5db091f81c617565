import {
  EXPIRING_SOON_DAYS,
  addDays,
  lagosDay,
  type PageMeta,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionSummary,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { BatchReader } from '../../lib/export-file';
import { pageAnswer, pageWindow } from '../../lib/paging';
import type { Executor } from '../../db/client';
import { toSubscription, type GroupPeople, type MemberBrief } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';

export { toPaymentMember, toSubscription, type MemberBrief } from './subscriptions.mapper';
export type { SubscriptionRow } from './subscriptions.repository';

type SubscriptionFilterQuery = Pick<
  SubscriptionListQuery,
  'member_id' | 'subscription_type_id' | 'status' | 'start_date' | 'end_date'
>;

/** The list's filters as the repository takes them (the export's too). */
const filtersOf = (query: SubscriptionFilterQuery): repo.SubscriptionFilters => ({
  memberId: query.member_id,
  planId: query.subscription_type_id,
  status: query.status,
  from: query.start_date,
  to: query.end_date,
});

export const listSubscriptions = async (
  ctx: AppContext,
  businessId: number,
  query: SubscriptionListQuery,
  today: string = lagosDay(),
): Promise<{ data: Subscription[]; meta: PageMeta }> => {
  const page = await repo.listSubscriptions(
    ctx.db,
    businessId,
    filtersOf(query),
    today,
    pageWindow(query),
  );
  const people = await groupPeopleOf(ctx.db, businessId, page.rows);
  return pageAnswer(query, page, (row) => toSubscription(row, people(row.subscription)));
};

/**
 * For the subscriptions shown, who their group plan concerns: a covered member's payer, a
 * paid group subscription's other members. Reads nothing when no row is of a group plan.
 */
const groupPeopleOf = async (
  db: Executor,
  businessId: number,
  rows: { subscription: repo.SubscriptionRow; plan: { isGrouped: boolean } }[],
): Promise<(s: repo.SubscriptionRow) => GroupPeople> => {
  const groupIds = rows
    .filter((r) => r.plan.isGrouped && r.subscription.groupSubscriptionId === null)
    .map((r) => r.subscription.id);
  const payerOf = [...new Set(rows.flatMap((r) => r.subscription.groupSubscriptionId ?? []))];
  if (groupIds.length === 0 && payerOf.length === 0) return () => ({});
  const [members, { payers }] = await Promise.all([
    coveredMembersOf(db, businessId, groupIds),
    repo.groupPeople(db, businessId, [], payerOf),
  ]);
  const payer = new Map(payers.map((p) => [p.subscriptionId, p]));
  return (s) =>
    s.groupSubscriptionId !== null
      ? { coveredBy: payer.get(s.groupSubscriptionId) ?? null }
      : { coveredMembers: members.get(s.id) ?? [] };
};

/** The export's batch reader: the subscriptions the list's filters keep, newest first. */
export const subscriptionExportReader = (
  ctx: AppContext,
  businessId: number,
  query: SubscriptionFilterQuery,
  today: string = lagosDay(),
): BatchReader<repo.SubscriptionExportRow> => {
  const filters = filtersOf(query);
  return (after, limit) =>
    repo.exportSubscriptionsBatch(ctx.db, businessId, filters, today, after, limit);
};
export type { SubscriptionExportRow } from './subscriptions.repository';

export const subscriptionSummary = async (
  ctx: AppContext,
  businessId: number,
  today: string = lagosDay(),
): Promise<SubscriptionSummary> =>
  repo.subscriptionSummary(ctx.db, businessId, today, addDays(today, EXPIRING_SOON_DAYS));

/** The other members each of the paid group subscriptions `ids` covers (nothing read for none). */
export const coveredMembersOf = async (
  db: Executor,
  businessId: number,
  ids: number[],
): Promise<Map<number, MemberBrief[]>> => {
  const members = new Map<number, MemberBrief[]>();
  if (ids.length === 0) return members;
  const { covered } = await repo.groupPeople(db, businessId, ids, []);
  for (const c of covered) {
    const list = members.get(c.groupId!) ?? [];
    list.push(c.member);
    members.set(c.groupId!, list);
  }
  return members;
};
