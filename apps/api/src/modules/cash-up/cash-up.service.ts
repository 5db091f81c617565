import {
  addDays,
  koboToNaira,
  nairaToKobo,
  type CashUp,
  type CashUpExpected,
  type CashUpListQuery,
  type CashUpWeek,
  type PageMeta,
  type RecordCashUpData,
  type Role,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { holdDrawer, lastCashUpAt } from '../../db/cash-ups';
import { conflict, notFound } from '../../lib/errors';
import { KEY_REUSED } from '../../lib/idempotency';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { recordAudit, type Actor } from '../audit';
import * as repo from './cash-up.repository';

/*
 * Cash-up: each team user counts the cash in their drawer at the end of their shift. Kora
 * expects their own Cash payments that are not voided, less the Cash refunds they handed out,
 * since their last cash-up (all of them before their first), and records expected, counted
 * and the difference (counted − expected). Owners and admins see everyone's cash-ups; staff
 * see only their own, whatever they ask for.
 */

/** The signed-in team user whose drawer it is. */
export interface Cashier {
  businessId: number;
  userId: number;
  role: Role;
}

const isManager = (role: Role) => role === 'owner' || role === 'admin';

const toCashUp = (r: repo.CashUpRow): CashUp => ({
  id: r.id,
  user_id: r.userId,
  user_name: r.userName,
  expected: koboToNaira(r.expectedKobo),
  counted: koboToNaira(r.countedKobo),
  difference: koboToNaira(r.differenceKobo),
  note: r.note,
  since: r.since?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  lagos_day: r.lagosDay,
});

/** GET /v1/cash-up/expected: what the signed-in user's drawer should hold now. */
export const expectedNow = async (ctx: AppContext, who: Cashier): Promise<CashUpExpected> => {
  const [drawer, since] = await Promise.all([
    repo.drawerNow(ctx.db, who.businessId, who.userId),
    lastCashUpAt(ctx.db, who.businessId, who.userId),
  ]);
  return {
    expected: koboToNaira(drawer.paymentsKobo - drawer.refundsKobo),
    since: since?.toISOString() ?? null,
    cash_payments: drawer.payments,
    cash_payments_total: koboToNaira(drawer.paymentsKobo),
    cash_refunds: drawer.refunds,
    cash_refunds_total: koboToNaira(drawer.refundsKobo),
  };
};

/**
 * POST /v1/cash-up: records the count with what was expected at this moment, and its
 * `cash_up.create` audit entry, in one transaction. The user's drawer is held while it is
 * counted, so two cash-ups sent at once are made one after the other. The same Idempotency-Key
 * again answers the first cash-up (`replayed`) and records nothing; with other details, 409.
 */
export const recordCashUp = async (
  ctx: AppContext,
  actor: Actor,
  who: Cashier,
  input: RecordCashUpData,
  idempotencyKey?: string,
): Promise<{ cashUp: CashUp; replayed: boolean }> => {
  const countedKobo = nairaToKobo(input.counted);
  const { id, replayed } = await ctx.db.transaction(async (tx) => {
    await holdDrawer(tx, who.businessId, who.userId, 'to count');
    if (idempotencyKey) {
      const earlier = await repo.findByKey(tx, who.businessId, idempotencyKey);
      if (earlier) {
        const same =
          earlier.userId === who.userId &&
          earlier.countedKobo === countedKobo &&
          earlier.note === input.note;
        if (!same) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
        return { id: earlier.id, replayed: true };
      }
    }
    // Counted up to the last receipt number committed: a payment still being written is waited
    // for (and counted), one started meanwhile waits for this count (and falls in the next).
    const throughSeq = await repo.receiptsThrough(tx, who.businessId);
    const drawer = await repo.drawerNow(tx, who.businessId, who.userId, throughSeq);
    const expectedKobo = drawer.paymentsKobo - drawer.refundsKobo;
    const newId = await repo.insertCashUp(tx, {
      businessId: who.businessId,
      userId: who.userId,
      expectedKobo,
      countedKobo,
      note: input.note,
      idempotencyKey: idempotencyKey ?? null,
      receiptSeqThrough: throughSeq,
    });
    await recordAudit(tx, actor, {
      businessId: who.businessId,
      action: 'cash_up.create',
      recordKind: 'cash_up',
      recordId: newId,
      recordLabel: actor.name ?? '',
      detail: {
        expected_kobo: expectedKobo,
        counted_kobo: countedKobo,
        difference_kobo: countedKobo - expectedKobo,
        cash_payments: drawer.payments,
        cash_refunds: drawer.refunds,
      },
    });
    return { id: newId, replayed: false };
  });
  const row = await repo.findCashUp(ctx.db, who.businessId, id);
  if (!row) throw notFound('Cash-up not found', 'CASH_UP_NOT_FOUND');
  return { cashUp: toCashUp(row), replayed };
};

/** GET /v1/cash-up: a page of cash-ups, newest first; staff get their own only. */
export const listCashUps = async (
  ctx: AppContext,
  who: Cashier,
  query: CashUpListQuery,
): Promise<{ data: CashUp[]; meta: PageMeta }> => {
  const page = await repo.listCashUps(
    ctx.db,
    who.businessId,
    {
      userId: isManager(who.role) ? query.user_id : who.userId,
      from: query.start_date,
      to: query.end_date,
      shortOnly: query.short_only,
    },
    pageWindow(query),
  );
  return pageAnswer(query, page, toCashUp);
};

/**
 * GET /v1/cash-up/week: the week from Monday `start` to Sunday (Lagos days), each person who
 * cashed up that week (staff: themselves, always listed) with their totals for each of the 7
 * days (zeros on a day without a cash-up), people by name.
 */
export const cashUpWeek = async (
  ctx: AppContext,
  who: Cashier,
  start: string,
): Promise<CashUpWeek> => {
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const own = isManager(who.role) ? undefined : who.userId;
  const rows = await repo.weekTotals(ctx.db, who.businessId, days[0]!, days[6]!, own);
  const people = new Map<number, { name: string; byDay: Map<string, (typeof rows)[number]> }>();
  for (const r of rows) {
    const person = people.get(r.userId) ?? { name: r.name, byDay: new Map() };
    person.byDay.set(r.day, r);
    people.set(r.userId, person);
  }
  if (own !== undefined && !people.has(own)) {
    const name = (await repo.userNameOf(ctx.db, who.businessId, own)) ?? '';
    people.set(own, { name, byDay: new Map() });
  }
  return {
    start,
    days,
    people: [...people.entries()]
      .sort(([a, x], [b, y]) => x.name.localeCompare(y.name) || a - b)
      .map(([userId, p]) => ({
        user_id: userId,
        name: p.name,
        days: days.map((day) => {
          const r = p.byDay.get(day);
          return {
            day,
            expected: koboToNaira(Number(r?.expectedKobo ?? 0)),
            counted: koboToNaira(Number(r?.countedKobo ?? 0)),
            difference: koboToNaira(Number(r?.differenceKobo ?? 0)),
            count: r?.count ?? 0,
          };
        }),
      })),
  };
};
