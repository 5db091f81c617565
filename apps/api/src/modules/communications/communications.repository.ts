import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { senderBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { businesses, communicationMessages, members, outbox } from '../../db/schema';
import { findOfBusiness, type BusinessQuery, type RecordQuery } from '../../db/tenant';
import { readPage } from '../../lib/paging';

export type MessageRow = typeof communicationMessages.$inferSelect;
export type MessageInsert = Omit<
  typeof communicationMessages.$inferInsert,
  'id' | 'businessId' | 'createdAt' | 'updatedAt'
>;

/** The outbox `ref` of a message's deliveries. */
export const refOf = (messageId: number) => `comms:${messageId}`;

export const insertMessage: BusinessQuery<MessageRow, [values: MessageInsert]> = async (
  db,
  businessId,
  values,
) =>
  (
    await db
      .insert(communicationMessages)
      .values({ ...values, businessId })
      .returning()
  )[0]!;

export const findMessage = (
  db: Executor,
  businessId: number,
  id: number,
): Promise<MessageRow | undefined> => findOfBusiness(db, communicationMessages, businessId, id);

/** A page of the business's messages, newest first. */
export const listMessages = (
  db: Executor,
  businessId: number,
  page: { limit: number; offset: number },
) => {
  const where = eq(communicationMessages.businessId, businessId);
  return readPage(
    db
      .select()
      .from(communicationMessages)
      .where(where)
      .orderBy(desc(communicationMessages.createdAt), desc(communicationMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(communicationMessages).where(where),
  );
};

/** Sets what fanning out found: recipients, skipped, SMS parts, and the status it leads to. */
export const markDispatched = async (
  db: Executor,
  id: number,
  values: { recipients: number; skipped: number; smsParts: number | null; status: string },
) => {
  await db
    .update(communicationMessages)
    .set({ ...values, dispatchedAt: new Date(), updatedAt: new Date() })
    .where(eq(communicationMessages.id, id));
};

/**
 * Claims up to `limit` scheduled messages that are due and marks them SENDING, in the caller's
 * transaction: SKIP LOCKED lets several instances run this at once, each message claimed once.
 */
export const claimDueMessages = async (db: Executor, limit: number): Promise<MessageRow[]> =>
  db
    .update(communicationMessages)
    .set({ status: 'SENDING', updatedAt: new Date() })
    .where(
      inArray(
        communicationMessages.id,
        db
          .select({ id: communicationMessages.id })
          .from(communicationMessages)
          .where(
            and(
              eq(communicationMessages.status, 'SCHEDULED'),
              lte(communicationMessages.scheduleAt, sql`now()`),
            ),
          )
          .orderBy(asc(communicationMessages.scheduleAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

/** SCHEDULED → CANCELLED, only while it is still scheduled (atomic against the release job). */
export const cancelScheduled: RecordQuery<MessageRow | undefined> = async (db, businessId, id) =>
  (
    await db
      .update(communicationMessages)
      .set({ status: 'CANCELLED', updatedAt: new Date() })
      .where(
        and(
          eq(communicationMessages.businessId, businessId),
          eq(communicationMessages.id, id),
          eq(communicationMessages.status, 'SCHEDULED'),
        ),
      )
      .returning()
  )[0];

/** The business's name and e-mail (what a message signs and replies with). */
export const findSender = async (db: Executor, businessId: number) =>
  (
    await db
      .select({ ...senderBrief, promotionsNeedConsent: businesses.promotionsNeedConsent })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1)
  )[0];

/**
 * Recounts a message's deliveries by status and keeps its counts; once none is pending, a
 * message being sent is SENT, or FAILED when any failed for good.
 */
export const settleMessage = async (db: Executor, id: number) => {
  const ref = refOf(id);
  // Hooks of several dispatchers run at once: the message's row is locked first, so each counts
  // after the one before it committed (a new snapshot per statement) and the last to run, which
  // follows the last delivery to settle, writes the final counts. Call inside a transaction.
  await db.execute(sql`select id from comms_messages where id = ${id} for update`);
  await db.execute(sql`
    update comms_messages m set
      delivered = c.delivered,
      failed = c.failed,
      status = case
        when m.status = 'SENDING' and c.pending = 0 then
          case when c.failed > 0 then 'FAILED' else 'SENT' end
        else m.status end,
      updated_at = now()
    from (
      select
        count(*) filter (where status in ('sent', 'stored'))::int as delivered,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending')::int as pending
      from outbox where ref = ${ref}
    ) c
    where m.id = ${id}`);
};

/** Failed deliveries of a message back to pending, from `at`; answers how many. */
export const requeueFailed: RecordQuery<number, [at: Date]> = async (db, businessId, id, at) =>
  (
    await db
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: at })
      .where(
        and(
          eq(outbox.businessId, businessId),
          eq(outbox.ref, refOf(id)),
          eq(outbox.status, 'failed'),
        ),
      )
      .returning({ id: outbox.id })
  ).length;

export const markSending = async (db: Executor, id: number) => {
  await db
    .update(communicationMessages)
    .set({ status: 'SENDING', failed: 0, updatedAt: new Date() })
    .where(eq(communicationMessages.id, id));
};

export type DeliveryFilter = 'pending' | 'done' | 'failed';

const deliveryStatus = (f: DeliveryFilter | undefined): SQL | undefined =>
  f === 'pending'
    ? eq(outbox.status, 'pending')
    : f === 'done'
      ? inArray(outbox.status, ['sent', 'stored'])
      : f === 'failed'
        ? eq(outbox.status, 'failed')
        : undefined;

/** A page of a message's deliveries, by id, with the member's name. */
export const listDeliveries = (
  db: Executor,
  businessId: number,
  id: number,
  status: DeliveryFilter | undefined,
  page: { limit: number; offset: number },
) => {
  const where = and(
    eq(outbox.businessId, businessId),
    eq(outbox.ref, refOf(id)),
    deliveryStatus(status),
  );
  return readPage(
    db
      .select({
        delivery: outbox,
        firstName: members.firstName,
        lastName: members.lastName,
      })
      .from(outbox)
      .leftJoin(members, eq(members.id, outbox.memberId))
      .where(where)
      .orderBy(asc(outbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(outbox).where(where),
  );
};
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];
