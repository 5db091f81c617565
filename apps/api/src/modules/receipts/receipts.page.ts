import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { waitText } from '../../plugins/rate-limit';
import type { ReceiptPrint } from './receipts.pdf';
import { isReceiptToken, publicReceipt, publicReceiptPdf } from './receipts.service';
import { PageBusy, privatePageLimit, sendPrivatePage } from '../../lib/private-page';

/*
 * A receipt's public page, /r/{token}: what a member opens from WhatsApp, SMS or e-mail. One
 * small HTML document without script, made for a phone first, printable (the print stylesheet
 * drops the links and the background), with a link to its PDF (/r/{token}.pdf). It shows only
 * that receipt. An unknown token, a token of another shape or garbage answers the same 404 page.
 */

const STYLE =
  '*{box-sizing:border-box}' +
  'body{margin:0;background:#f1f5f4;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
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

const document = (title: string, body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">' +
  '<meta name="theme-color" content="#0f766e">' +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>` +
  `${body}</main></body></html>`;

const RECEIPT_NOT_FOUND = 'Receipt not found';

const notFoundPage = () =>
  document(
    RECEIPT_NOT_FOUND,
    `<div class="card"><h1>${RECEIPT_NOT_FOUND}</h1>` +
      '<p class="thanks">This link is not valid. Ask your gym to send your receipt again.</p></div>',
  );

/** The receipt's page (`pdfPath`: its PDF's address, relative to the page). */
const receiptPage = (r: ReceiptPrint, logoUrl: string | null, pdfPath: string) =>
  document(
    `Receipt ${r.receiptNumber} · ${r.gym.name}`,
    '<header>' +
      (logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="">` : '') +
      `<p class="gym">${escapeHtml(r.gym.name)}</p>` +
      r.gym.lines.map((line) => `<p class="contact">${escapeHtml(line)}</p>`).join('') +
      '</header><div class="card">' +
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
      `<p class="thanks">${escapeHtml(r.footer)}</p></div>` +
      `<nav class="links"><a href="${escapeHtml(pdfPath)}">Download PDF</a></nav>`,
  );

/**
 * GET /r/:token (the page) and GET /r/:token.pdf (its PDF, A4; `?size=80mm` for a receipt
 * printer), HEAD too. Public, so limited per IP address like the member card's page, in a
 * budget of its own. The token is never written to the log (request paths are redacted).
 */
export const receiptPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const limit = ctx.config.apiRateLimit;
  app.get<{ Params: { token: string }; Querystring: { size?: unknown } }>(
    '/r/:token',
    {
      schema: { hide: true },
      config: {
        rateLimit: privatePageLimit(limit, 'receipt'),
      },
      errorHandler: (error: FastifyError, request, reply) => {
        if (error instanceof PageBusy)
          return sendPrivatePage(
            reply,
            429,
            document(
              'Please wait',
              `<div class="card"><h1>Too many requests</h1><p class="thanks">Please wait ${escapeHtml(waitText(error.ttl))} and open the link again.</p></div>`,
            ),
          );
        request.log.error({ err: error }, 'the receipt page could not be loaded');
        reply.header('retry-after', '30');
        return sendPrivatePage(
          reply,
          503,
          document(
            'Something went wrong',
            '<div class="card"><h1>Something went wrong</h1><p class="thanks">We could not load this receipt. Please try again in a minute.</p></div>',
          ),
        );
      },
    },
    async (request, reply) => {
      const param = request.params.token;
      const wantsPdf = param.endsWith('.pdf');
      const token = wantsPdf ? param.slice(0, -4) : param;
      if (!isReceiptToken(token)) return sendPrivatePage(reply, 404, notFoundPage());
      if (wantsPdf) {
        const size = request.query.size === '80mm' ? '80mm' : 'a4';
        const pdf = await publicReceiptPdf(ctx, token, size);
        if (!pdf) return sendPrivatePage(reply, 404, notFoundPage());
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${pdf.filename}"`)
          .header('cache-control', 'no-store')
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
