import {
  addDays,
  daysIncluded,
  formatDay,
  FREEZE_MESSAGES,
  freezeFeeMessage,
  freezeInputSchema,
  koboToNaira,
  lagosDay,
  pageMeta,
  type FreezeData,
  type Freeze,
  type FreezeRequest,
  type FreezeStatus,
  type FreezeRequestedBy,
  type PageQuery,
  type PaymentMethod,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { recordAudit, type Actor } from '../audit';
import { memberNotFound } from '../members';
import { recordFreezeFee } from '../payments';
import * as repo from './freezes.repository';
import { checkFreeze, type FreezeRules, type KnownFreeze } from './freezes.rules';

const MEMBER_DEACTIVATED = 'This member is deactivated. Reactivate them before freezing.';

const toFreeze = (row: repo.FreezeWithDecider): Freeze => ({
  id: row.id,
  member_id: row.memberId,
  start_date: row.startDate,
  end_date: row.endDate,
  days: row.days,
  reason: row.reason,
  status: row.status as FreezeStatus,
  requested_by: row.requestedBy as FreezeRequestedBy,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
  decided_by: row.decidedBy,
  fee: row.feeKobo == null ? null : koboToNaira(row.feeKobo),
  fee_method: (row.feeMethod as PaymentMethod | null) ?? null,
  fee_due: row.feeDueKobo ? koboToNaira(row.feeDueKobo) : null,
  fee_receipt_number: row.feeReceiptNumber ?? null,
});

/**
 * The plan's freeze fee (kobo, null when free) and how the member paid it: a plan with a fee
 * needs the method from the staff who freeze or approve (422 on `fee_method` otherwise).
 */
const feeOf = (
  running: OwnSubscription | undefined,
  method: PaymentMethod | undefined,
): { feeKobo: number | null; feeMethod: PaymentMethod | null } => {
  const feeKobo = running?.freezeFeeKobo ?? null;
  if (!feeKobo || feeKobo <= 0) return { feeKobo: null, feeMethod: null };
  if (!method) {
    const message = freezeFeeMessage(koboToNaira(feeKobo));
    throw new AppError(422, 'FREEZE_FEE_METHOD', message, { fee_method: message });
  }
  return { feeKobo, feeMethod: method };
};

/**
 * A freeze fee is a payment of the member: recorded with its receipt number (kind 'freeze_fee',
 * the frozen subscription's plan, no period, no subscription) in the freeze's own transaction,
 * and linked from the freeze. Its key is the freeze's, so the fee of one freeze is never
 * recorded twice.
 */
const payFee = async (
  tx: Tx,
  businessId: number,
  memberId: number,
  freezeId: number,
  running: OwnSubscription,
  fee: { feeKobo: number | null; feeMethod: PaymentMethod | null },
  range: { start: string; end: string },
  actor: Actor,
) => {
  if (!fee.feeKobo || !fee.feeMethod) return;
  const paid = await recordFreezeFee(tx, {
    businessId,
    memberId,
    planId: running.planId,
    amountKobo: fee.feeKobo,
    method: fee.feeMethod,
    purpose: `Freeze fee (${formatDay(range.start)} to ${formatDay(range.end)})`,
    idempotencyKey: `freeze-fee:${freezeId}`,
    recordedBy: actor.userId ?? null,
    today: lagosDay(),
    actorKind: actor.kind,
  });
  await repo.updateFreeze(tx, businessId, freezeId, { feePaymentId: paid.paymentId });
};

const freezeNotFound = () => notFound(FREEZE_MESSAGES.notFound, 'FREEZE_NOT_FOUND');

/** 422: the plan's rule the freeze breaks, on its field (or as the form's message). */
const refused = (refusal: { field?: string; message: string }) =>
  new AppError(
    422,
    'FREEZE_REFUSED',
    refusal.message,
    refusal.field ? { [refusal.field]: refusal.message } : undefined,
  );

type OwnSubscription = Awaited<ReturnType<typeof repo.ownSubscriptionsFrom>>[number];

/** The member's own subscription running on `day` (the one ending last when several do). */
const runningOn = (subs: readonly OwnSubscription[], day: string) =>
  subs
    .filter((s) => s.startDate <= day && day <= s.expiryDate)
    .sort((a, b) => b.expiryDate.localeCompare(a.expiryDate))[0];

const rulesOf = (sub: OwnSubscription | undefined): FreezeRules | null =>
  sub
    ? {
        planName: sub.planName,
        allowed: sub.freezeAllowed,
        minDays: sub.freezeMinDays,
        maxDays: sub.freezeMaxDays,
        maxDaysPerYear: sub.freezeMaxDaysPerYear,
        maxPerYear: sub.freezeMaxPerYear,
      }
    : null;

/**
 * The freeze rules of the member's own plan running on `day` (null: none running), with the
 * plan's freeze fee in naira (null: free): what the member's page states before they ask.
 */
export const freezeRulesOf = async (
  exec: Executor,
  businessId: number,
  memberId: number,
  day: string,
): Promise<(FreezeRules & { feeNaira: number | null }) | null> => {
  const running = runningOn(await repo.ownSubscriptionsFrom(exec, businessId, memberId, day), day);
  const rules = rulesOf(running);
  if (!running || !rules) return null;
  const fee = running.freezeFeeKobo ? koboToNaira(running.freezeFeeKobo) : null;
  return { ...rules, feeNaira: fee };
};

const known = (rows: readonly repo.FreezeRow[]): KnownFreeze[] =>
  rows.map((f) => ({
    id: f.id,
    start: f.startDate,
    end: f.endDate,
    days: f.days,
    status: f.status,
  }));

/**
 * The member (locked), their freezes and own subscriptions from `start`; 422 with the rule a
 * freeze from `start` to `end` breaks, if any.
 */
const assess = async (
  tx: Tx,
  businessId: number,
  memberId: number,
  range: { start: string; end: string },
  by: 'staff' | 'member',
  self?: number,
) => {
  const member = await repo.lockMember(tx, businessId, memberId);
  if (!member) throw memberNotFound();
  const existing = await repo.freezesOf(tx, businessId, memberId);
  const subs = await repo.ownSubscriptionsFrom(tx, businessId, memberId, range.start);
  const running = runningOn(subs, range.start);
  const refusal = member.isActive
    ? checkFreeze(
        {
          ...range,
          today: lagosDay(),
          by,
          firstName: member.firstName,
          rules: rulesOf(running),
          self,
        },
        known(existing),
      )
    : { message: MEMBER_DEACTIVATED };
  if (refusal) throw refused(refusal);
  return { member, subs, running };
};

/**
 * Approving a freeze of `days` days from `start`: the member's own subscription running on
 * `start` ends `days` later, and every later one (a renewal already paid, chained after it)
 * starts and ends `days` later, so it still starts the day after the first ends. The group
 * cover rows those subscriptions pay for move with them. Plain day addition: a freeze adds
 * days, never months.
 */
const moveForFreeze = async (
  tx: Tx,
  businessId: number,
  subs: readonly OwnSubscription[],
  start: string,
  days: number,
) => {
  await repo.moveSubscriptions(
    tx,
    businessId,
    {
      extend: subs.filter((s) => s.startDate <= start && start <= s.expiryDate).map((s) => s.id),
      shift: subs.filter((s) => s.startDate > start).map((s) => s.id),
    },
    days,
  );
};

const memberName = (m: { firstName: string; lastName: string; memberCode: string }) =>
  `${`${m.firstName} ${m.lastName}`.trim()} (${m.memberCode})`;

/** Who decided a freeze (a staff freeze is decided as it is made), and when: now. */
const decidedBy = (actor: Actor) => ({
  decidedByUserId: actor.userId ?? null,
  decidedAt: new Date(),
});

const auditFreeze = (
  tx: Tx,
  actor: Actor,
  businessId: number,
  member: { id: number; firstName: string; lastName: string; memberCode: string },
  action: 'freeze.create' | 'freeze.request' | 'freeze.approve' | 'freeze.decline' | 'freeze.end',
  detail: Record<string, unknown>,
) =>
  recordAudit(tx, actor, {
    businessId,
    action,
    recordKind: 'member',
    recordId: member.id,
    recordLabel: memberName(member),
    memberId: member.id,
    detail,
  });

const readFreeze = async (exec: Executor, businessId: number, memberId: number, id: number) => {
  const row = await repo.findFreeze(exec, businessId, memberId, id);
  if (!row) throw freezeNotFound();
  return toFreeze(row);
};

/** The member's freezes, newest first (404 for a member of another business). */
export const listFreezes = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
): Promise<Freeze[]> => {
  if (!(await repo.findMember(ctx.db, businessId, memberId))) throw memberNotFound();
  return freezesOfMember(ctx.db, businessId, memberId);
};

/** The member's freezes, newest first (none for a member of another business). */
export const freezesOfMember = async (
  exec: Executor,
  businessId: number,
  memberId: number,
): Promise<Freeze[]> => (await repo.freezesOf(exec, businessId, memberId)).map(toFreeze);

/** The last frozen day of the member's approved freeze covering `today`, or null. */
export const frozenUntil = (
  exec: Executor,
  businessId: number,
  memberId: number,
  today: string,
): Promise<string | null> => repo.frozenUntil(exec, businessId, memberId, today);

/**
 * An approved freeze (a staff freeze at once, a request on approval) takes effect in its
 * transaction: the member's subscriptions move, the plan's fee is paid, the trail says so.
 */
const putInForce = async (
  tx: Tx,
  actor: Actor,
  action: 'freeze.create' | 'freeze.approve',
  freeze: Pick<repo.FreezeRow, 'id' | 'businessId' | 'startDate' | 'endDate' | 'days'>,
  { member, subs, running }: Awaited<ReturnType<typeof assess>>,
  fee: ReturnType<typeof feeOf>,
) => {
  const range = { start: freeze.startDate, end: freeze.endDate };
  await moveForFreeze(tx, freeze.businessId, subs, range.start, freeze.days);
  await payFee(tx, freeze.businessId, member.id, freeze.id, running!, fee, range, actor);
  await auditFreeze(tx, actor, freeze.businessId, member, action, {
    start_date: range.start,
    end_date: range.end,
    days: freeze.days,
    ...(fee.feeKobo ? { fee_kobo: fee.feeKobo, fee_method: fee.feeMethod } : {}),
  });
};

/**
 * What a new freeze of `range` freezes: the member's subscription running on its first day, and
 * how many days.
 */
const spanOf = (
  memberId: number,
  running: OwnSubscription,
  range: { start: string; end: string },
) => ({
  memberId,
  subscriptionId: running.id,
  startDate: range.start,
  endDate: range.end,
  days: daysIncluded(range.start, range.end),
});

/**
 * A staff freeze: checked against the plan's rules (it may start today) and approved at once,
 * moving the member's subscriptions, in one transaction holding the member's row. The same
 * Idempotency-Key again answers the first freeze (`replayed`).
 */
export const createFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  input: FreezeData,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ freeze: Freeze; replayed: boolean }> => {
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId, scope: `freeze:${memberId}`, key: idempotencyKey, body: input },
    async (tx) => {
      const range = { start: input.start_date, end: input.end_date };
      const assessed = await assess(tx, businessId, memberId, range, 'staff');
      const fee = feeOf(assessed.running, input.fee_method);
      const span = spanOf(memberId, assessed.running!, range);
      const row = await repo.insertFreeze(tx, businessId, {
        ...span,
        reason: input.reason ?? null,
        status: 'approved',
        requestedBy: 'staff',
        createdByUserId: actor.userId ?? null,
        ...decidedBy(actor),
        ...fee,
      });
      await putInForce(tx, actor, 'freeze.create', row, assessed, fee);
      return row.id;
    },
  );
  return { freeze: await readFreeze(ctx.db, businessId, memberId, id), replayed };
};

/**
 * A member's own request (from their page): refused by the plan's rules with 422 (it may start
 * tomorrow at the earliest); else waiting for the staff's approval, or approved at once when the
 * business approves requests that keep to the rules automatically.
 */
export const requestFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  raw: { start_date: string; end_date: string; reason: string | null | undefined },
  idempotencyKey?: string,
): Promise<Freeze> => {
  // The same checks as the staff form (dates, their order, the reason's text), whoever calls.
  const parsed = freezeInputSchema.safeParse({ ...raw, fee_method: undefined });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [String(i.path[0] ?? 'start_date'), i.message]),
    );
    throw badRequest(Object.values(fields)[0]!, 'VALIDATION_ERROR', fields);
  }
  const input = parsed.data;
  const { id } = await createOnce(
    ctx.db,
    { businessId, scope: `freeze-request:${memberId}`, key: idempotencyKey, body: input },
    async (tx) => {
      const range = { start: input.start_date, end: input.end_date };
      const { member, subs, running } = await assess(tx, businessId, memberId, range, 'member');
      // A plan with a fee waits for the staff, who take the fee.
      const auto = !running?.freezeFeeKobo && (await repo.autoApproves(tx, businessId));
      const span = spanOf(memberId, running!, range);
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      const row = await repo.insertFreeze(tx, businessId, {
        ...span,
        reason,
        status: auto ? 'approved' : 'requested',
        requestedBy: 'member',
        decidedAt: auto ? new Date() : null,
      });
      if (auto) await moveForFreeze(tx, businessId, subs, range.start, span.days);
      await auditFreeze(
        tx,
        { kind: 'member', name: `${member.firstName} ${member.lastName}`.trim() },
        businessId,
        member,
        'freeze.request',
        {
          start_date: range.start,
          end_date: range.end,
          days: span.days,
          approved_automatically: auto,
        },
      );
      return row.id;
    },
  );
  return readFreeze(ctx.db, businessId, memberId, id);
};

/** 409 unless the freeze still waits for a decision. */
const mustBeRequested = (freeze: { status: string }) => {
  if (freeze.status !== 'requested')
    throw conflict(FREEZE_MESSAGES.notRequested, 'FREEZE_NOT_REQUESTED');
};

type LockedMember = NonNullable<Awaited<ReturnType<typeof repo.lockMember>>>;

/**
 * Changes one freeze of the member in one transaction holding the member's row (404 for a member
 * or a freeze of another business), then answers the freeze as it now is.
 */
const changeFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  freezeId: number,
  change: (tx: Tx, member: LockedMember, freeze: repo.FreezeWithDecider) => Promise<void>,
): Promise<Freeze> => {
  await ctx.db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, businessId, memberId);
    if (!member) throw memberNotFound();
    const freeze = await repo.findFreeze(tx, businessId, memberId, freezeId);
    if (!freeze) throw freezeNotFound();
    await change(tx, member, freeze);
  });
  return readFreeze(ctx.db, businessId, memberId, freezeId);
};

/** Approves a member's request: the plan's rules checked again, the subscriptions moved. */
export const approveFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  freezeId: number,
  feeMethod: PaymentMethod | undefined,
  actor: Actor,
): Promise<Freeze> =>
  changeFreeze(ctx, businessId, memberId, freezeId, async (tx, _member, freeze) => {
    mustBeRequested(freeze);
    const range = { start: freeze.startDate, end: freeze.endDate };
    const assessed = await assess(tx, businessId, memberId, range, 'staff', freeze.id);
    const fee = feeOf(assessed.running, feeMethod);
    await repo.updateFreeze(tx, businessId, freeze.id, {
      status: 'approved',
      subscriptionId: assessed.running!.id,
      ...decidedBy(actor),
      ...fee,
    });
    await putInForce(tx, actor, 'freeze.approve', freeze, assessed, fee);
  });

/** Declines a member's request; nothing moves. */
export const declineFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  freezeId: number,
  reason: string | null | undefined,
  actor: Actor,
): Promise<Freeze> =>
  changeFreeze(ctx, businessId, memberId, freezeId, async (tx, member, freeze) => {
    mustBeRequested(freeze);
    await repo.updateFreeze(tx, businessId, freeze.id, {
      status: 'declined',
      declineReason: reason ?? null,
      ...decidedBy(actor),
    });
    await auditFreeze(tx, actor, businessId, member, 'freeze.decline', {
      start_date: freeze.startDate,
      end_date: freeze.endDate,
      reason: reason ?? null,
    });
  });

/**
 * Ends an approved freeze early: `on` is the day the member is back (the first day not frozen,
 * today when not given), between the freeze's first day and its last. The days not used
 * (last day − on + 1) come off every subscription the freeze moved: the running one ends that
 * much sooner, later ones (renewals already paid, or bought during the freeze and chained on
 * the moved end) start and end that much sooner, with the group cover rows they pay for. Ended
 * on its first day, the freeze is cancelled.
 */
export const endFreeze = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  freezeId: number,
  on: string | undefined,
  actor: Actor,
): Promise<Freeze> =>
  changeFreeze(ctx, businessId, memberId, freezeId, async (tx, member, freeze) => {
    if (freeze.status !== 'approved' && freeze.status !== 'ended')
      throw conflict(FREEZE_MESSAGES.notRunning, 'FREEZE_NOT_RUNNING');
    const today = lagosDay();
    // Ending a freeze that has not started yet cancels it.
    const back = on ?? (today < freeze.startDate ? freeze.startDate : today);
    if (freeze.endDate < today && on === undefined)
      throw conflict(FREEZE_MESSAGES.alreadyOver, 'FREEZE_OVER');
    if (back < freeze.startDate || back > freeze.endDate)
      throw new AppError(422, 'FREEZE_END_OUTSIDE', FREEZE_MESSAGES.endOutside, {
        on: FREEZE_MESSAGES.endOutside,
      });
    const unused = daysIncluded(back, freeze.endDate);
    const subs = await repo.ownSubscriptionsFrom(tx, businessId, memberId, freeze.startDate);
    const decidedAt = freeze.decidedAt ?? freeze.createdAt;
    await repo.moveSubscriptions(
      tx,
      businessId,
      {
        extend: subs
          .filter((s) => s.startDate <= freeze.startDate && freeze.startDate <= s.expiryDate)
          .map((s) => s.id),
        shift: subs
          .filter(
            (s) =>
              s.startDate > freeze.startDate && (s.createdAt <= decidedAt || s.startDate > back),
          )
          .map((s) => s.id),
      },
      -unused,
    );
    const cancelled = back === freeze.startDate;
    await repo.updateFreeze(tx, businessId, freeze.id, {
      status: cancelled ? 'cancelled' : 'ended',
      endDate: cancelled ? freeze.endDate : addDays(back, -1),
      days: cancelled ? 0 : freeze.days - unused,
      endedAt: new Date(),
    });
    await auditFreeze(tx, actor, businessId, member, 'freeze.end', {
      back_on: back,
      days_given_back: unused,
      summary: `Back on ${formatDay(back)}`,
    });
  });

/** The business's freeze requests waiting for approval, newest first. */
export const listRequests = async (
  ctx: AppContext,
  businessId: number,
  query: PageQuery,
): Promise<{ data: FreezeRequest[]; meta: ReturnType<typeof pageMeta> }> => {
  const { rows, total } = await repo.pendingRequests(ctx.db, businessId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((r) => ({
      ...toFreeze({ ...r.freeze, decidedBy: null, feeDueKobo: r.feeDueKobo }),
      member: r.member,
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
};
