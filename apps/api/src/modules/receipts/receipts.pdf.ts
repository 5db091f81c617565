import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';

/*
 * A receipt as a PDF (pdfkit): on an A4 page, or on the 80 mm roll of a thermal receipt printer
 * (72 mm printed, the page exactly as long as the receipt, so the printer cuts after it). The
 * text is set in DejaVu Sans, embedded (only the letters used): the naira sign and Yoruba, Igbo
 * and Hausa names (Adéṣọlá, Ụchẹ, Ɓello) print as typed, which the PDF's built-in fonts cannot.
 */

export type ReceiptSize = 'a4' | '80mm';

/** What the printed receipt shows, already in words (amounts formatted, days written out). */
export interface ReceiptPrint {
  gym: {
    name: string;
    /** Address lines, then contacts (phone, e-mail, website), each its own line. */
    lines: string[];
    /** The logo as PNG or JPEG bytes, or null. */
    logo: Buffer | null;
  };
  receiptNumber: string;
  /** When it was paid, in words ("27 Nov 2026, 09:15"). */
  date: string;
  /** "VOIDED", "REFUNDED ₦5,000", or null for a valid payment. */
  status: string | null;
  /** A line under the status ("Voided on 28 Nov 2026 — this payment was cancelled."), or null. */
  statusNote: string | null;
  /** Label and value rows: member, plan, periods, dates, method, recorded by. */
  rows: [string, string][];
  /** "₦25,000". */
  amount: string;
  /** Under the amount: each refund (label, amount), then what was kept; empty when none. */
  refunds: [string, string][];
  /** The closing line ("Thank you for your payment to Iron Paradise Gym."); null: none (voided). */
  footer: string | null;
}

const requireFont = createRequire(import.meta.url);
/** fontkit (pdfkit's own font reader): a font parsed once serves every document. */
const fontkit = requireFont('fontkit') as { create(data: Buffer): unknown };
/**
 * The fonts, read and parsed once per process (about 1.4 MB): a receipt is then made about three
 * times faster than with the file's bytes, which pdfkit would parse again for each document.
 */
let fonts: { regular: unknown; bold: unknown } | undefined;
const fontsOf = () =>
  (fonts ??= {
    regular: fontkit.create(
      readFileSync(requireFont.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    ),
    bold: fontkit.create(
      readFileSync(requireFont.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    ),
  });

const MM = 72 / 25.4;
const A4: [number, number] = [595.28, 841.89];

interface Layout {
  width: number;
  margin: number;
  /** Font sizes: body, gym name, amount, status. */
  body: number;
  title: number;
  amount: number;
  status: number;
  logoHeight: number;
  /** Share of the inner width given to a row's label. */
  labelShare: number;
}

const LAYOUTS: Record<ReceiptSize, Layout> = {
  a4: {
    width: A4[0],
    margin: 56,
    body: 11,
    title: 18,
    amount: 22,
    status: 20,
    logoHeight: 64,
    labelShare: 0.32,
  },
  // 80 mm paper, 4 mm unprinted on each side.
  '80mm': {
    width: 80 * MM,
    margin: 4 * MM,
    body: 8,
    title: 11,
    amount: 14,
    status: 13,
    logoHeight: 40,
    labelShare: 0.38,
  },
};

const INK = '#1f2933';
const MUTED = '#52606d';
const RED = '#b91c1c';

/** Draws the receipt from the top of the page; answers the y where it ends. */
const draw = (doc: PDFKit.PDFDocument, r: ReceiptPrint, l: Layout): number => {
  const inner = l.width - 2 * l.margin;
  const x = l.margin;
  const center = { width: inner, align: 'center' as const };
  /** A thin line across the receipt at `at`. */
  const rule = (at: number) =>
    doc
      .moveTo(x, at)
      .lineTo(x + inner, at)
      .lineWidth(0.5)
      .strokeColor('#cbd2d9')
      .stroke();
  let y = l.margin;
  if (r.gym.logo) {
    try {
      doc.image(r.gym.logo, x, y, { fit: [inner, l.logoHeight], align: 'center' });
      y += l.logoHeight + l.body * 0.6;
    } catch {
      // A logo pdfkit cannot read is left out: the receipt still prints.
    }
  }
  doc.fillColor(INK).font('bold').fontSize(l.title).text(r.gym.name, x, y, center);
  doc.font('regular').fontSize(l.body).fillColor(MUTED);
  for (const line of r.gym.lines) doc.text(line, center);
  y = doc.y + l.body;
  rule(y);
  y += l.body;

  doc.fillColor(INK).font('bold').fontSize(l.title).text('Receipt', x, y, center);
  doc.font('regular').fontSize(l.body).text(`No. ${r.receiptNumber}`, center);
  doc.fillColor(MUTED).text(r.date, center);
  if (r.status) {
    doc.moveDown(0.6).fillColor(RED).font('bold').fontSize(l.status).text(r.status, center);
    if (r.statusNote) doc.font('regular').fontSize(l.body).text(r.statusNote, center);
  }
  y = doc.y + l.body;

  const labelWidth = inner * l.labelShare;
  const valueWidth = inner - labelWidth - l.body;
  /** Label and value rows from `y`; answers the y under the last. */
  const drawRows = (rows: [string, string][], from: number) => {
    let at = from;
    doc.fontSize(l.body);
    for (const [label, value] of rows) {
      doc.font('regular').fillColor(MUTED).text(label, x, at, { width: labelWidth });
      const labelEnd = doc.y;
      doc
        .font('bold')
        .fillColor(INK)
        .text(value, x + labelWidth + l.body, at, { width: valueWidth });
      at = Math.max(labelEnd, doc.y) + l.body * 0.4;
    }
    return at;
  };
  y = drawRows(r.rows, y);

  y += l.body * 0.6;
  rule(y);
  y += l.body;
  doc.font('regular').fillColor(MUTED).fontSize(l.body).text('Amount paid', x, y, center);
  doc.font('bold').fillColor(INK).fontSize(l.amount).text(r.amount, center);
  let end = doc.y;
  if (r.refunds.length) end = drawRows(r.refunds, end + l.body);
  if (r.footer) {
    const at = end + l.amount * 0.8;
    doc.font('regular').fillColor(MUTED).fontSize(l.body).text(r.footer, x, at, center);
    end = doc.y;
  }
  return end + l.margin;
};

const newDocument = (size: [number, number], l: Layout, r: ReceiptPrint) => {
  const doc = new PDFDocument({
    size,
    margin: l.margin,
    info: { Title: `Receipt ${r.receiptNumber}`, Author: r.gym.name },
  });
  const f = fontsOf();
  // pdfkit takes a parsed fontkit font too (its types know only paths and bytes).
  doc.registerFont('regular', f.regular as Buffer);
  doc.registerFont('bold', f.bold as Buffer);
  return doc;
};

/**
 * The receipt's PDF as a stream (ended: pipe it or send it). On 80 mm paper the receipt is
 * drawn once on a very long page to learn its length, then on a page of that length.
 */
export const receiptPdf = (r: ReceiptPrint, size: ReceiptSize): PDFKit.PDFDocument => {
  const l = LAYOUTS[size];
  let pageSize = A4;
  if (size === '80mm') {
    const probe = newDocument([l.width, 20_000], l, r);
    pageSize = [l.width, Math.ceil(draw(probe, r, l))];
  }
  const doc = newDocument(pageSize, l, r);
  draw(doc, r, l);
  doc.end();
  return doc;
};

/**
 * The headers of a receipt's PDF answer: shown in the browser (inline) under its file name,
 * never cached. The caller adds its own and sends the stream.
 */
export const pdfHeaders = (reply: FastifyReply, filename: string): FastifyReply =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'no-store');
