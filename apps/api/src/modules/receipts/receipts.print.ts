import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import sharp from 'sharp';
import { FREEZE_FEE_LABEL, formatDay, formatNaira, type Receipt } from '@kora/shared';
import type { AppContext } from '../../context';
import { LOCAL_UPLOADS_PREFIX } from '../../lib/storage';
import type { ReceiptPrint } from './receipts.pdf';

/* A receipt in words, as its PDF and its public page show it, and the gym's logo for the PDF. */

/** "27 Nov 2026, 09:15": a moment as a Lagos clock shows it. */
const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const momentText = (iso: string) => {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(at);
  return `${formatDay(day)}, ${lagosTime.format(at)}`;
};

const fullName = (p: { first_name: string; last_name: string }) =>
  `${p.first_name} ${p.last_name}`.trim();

/** The status a receipt carries in capitals: VOIDED, REFUNDED ₦X, or none. */
const statusOf = (r: Receipt): string | null =>
  r.voided ? 'VOIDED' : r.refunded > 0 ? `REFUNDED ${formatNaira(r.refunded)}` : null;

/** "Voided on 28 Nov 2026 — this payment was cancelled." */
const voidedLine = (day: string | null): string =>
  `Voided on ${formatDay(day)} — this payment was cancelled.`;

/** The closing line: thanks for a payment that stands; what became of one that does not. */
const footerOf = (r: Receipt): string | null => {
  if (r.voided) return null;
  if (r.refunded > 0 && r.kept <= 0) return 'This payment was refunded in full.';
  return `Thank you for your payment to ${r.business.name}.`;
};

/** Each refund ("Refunded on 28 Nov 2026 (Cash)", "₦5,000"), then what the gym kept. */
const refundRows = (r: Receipt): [string, string][] =>
  r.voided || r.refunded <= 0
    ? []
    : [
        ...r.refunds.map((f): [string, string] => [
          `Refunded on ${formatDay(f.refunded_on)} (${f.method})`,
          formatNaira(f.amount),
        ]),
        ['Kept', formatNaira(r.kept)],
      ];

/**
 * A discount's lines ("Price ₦25,000", "Discount (10%) −₦2,500 · Loyal member") and the day paid
 * when an owner or admin entered an earlier one ("Paid on 20 Nov 2026").
 */
const discountRows = (r: Receipt): [string, string][] => [
  ...(r.discount
    ? ([
        ['Price', formatNaira(r.amount + r.discount.amount)],
        [
          r.discount.percent === null ? 'Discount' : `Discount (${r.discount.percent}%)`,
          `−${formatNaira(r.discount.amount)} · ${r.discount.reason}`,
        ],
      ] as [string, string][])
    : []),
  ...(r.paid_on_source === 'entered'
    ? ([['Paid on', formatDay(r.paid_on)]] as [string, string][])
    : []),
];

/** The receipt in words, as the PDF and the public page show it. */
export const printOf = (r: Receipt, logo: Buffer | null): ReceiptPrint => {
  const b = r.business;
  const place = [b.address, b.city, b.state]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const contacts = [b.phone, b.email].filter(Boolean).join(' · ');
  const rows: [string, string][] = [['Member', `${fullName(r.member)} (${r.member.member_id})`]];
  if (r.covered_members.length)
    rows.push([
      'Also covers',
      r.covered_members.map((m) => `${fullName(m)} (${m.member_id})`).join(', '),
    ]);
  if (r.kind === 'freeze_fee') {
    // A freeze fee bought no period: the days frozen instead of periods and dates (its purpose
    // says the same days, so it is not repeated).
    const days = r.freeze_days ? ` (${r.freeze_days} ${r.freeze_days === 1 ? 'day' : 'days'})` : '';
    rows.push(
      ['For', FREEZE_FEE_LABEL],
      ['Plan', r.plan.name],
      ['Frozen', `${formatDay(r.start_date)} to ${formatDay(r.expiry_date)}${days}`],
    );
  } else {
    rows.push(
      ['Plan', r.plan.name],
      ['Periods', String(r.duration)],
      ['Starts', formatDay(r.start_date)],
      ['Ends', formatDay(r.expiry_date)],
    );
    if (r.purpose.trim()) rows.push(['For', r.purpose.trim()]);
  }
  rows.push(...discountRows(r));
  rows.push(['Method', r.method], ['Recorded by', r.recorded_by_name ?? 'Paid online']);
  return {
    gym: {
      name: b.name,
      lines: [place, contacts, b.website_url ?? ''].filter(Boolean),
      logo,
    },
    receiptNumber: r.receipt_number,
    date: momentText(r.created_at),
    status: statusOf(r),
    statusNote: r.voided ? voidedLine(r.voided_on) : null,
    rows,
    amount: formatNaira(r.amount),
    refunds: refundRows(r),
    footer: footerOf(r),
  };
};

/**
 * The gym's logo for the PDF when it is a file of this server's uploads folder (a logo kept in a
 * bucket is left out: the PDF is made without fetching anything from the network). Made a small
 * PNG by sharp, whatever it was stored as (pdfkit reads PNG and JPEG only); any failure: none.
 */
export const localLogo = async (ctx: AppContext, url: string | null): Promise<Buffer | null> => {
  if (!url?.startsWith(LOCAL_UPLOADS_PREFIX)) return null;
  const root = resolve(ctx.config.uploadsDir);
  const path = resolve(root, url.slice(LOCAL_UPLOADS_PREFIX.length));
  if (!path.startsWith(root + sep)) return null;
  try {
    return await sharp(await readFile(path), { limitInputPixels: 25_000_000 })
      .resize(400, 200, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
};
