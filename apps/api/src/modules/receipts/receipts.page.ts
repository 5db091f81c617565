import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { privatePage, privatePageRoute, sendPrivatePage } from '../../lib/private-page';
import { pdfHeaders, type ReceiptPrint } from './receipts.pdf';
import { isReceiptToken, publicReceipt, publicReceiptPdf } from './receipts.service';

/*
 * A receipt's public page, /r/{token}: what a member opens from WhatsApp, SMS or e-mail. One
 * small HTML document without script, made for a phone first, printable (the print stylesheet
 * drops the links and the background), with a link to its PDF (/r/{token}.pdf). It shows only
 * that receipt. An unknown token, a token of another shape or garbage answers the same 404 page.
 */

const STYLE =
  'main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}' +
  'header{text-align:center;margin-bottom:1rem}' +
  'header img{max-width:8rem;max-height:4rem;object-fit:contain}' +
  '.gym{font-size:1.25rem;font-weight:700;margin:.25rem 0 0;overflow-wrap:anywhere}' +
  '.contact{color:#52606d;font-size:.875rem;margin:0;overflow-wrap:anywhere}' +
  '.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}' +
  'h1{font-size:1.375rem;margin:0;text-align:center}' +
  '.number,.date{text-align:center;margin:0;color:#52606d}' +
  '.status{text-align:center;color:#b91c1c;font-weight:700;font-size:1.25rem;margin:.75rem 0 0}' +
  '.note{text-align:center;color:#b91c1c;margin:0}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.375rem 1rem;margin:1rem 0}' +
  'dt{color:#52606d}dd{margin:0;font-weight:600;overflow-wrap:anywhere}' +
  '.amount{border-top:1px solid #e4e7eb;padding-top:.75rem;text-align:center}' +
  '.amount p{margin:0;color:#52606d}.amount strong{font-size:1.75rem}' +
  '.thanks{text-align:center;color:#52606d;margin:1rem 0 0}' +
  '.links{display:flex;gap:.75rem;justify-content:center;margin-top:1rem}' +
  '.links a{color:#0f766e;font-weight:600}' +
  '@media print{body{background:#fff}main{padding:0}.card{box-shadow:none;padding:0}.links{display:none}}';

const document = (title: string, main: string) => privatePage({ title, style: STYLE, main });

const RECEIPT_NOT_FOUND = 'Receipt not found';

const notFoundPage = () =>
  document(
    RECEIPT_NOT_FOUND,
    `<div class="card"><h1>${RECEIPT_NOT_FOUND}</h1>` +
      '<p class="thanks">This link is not valid. Ask your gym to send your receipt again.</p></div>',
  );

/** The receipt's page (`pdfPath`: its PDF's address, relative to the page). */
const receiptPage = (r: ReceiptPrint, logoUrl: string | null, pdfPath: string) =>
  privatePage({
    title: `Receipt ${r.receiptNumber} · ${r.gym.name}`,
    style: STYLE,
    gym: {
      name: r.gym.name,
      logo: logoUrl,
      more: r.gym.lines.map((line) => `<p class="contact">${escapeHtml(line)}</p>`).join(''),
    },
    main:
      '<div class="card">' +
      `<h1>Receipt</h1><p class="number">No. ${escapeHtml(r.receiptNumber)}</p>` +
      `<p class="date">${escapeHtml(r.date)}</p>` +
      (r.status ? `<p class="status">${escapeHtml(r.status)}</p>` : '') +
      (r.statusNote ? `<p class="note">${escapeHtml(r.statusNote)}</p>` : '') +
      '<dl>' +
      r.rows
        .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
        .join('') +
      '</dl>' +
      `<div class="amount"><p>Amount paid</p><strong>${escapeHtml(r.amount)}</strong></div>` +
      (r.refunds.length
        ? '<dl class="refunds">' +
          r.refunds
            .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
            .join('') +
          '</dl>'
        : '') +
      (r.footer ? `<p class="thanks">${escapeHtml(r.footer)}</p>` : '') +
      '</div>' +
      `<nav class="links"><a href="${escapeHtml(pdfPath)}">Download PDF</a></nav>`,
  });

/**
 * GET /r/:token (the page) and GET /r/:token.pdf (its PDF, A4; `?size=80mm` for a receipt
 * printer), HEAD too. Public, so limited per IP address like the member card's page, in a
 * budget of its own. The token is never written to the log (request paths are redacted).
 */
export const receiptPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get<{ Params: { token: string }; Querystring: { size?: unknown } }>(
    '/r/:token',
    privatePageRoute(ctx.config.apiRateLimit, {
      budget: 'receipt',
      page: 'receipt',
      subject: 'receipt',
      problem: (title, heading, text) =>
        document(title, `<div class="card"><h1>${heading}</h1><p class="thanks">${text}</p></div>`),
    }),
    async (request, reply) => {
      const param = request.params.token;
      const wantsPdf = param.endsWith('.pdf');
      const token = wantsPdf ? param.slice(0, -4) : param;
      if (!isReceiptToken(token)) return sendPrivatePage(reply, 404, notFoundPage());
      if (wantsPdf) {
        const size = request.query.size === '80mm' ? '80mm' : 'a4';
        const pdf = await publicReceiptPdf(ctx, token, size);
        if (!pdf) return sendPrivatePage(reply, 404, notFoundPage());
        return pdfHeaders(reply, pdf.filename)
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex')
          .send(pdf.stream);
      }
      const found = await publicReceipt(ctx, token);
      if (!found) return sendPrivatePage(reply, 404, notFoundPage());
      return sendPrivatePage(reply, 200, receiptPage(found.print, found.logoUrl, `${token}.pdf`));
    },
  );
};
