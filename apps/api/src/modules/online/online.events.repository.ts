import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { paystackKeptEvents, paystackWebhooks } from '../../db/schema';
import { rowsOf } from '../../db/payment-days';

/**
 * The business's webhook address and the events kept while it was disconnected (Drizzle only).
 */

export const findWebhook = async (exec: Executor, businessId: number) =>
  (
    await exec.select().from(paystackWebhooks).where(eq(paystackWebhooks.businessId, businessId))
  )[0];

export const findWebhookByToken = async (exec: Executor, token: string) =>
  (await exec.select().from(paystackWebhooks).where(eq(paystackWebhooks.token, token)))[0];

/** The business's address: the existing one, or `token` when it has none yet. */
export const ensureWebhook = async (exec: Executor, businessId: number, token: string) => {
  await exec.insert(paystackWebhooks).values({ businessId, token }).onConflictDoNothing({
    target: paystackWebhooks.businessId,
  });
  return (await findWebhook(exec, businessId))!;
};

/** The key now connected (its fingerprint) and whether the address must be pasted for it. */
export const setWebhookKey = (
  exec: Executor,
  businessId: number,
  v: { keyFingerprint: string; mode: string; pasteNeeded: boolean },
) => exec.update(paystackWebhooks).set(v).where(eq(paystackWebhooks.businessId, businessId));

/** An event signed by the connected key arrived: the address is in its dashboard. */
export const markWebhookPasted = (exec: Executor, businessId: number) =>
  exec
    .update(paystackWebhooks)
    .set({ pasteNeeded: false })
    .where(
      and(eq(paystackWebhooks.businessId, businessId), eq(paystackWebhooks.pasteNeeded, true)),
    );

// ---- Events kept while disconnected ---------------------------------------------------------

export const countKept = async (exec: Executor, businessId: number) =>
  (
    await exec
      .select({ n: count() })
      .from(paystackKeptEvents)
      .where(eq(paystackKeptEvents.businessId, businessId))
  )[0]?.n ?? 0;

/**
 * Holds the business's kept events for the rest of the transaction: events counted and kept
 * under it are counted one after the other, so parallel events never pass the bound together.
 */
export const lockKept = (tx: Executor, businessId: number) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(${businessId}::integer, hashtext('paystack-kept-events'))`,
  );

/** Keeps an event once (Paystack's retries carry the same body and signature). */
export const keepEvent = (
  exec: Executor,
  v: { businessId: number; signature: string; body: string },
) =>
  exec
    .insert(paystackKeptEvents)
    .values(v)
    .onConflictDoNothing({ target: [paystackKeptEvents.businessId, paystackKeptEvents.signature] });

/**
 * Claims up to `limit` kept events of connected businesses (of `businessId` only, when given)
 * not claimed in the last 5 minutes (FOR UPDATE SKIP LOCKED: two instances never take one
 * together; one that stopped halfway is taken again 5 minutes later).
 */
export const claimKeptEvents = async (db: Db, limit: number, businessId?: number) =>
  rowsOf<{ id: number; business_id: number; signature: string; body: string }>(
    await db.execute(sql`
      update paystack_kept_events k set claimed_at = now()
      from (
        select e.id from paystack_kept_events e
        join paystack_accounts a on a.business_id = e.business_id
        where (e.claimed_at is null or e.claimed_at < now() - interval '5 minutes')
          ${businessId === undefined ? sql`` : sql`and e.business_id = ${businessId}::int`}
        order by e.id
        limit ${limit}::int
        for update of e skip locked
      ) due
      where k.id = due.id
      returning k.id, k.business_id, k.signature, k.body`),
  );

export const deleteKeptEvents = (exec: Executor, ids: number[]) =>
  ids.length
    ? exec.delete(paystackKeptEvents).where(inArray(paystackKeptEvents.id, ids))
    : Promise.resolve();

/** Gives claimed events back (Paystack unreachable): the next pass takes them again. */
export const releaseKeptEvents = (exec: Executor, ids: number[]) =>
  ids.length
    ? exec
        .update(paystackKeptEvents)
        .set({ claimedAt: null })
        .where(inArray(paystackKeptEvents.id, ids))
    : Promise.resolve();

/** Kept events older than `days` (never connected again since) are dropped. */
export const dropStaleKeptEvents = (exec: Executor, days: number) =>
  exec
    .delete(paystackKeptEvents)
    .where(sql`${paystackKeptEvents.receivedAt} < now() - make_interval(days => ${days}::int)`);
