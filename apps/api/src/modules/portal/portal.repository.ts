import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { FREEZE_FEE_LABEL } from '@kora/shared';
import { memberContact } from '../../db/briefs';
import type { Executor } from '../../db/client';
import {
  businesses,
  erasureRequests,
  memberSessions,
  memberSignInCodes,
  members,
  payments,
  plans,
  reminderSends,
  visits,
} from '../../db/schema';
import { inBusiness, ofBusiness } from '../../db/tenant';

/** The gym of a member page's code (codes are stored in capitals). */
export const businessByCode = async (db: Executor, code: string) =>
  (
    await db
      .select({
        id: businesses.id,
        code: businesses.code,
        name: businesses.name,
        logoUrl: businesses.logoUrl,
      })
      .from(businesses)
      .where(eq(businesses.code, code))
      .limit(1)
  )[0];

/**
 * The active member of this business reached at a phone (E.164) or an e-mail (lower case). Several
 * members may share a phone (a family, a walk-in added twice): the one added first signs in.
 */
export const memberByAddress = async (
  db: Executor,
  businessId: number,
  address: { phone: string } | { email: string },
) =>
  (
    await db
      .select({ id: members.id })
      .from(members)
      .where(
        inBusiness(
          members,
          businessId,
          eq(members.isActive, true),
          'phone' in address
            ? eq(members.mobileNumber, address.phone)
            : sql`lower(${members.emailAddress}) = ${address.email}`,
        ),
      )
      .orderBy(members.id)
      .limit(1)
  )[0];

export type CodeValues = typeof memberSignInCodes.$inferInsert;

export const insertCode = async (tx: Executor, values: CodeValues) =>
  (await tx.insert(memberSignInCodes).values(values).returning({ id: memberSignInCodes.id }))[0]!;

/**
 * One try of a code, in one statement whatever comes of it: the latest code sent to the address
 * for `purpose` (of `memberId` when given) counts the try and answers its hash, only while it is
 * a member's, unused, within its time and under `maxTries` tries. Undefined when there is no
 * such code (nobody at that address, or a code used, expired or tried out): the same statement
 * ran against no row. Atomic, so parallel tries are counted one by one and at most `maxTries`
 * of them are ever compared.
 */
export const tryLatestCode = async (
  db: Executor,
  q: {
    businessId: number;
    identifierHash: string;
    purpose: 'sign_in' | 'phone_change';
    memberId?: number;
    maxTries: number;
    now: Date;
  },
) => {
  const c = memberSignInCodes;
  const latest = db
    .select({ id: c.id })
    .from(c)
    .where(
      inBusiness(
        c,
        q.businessId,
        eq(c.identifierHash, q.identifierHash),
        eq(c.purpose, q.purpose),
        ...(q.memberId !== undefined ? [eq(c.memberId, q.memberId)] : []),
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(1);
  const [row] = await db
    .update(c)
    .set({ attempts: sql`${c.attempts} + 1` })
    .where(
      and(
        sql`${c.id} = (${latest})`,
        isNotNull(c.memberId),
        isNull(c.usedAt),
        gt(c.expiresAt, q.now),
        lt(c.attempts, q.maxTries),
      ),
    )
    .returning({ id: c.id, memberId: c.memberId, codeHash: c.codeHash });
  return row as { id: number; memberId: number; codeHash: string } | undefined;
};

/**
 * Uses a code up, in one statement: only while it is unused, so two requests with the same
 * right code never both sign in (its try was counted when it was checked).
 */
export const useUpCode = async (tx: Executor, id: number) =>
  (
    await tx
      .update(memberSignInCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(memberSignInCodes.id, id), isNull(memberSignInCodes.usedAt)))
      .returning({ id: memberSignInCodes.id })
  ).length > 0;

export const insertSession = async (
  tx: Executor,
  values: { businessId: number; memberId: number; expiresAt: Date; userAgent: string | null },
) => (await tx.insert(memberSessions).values(values).returning())[0]!;

/**
 * A member's session, valid now: not revoked, not expired, of this business (by its code) and
 * of this member, whose account is still active and not erased. Its last use is noted at most once a minute.
 */
export const liveSession = async (
  db: Executor,
  sessionId: string,
  businessId: number,
  memberId: number,
  businessCode: string,
) =>
  (
    (await db.execute(sql`
      update ${memberSessions} s
      set last_seen_at = case when s.last_seen_at < now() - interval '1 minute'
        then now() else s.last_seen_at end
      from ${businesses} b, ${members} m
      where s.id = ${sessionId}::uuid and s.business_id = ${businessId} and s.member_id = ${memberId}
        and s.revoked_at is null and s.expires_at > now()
        and b.id = s.business_id and b.code = ${businessCode}
        and m.id = s.member_id and m.business_id = s.business_id and m.is_active
        and m.erased_at is null
      returning s.id, b.code as business_code`)) as unknown as {
      rows: { id: string; business_code: string }[];
    }
  ).rows[0];

export const revokeSession = (db: Executor, businessId: number, sessionId: string) =>
  db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(memberSessions.id, sessionId),
        eq(memberSessions.businessId, businessId),
        isNull(memberSessions.revokedAt),
      ),
    );

/** The member's row, with their cover as the check-in verdict reads it. */
export const memberWithCover = async (db: Executor, businessId: number, memberId: number) =>
  (
    await db
      .select({
        ...memberContact,
        homeAddress: members.homeAddress,
        emergencyContactName: members.emergencyContactName,
        emergencyContactNumber: members.emergencyContactNumber,
        emergencyContactRelationship: members.emergencyContactRelationship,
        remindersOptOut: members.remindersOptOut,
        cardCode: members.cardCode,
        marketingConsent: members.marketingConsent,
        isActive: members.isActive,
        cover: sql<string>`kora_member_cover(${members.businessId}, ${members.id})::text`,
      })
      .from(members)
      .where(ofBusiness(members, businessId, memberId))
      .limit(1)
  )[0];

/** The member's last visits, newest first. */
export const lastVisits = (db: Executor, businessId: number, memberId: number, limit: number) =>
  db
    .select({ visitedAt: visits.visitedAt })
    .from(visits)
    .where(inBusiness(visits, businessId, eq(visits.memberId, memberId)))
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(limit);

/** The member's last payments, newest first, with the plan's name. */
export const lastPayments = (db: Executor, businessId: number, memberId: number, limit: number) =>
  db
    .select({
      receiptNumber: payments.receiptNumber,
      receiptToken: payments.receiptToken,
      amountKobo: payments.amountKobo,
      paidOn: payments.paidOn,
      // A freeze fee bought no period of the plan: the member reads "Freeze fee (Monthly)".
      planName: sql<string>`case when ${payments.kind} = 'freeze_fee'
        then ${FREEZE_FEE_LABEL} || ' (' || ${plans.name} || ')' else ${plans.name} end`,
      method: payments.method,
      voidedAt: payments.voidedAt,
      refundedKobo: payments.refundedKobo,
    })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.subscriptionTypeId))
    .where(inBusiness(payments, businessId, eq(payments.memberId, memberId)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);

/** The renewal reminders sent to the member, newest first. */
export const lastReminders = (db: Executor, businessId: number, memberId: number, limit: number) =>
  db
    .select({ sentAt: reminderSends.createdAt, channel: reminderSends.channel })
    .from(reminderSends)
    .where(inBusiness(reminderSends, businessId, eq(reminderSends.memberId, memberId)))
    .orderBy(desc(reminderSends.createdAt), desc(reminderSends.id))
    .limit(limit);

/** Plans of this business a member may buy online: active, individual, available online. */
export const onlinePlans = (db: Executor, businessId: number) =>
  db
    .select({
      id: plans.id,
      name: plans.name,
      amountKobo: plans.amountKobo,
      duration: plans.duration,
      durationType: plans.durationType,
    })
    .from(plans)
    .where(
      inBusiness(
        plans,
        businessId,
        eq(plans.isActive, true),
        eq(plans.isGrouped, false),
        eq(plans.availableOnline, true),
      ),
    )
    .orderBy(plans.amountKobo, plans.id);

export const onlinePlan = async (db: Executor, businessId: number, planId: number) =>
  (await onlinePlans(db, businessId)).find((p) => p.id === planId);

/** Whether the member asked to be erased and the request still waits. */
export const erasurePending = async (db: Executor, businessId: number, memberId: number) =>
  (
    await db
      .select({ id: erasureRequests.id })
      .from(erasureRequests)
      .where(
        inBusiness(
          erasureRequests,
          businessId,
          eq(erasureRequests.memberId, memberId),
          eq(erasureRequests.status, 'pending'),
        ),
      )
      .limit(1)
  ).length > 0;
