import { lagosDay } from '@kora/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/payment-days';

/*
 * The roster's read: a business's members changed after a cursor, in change order. Each member
 * carries roster_tx, the transaction that last changed what the desk's copy shows (set by the
 * column's default and the roster_* triggers); the read takes only the members whose roster_tx
 * is below the snapshot's xmin (every transaction below it has ended, so nothing can still
 * appear there: a transaction running while a device syncs is read on its next sync), pages by
 * (roster_tx, id) through (business_id, roster_tx, id), and answers that xmin, where the next
 * full pass starts.
 */

export interface RosterRow {
  id: number;
  member_code: string;
  first_name: string;
  last_name: string;
  mobile_number: string;
  picture_url: string | null;
  card_hash: string | null;
  is_active: boolean;
  last_visit_at: string | null;
  /** JSON text: [{ start_date, expiry_date, plan_name, covered_by }]. */
  subscriptions: string;
  /** The member's approved freeze running today or the next one ahead: its first and last day. */
  frozen_from: string | null;
  frozen_until: string | null;
  roster_tx: string;
}

export interface RosterPage {
  /** At most `limit` + 1 rows: one more says another page follows. */
  rows: RosterRow[];
  /** The snapshot's xmin: every change below it is read or readable now. */
  horizon: bigint;
  /** Ids of members deleted from the cursor's transaction up to the horizon. */
  removed: number[];
}

/**
 * Up to `limit` + 1 members of the business after (`tx`, `id`) and below the horizon, each with
 * their subscriptions that are not withdrawn and end on or after `fromDay`, and (when
 * `withRemoved`) the members deleted or erased since `tx` (erasure writes a removal: an erased
 * member leaves the desks' copies, card and all). One statement.
 */
export const rosterPage = async (
  db: Executor,
  businessId: number,
  after: { tx: bigint; id: number },
  limit: number,
  fromDay: string,
  withRemoved: boolean,
  today: string = lagosDay(),
): Promise<RosterPage> => {
  const rows = rowsOf<RosterRow & { horizon: string; removed: number[] | null }>(
    await db.execute(sql`
      with h as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon)
      select h.horizon::text as horizon,
        case when ${withRemoved} then (select array_agg(r.member_id order by r.member_id)
          from roster_removals r where r.business_id = ${businessId}
            and r.roster_tx >= ${after.tx.toString()}::bigint and r.roster_tx < h.horizon) end
          as removed,
        m.*
      from h left join lateral (
        select m.id, m.member_id as member_code, m.first_name, m.last_name, m.mobile_number,
          m.picture_url, encode(sha256(convert_to(m.card_code, 'UTF8')), 'hex') as card_hash,
          m.is_active, m.last_visit_at, m.roster_tx::text as roster_tx,
          (select coalesce(json_agg(json_build_object(
              'start_date', s.start_date, 'expiry_date', s.expiry_date, 'plan_name', p.name,
              'covered_by', case when s.group_subscription_id is not null then (
                select pm.first_name || ' ' || pm.last_name from subscriptions g
                join members pm on pm.id = g.member_id where g.id = s.group_subscription_id) end)
            order by s.start_date, s.id), '[]'::json)::text
          from subscriptions s join plans p on p.id = s.subscription_type_id
          where s.business_id = m.business_id and s.member_id = m.id and s.is_active
            and s.expiry_date >= ${fromDay}::date) as subscriptions,
          fz.frozen_from, fz.frozen_until
        from members m
        -- The freeze running today, else the next one: an approval moves the member's
        -- subscriptions, so the copy is sent again whenever a freeze is approved or ended.
        left join lateral (
          select f.start_date::text as frozen_from, f.end_date::text as frozen_until
          from freezes f where f.business_id = m.business_id and f.member_id = m.id
            and f.status in ('approved', 'ended') and f.end_date >= ${today}::date
          order by f.start_date limit 1
        ) fz on true
        where m.business_id = ${businessId} and m.erased_at is null
          and (m.roster_tx, m.id) > (${after.tx.toString()}::bigint, ${after.id}::integer)
          and m.roster_tx < h.horizon
        order by m.roster_tx, m.id
        limit ${limit + 1}
      ) m on true`),
  );
  const first = rows[0]!;
  return {
    horizon: BigInt(first.horizon),
    removed: first.removed ?? [],
    rows: first.id === null || first.id === undefined ? [] : rows,
  };
};
