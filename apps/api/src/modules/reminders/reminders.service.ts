import {
  DEFAULT_REMINDERS,
  REMINDER_RENEWAL_WINDOW_DAYS,
  lagosDay,
  monthStart,
  reminderLabel,
  type PageMeta,
  type PageQuery,
  type ReminderChannel,
  type ReminderSend,
  type ReminderSettings,
  type ReminderSummary,
  type UpdateReminderSettingsData,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { changesBetween, recordSettingsChange, type Actor } from '../audit';
import { getMemberForBusiness } from '../members';
import { paymentLinksAvailable } from '../online';
import * as repo from './reminders.repository';

const toSettings = (
  row: Awaited<ReturnType<typeof repo.findSettings>>,
  paymentLinks: boolean,
): ReminderSettings => ({
  enabled: row?.enabled ?? false,
  reminders: row?.reminders ?? DEFAULT_REMINDERS,
  payment_links: paymentLinks,
  updated_at: row?.updatedAt.toISOString() ?? null,
});

/** The settings; a business that never saved them has reminders off and the default ones. */
export const getSettings = async (ctx: AppContext, businessId: number) => {
  const [row, links] = await Promise.all([
    repo.findSettings(ctx.db, businessId),
    paymentLinksAvailable(ctx, businessId),
  ]);
  return toSettings(row, links);
};

/**
 * Saves the settings with their audit entry (reminders on or off, and the reminders before →
 * after), in one transaction; a save that changes nothing writes no entry.
 */
export const updateSettings = async (
  ctx: AppContext,
  businessId: number,
  input: UpdateReminderSettingsData,
  actor: Actor,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const before = toSettings(await repo.findSettings(tx, businessId, true), false);
    const saved = await repo.saveSettings(tx, businessId, input);
    await recordSettingsChange(tx, actor, {
      businessId,
      action: 'reminders.settings',
      recordLabel: 'Renewal reminders',
      changes: changesBetween(before, toSettings(saved, false), ['enabled', 'reminders']),
    });
    return saved;
  });
  return toSettings(row, await paymentLinksAvailable(ctx, businessId));
};

const toSend = ({ send, status }: repo.SendRow): ReminderSend => ({
  id: send.id,
  offset_days: send.offsetDays,
  label: reminderLabel(send.offsetDays),
  expiry_date: send.expiryDate,
  channel: send.channel as ReminderChannel,
  to: send.to,
  // The outbox row is always written with the claim; `pending` until the dispatcher settles it.
  status: (status ?? 'pending') as ReminderSend['status'],
  sent_at: send.createdAt.toISOString(),
});

/** A page of a member's reminders (404 when the member is not this business's). */
export const listMemberSends = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  query: PageQuery,
): Promise<{ data: ReminderSend[]; meta: PageMeta }> => {
  await getMemberForBusiness(ctx, businessId, memberId);
  const page = await repo.listMemberSends(ctx.db, businessId, memberId, pageWindow(query));
  return pageAnswer(query, page, toSend);
};

const LAGOS_OFFSET_MS = 3_600_000; // UTC+1 all year

/** Reminders of this Lagos month and the members who renewed within 7 days of one. */
export const getSummary = async (
  ctx: AppContext,
  businessId: number,
  now: Date = new Date(),
): Promise<ReminderSummary> => {
  const from = new Date(`${monthStart(lagosDay(now))}T00:00:00Z`).getTime() - LAGOS_OFFSET_MS;
  const s = await repo.summarySince(
    ctx.db,
    businessId,
    new Date(from),
    REMINDER_RENEWAL_WINDOW_DAYS,
  );
  return { sent_this_month: s.sent, members_reminded: s.members, renewed_within_7_days: s.renewed };
};
