import { and, count, desc, eq, sql } from 'drizzle-orm';
import { senderBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import {
  businesses,
  members,
  outbox,
  plans,
  reminderSends,
  reminderSettings,
  subscriptions,
} from '../../db/schema';

/** The outbox `ref` of a reminder's delivery. */
export const refOf = (sendId: number) => `reminder:${sendId}`;

/** The business's settings; `lock`: locked for the rest of the transaction (what a save replaces). */
export const findSettings = async (db: Executor, businessId: number, lock = false) => {
  const query = db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.businessId, businessId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
};

export const saveSettings = async (
  db: Executor,
  businessId: number,
  values: { enabled: boolean; reminders: { offset_days: number; text: string }[] },
) => {
  const [row] = await db
    .insert(reminderSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({
      target: reminderSettings.businessId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
};

/** The businesses with reminders on, with their reminders and name. */
export const enabledBusinesses = (db: Executor) =>
  db
    .select({
      businessId: reminderSettings.businessId,
      reminders: reminderSettings.reminders,
      ...senderBrief,
    })
    .from(reminderSettings)
    .innerJoin(businesses, eq(businesses.id, reminderSettings.businessId))
    .where(eq(reminderSettings.enabled, true))
    .orderBy(reminderSettings.businessId);

export interface ReminderCandidate {
  subscription_id: number;
  member_id: number;
  expiry_date: string;
  plan_id: number;
  plan_name: string | null;
  first_name: string;
  last_name: string;
  /** null when the member has no e-mail. */
  email_address: string | null;
  mobile_number: string;
  /** The member ID, e.g. IRON-00042 (the audit trail names the member by it). */
  member_code: string;
}

/**
 * The subscriptions of a business ending on `expiry` that still owe the reminder of
 * `offsetDays`: each the member's latest-ending active subscription (no active one of theirs
 * ends later: a member who renewed is never reminded), of an active member who did not opt
 * out, is not a walk-in and is not frozen today (`expiry` + `offsetDays` is today), with an address, and not yet reminded for this day and expiry date. A group plan is
 * renewed by its payer: only the payer's subscription reminds; a member it covers is never
 * told their cover ends (and, like any later cover, it keeps their own plan's reminder from
 * going while it runs on). Read through the
 * subscriptions' (business_id, expiry_date) index, then per member their (business_id,
 * member_id, …) index.
 */
export const dueCandidates = async (
  db: Executor,
  businessId: number,
  expiry: string,
  offsetDays: number,
  limit: number,
): Promise<ReminderCandidate[]> => {
  const result = await db.execute(sql`
    select s.id as subscription_id, s.member_id, s.expiry_date::text as expiry_date,
      s.subscription_type_id as plan_id, p.name as plan_name,
      m.first_name, m.last_name, m.email_address, m.mobile_number, m.member_id as member_code
    from ${subscriptions} s
    join ${members} m on m.id = s.member_id and m.business_id = s.business_id
    left join ${plans} p on p.id = s.subscription_type_id and p.business_id = s.business_id
    where s.business_id = ${businessId} and s.expiry_date = ${expiry}::date and s.is_active
      and s.group_subscription_id is null
      and m.is_active and not m.reminders_opt_out
      -- A walk-in's day pass is not a membership to renew: no reminder until they join.
      and not m.is_walk_in
      -- A member frozen today is reminded later: the freeze moved their end.
      and kora_frozen_until(s.business_id, s.member_id, ${expiry}::date + ${offsetDays}::int) is null
      and (m.mobile_number <> '' or coalesce(m.email_address, '') <> '')
      and not exists (
        select 1 from subscriptions l
        where l.business_id = s.business_id and l.member_id = s.member_id and l.is_active
          and (l.expiry_date > s.expiry_date or (l.expiry_date = s.expiry_date and l.id > s.id)))
      and not exists (
        select 1 from reminder_sends r
        where r.subscription_id = s.id and r.offset_days = ${offsetDays}
          and r.expiry_date = s.expiry_date)
    order by s.id
    limit ${limit}`);
  return (result as unknown as { rows: ReminderCandidate[] }).rows;
};

/**
 * Claims a reminder: one row per subscription, day and expiry date. Undefined when it was
 * already claimed (by another run or instance): nothing is to be sent.
 */
export const claimSend = async (
  db: Executor,
  values: typeof reminderSends.$inferInsert,
): Promise<number | undefined> => {
  const [row] = await db
    .insert(reminderSends)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reminderSends.id });
  return row?.id;
};

/** A page of a member's reminders, newest first, with their delivery's status. */
export const listMemberSends = async (
  db: Executor,
  businessId: number,
  memberId: number,
  page: { limit: number; offset: number },
) => {
  const where = and(eq(reminderSends.businessId, businessId), eq(reminderSends.memberId, memberId));
  const [rows, totals] = await Promise.all([
    db
      .select({ send: reminderSends, status: outbox.status })
      .from(reminderSends)
      .leftJoin(
        outbox,
        sql`${outbox.ref} = 'reminder:' || ${reminderSends.id} and ${outbox.businessId} = ${reminderSends.businessId}`,
      )
      .where(where)
      .orderBy(desc(reminderSends.createdAt), desc(reminderSends.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reminderSends).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
};
export type SendRow = Awaited<ReturnType<typeof listMemberSends>>['rows'][number];

/**
 * Reminders sent since `from`, the members they went to, and how many of those members paid
 * within `windowDays` days after one of them (a subscription written in that window). Reads
 * the sends through (business_id, created_at) and each member's subscriptions through their
 * (business_id, member_id, …) index.
 */
export const summarySince = async (
  db: Executor,
  businessId: number,
  from: Date,
  windowDays: number,
) => {
  const result = await db.execute(sql`
    with sent as (
      select member_id, created_at from reminder_sends
      where business_id = ${businessId} and created_at >= ${from.toISOString()}::timestamptz)
    select
      (select count(*) from sent)::int as sent,
      (select count(distinct member_id) from sent)::int as members,
      (select count(distinct r.member_id) from sent r
        where exists (
          select 1 from subscriptions s
          where s.business_id = ${businessId} and s.member_id = r.member_id
            and s.created_at >= r.created_at
            and s.created_at < r.created_at + make_interval(days => ${windowDays})))::int as renewed`);
  const row = (result as unknown as { rows: { sent: number; members: number; renewed: number }[] })
    .rows[0];
  return row ?? { sent: 0, members: 0, renewed: 0 };
};
