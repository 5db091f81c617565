import { formatDay, FREEZE_FEE_LABEL, koboToNaira } from '@kora/shared';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../../context';
import { csvHeader, csvLine, type ExportColumn } from '../../lib/export-file';
import { shownText } from '../../lib/outbox';
import { recordAudit, type Actor } from '../audit';
import { freezesOfMember } from '../freezes';
import { getMemberForBusiness, memberLabel } from '../members';
import * as repo from './privacy.repository';
import { consentHistory, foundMember } from './privacy.service';

/** A CSV file (UTF-8 with a BOM, so Excel keeps Yoruba diacritics) of `rows`. */
const csv = <R>(columns: ExportColumn<R>[], rows: R[]): Uint8Array =>
  strToU8(`\uFEFF${csvHeader(columns)}${rows.map((r) => csvLine(columns, r)).join('')}`);

const iso = (d: Date | null | undefined) => d?.toISOString() ?? '';

const README = (gym: string, memberId: string, day: string) => `Your data at ${gym}
Member ${memberId}, downloaded on ${day}.

This file holds everything ${gym} keeps about you in Kora, its membership system:

member.json         your details (names, phone, e-mail, address, date of birth, emergency
                    contact, whether ${gym} may send you offers and news, your card's code)
consents.csv        each time you said yes or no to offers and news: when, and who recorded it
subscriptions.csv   your plans: start and end dates, and whether each is still active
payments.csv        your payments: receipt number, amount in naira, method, date
visits.csv          each time you checked in
freezes.csv         your plan's freezes (pauses)
messages.csv        the messages ${gym} sent you (bulk messages, reminders, receipts; a sign-in
                    code's text is never included)

Under the Nigeria Data Protection Act 2023 you may see this data, have it corrected, object to
offers and news at any time, and ask to be erased. Open your gym's member page (the link your
gym sends you) or ask at the front desk.
`;

/**
 * Everything Kora holds about one member of this business, as a ZIP file: member.json (the
 * profile), consents, subscriptions, payments, visits, freezes and messages as CSV files, and a
 * README.txt. Only this member's records (each read is by business and member). The trail notes
 * who downloaded it. 404 for another business's member.
 */
export const memberExport = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  actor: Actor,
): Promise<{ filename: string; zip: Uint8Array }> => {
  const record = await foundMember(ctx.db, businessId, memberId);
  const [member, business, consents, subscriptions, payments, visits, messages, freezes] =
    await Promise.all([
      getMemberForBusiness(ctx, businessId, memberId),
      repo.businessOf(ctx.db, businessId),
      consentHistory(ctx.db, businessId, memberId),
      repo.subscriptionsOf(ctx.db, businessId, memberId),
      repo.paymentsOf(ctx.db, businessId, memberId),
      repo.visitsOf(ctx.db, businessId, memberId),
      repo.messagesOf(ctx.db, businessId, memberId),
      freezesOfMember(ctx.db, businessId, memberId),
    ]);
  const gym = business?.name ?? 'your gym';
  const today = new Date().toISOString().slice(0, 10);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README(gym, member.member_id, formatDay(today))),
    'member.json': strToU8(
      `${JSON.stringify({ ...member, card_code: record.cardCode, gym }, null, 2)}\n`,
    ),
    'consents.csv': csv<(typeof consents)[number]>(
      [
        { header: 'Choice', kind: 'text', value: (r) => r.choice },
        { header: 'Recorded by', kind: 'text', value: (r) => r.source },
        { header: 'Staff', kind: 'text', value: (r) => r.user_name },
        { header: 'When', kind: 'text', value: (r) => r.created_at },
      ],
      consents,
    ),
    'subscriptions.csv': csv<(typeof subscriptions)[number]>(
      [
        { header: 'Plan', kind: 'text', value: (r) => r.planName },
        { header: 'Start', kind: 'day', value: (r) => r.s.startDate },
        { header: 'End', kind: 'day', value: (r) => r.s.expiryDate },
        { header: 'Active', kind: 'text', value: (r) => (r.s.isActive ? 'Yes' : 'No') },
      ],
      subscriptions,
    ),
    'payments.csv': csv<(typeof payments)[number]>(
      [
        { header: 'Receipt', kind: 'text', value: (r) => r.p.receiptNumber },
        // A freeze fee says so: it bought no period of the plan.
        {
          header: 'Plan',
          kind: 'text',
          value: (r) =>
            r.p.kind === 'freeze_fee' ? `${FREEZE_FEE_LABEL} (${r.planName ?? ''})` : r.planName,
        },
        { header: 'Amount', kind: 'naira', value: (r) => r.p.amountKobo },
        { header: 'Periods', kind: 'number', value: (r) => r.p.duration },
        { header: 'Method', kind: 'text', value: (r) => r.p.method },
        { header: 'Paid on', kind: 'day', value: (r) => r.p.paidOn },
        { header: 'Voided', kind: 'text', value: (r) => (r.p.voidedAt ? 'Yes' : 'No') },
        {
          header: 'Refunded (₦)',
          kind: 'text',
          value: (r) => (r.p.refundedKobo ? koboToNaira(r.p.refundedKobo).toFixed(2) : ''),
        },
      ],
      payments,
    ),
    'visits.csv': csv<(typeof visits)[number]>(
      [
        { header: 'Visited at', kind: 'text', value: (r) => iso(r.visitedAt) },
        { header: 'Found by', kind: 'text', value: (r) => r.foundBy },
        { header: 'Status', kind: 'text', value: (r) => r.verdictStatus },
      ],
      visits,
    ),
    'freezes.csv': csv<(typeof freezes)[number]>(
      [
        { header: 'From', kind: 'day', value: (r) => r.start_date },
        { header: 'To', kind: 'day', value: (r) => r.end_date },
        { header: 'Days', kind: 'number', value: (r) => r.days },
        { header: 'Reason', kind: 'text', value: (r) => r.reason },
        { header: 'Status', kind: 'text', value: (r) => r.status },
        { header: 'Asked by', kind: 'text', value: (r) => r.requested_by },
        { header: 'Asked at', kind: 'text', value: (r) => r.created_at },
      ],
      freezes,
    ),
    'messages.csv': csv<(typeof messages)[number]>(
      [
        { header: 'Sent at', kind: 'text', value: (r) => iso(r.sentAt ?? r.createdAt) },
        { header: 'Channel', kind: 'text', value: (r) => r.channel },
        { header: 'To', kind: 'text', value: (r) => r.to },
        { header: 'Subject', kind: 'text', value: (r) => r.subject },
        // A sign-in code is never exported, delivered or not.
        { header: 'Text', kind: 'text', value: (r) => shownText(r) },
        { header: 'Status', kind: 'text', value: (r) => r.status },
      ],
      messages,
    ),
  };
  await recordAudit(ctx.db, actor, {
    businessId,
    action: 'member.export',
    recordKind: 'member',
    recordId: memberId,
    recordLabel: memberLabel(member),
    memberId,
  });
  return { filename: `member-${member.member_id}.zip`, zip: zipSync(files, { level: 6 }) };
};
