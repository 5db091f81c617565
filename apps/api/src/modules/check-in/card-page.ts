import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { CHECK_IN_MESSAGES, isCardCode } from '@kora/shared';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { absoluteLogoUrl } from '../../lib/mail-templates';
import { GYM_STYLE, privatePage, privatePageRoute, sendPrivatePage } from '../../lib/private-page';
import * as repo from './check-in.repository';

/*
 * The member card's public page, /card/{code}: what a member opens from WhatsApp and shows at
 * the desk. One small HTML document, no script: the QR code (inline SVG, carrying the card code
 * the desk's scanner types), the gym's name and logo and the member's first name, nothing else
 * about them. An unknown, old or garbage code answers the same 404 page "No member found".
 */

const STYLE =
  'main{max-width:24rem;margin:0 auto;padding:1.25rem 1rem 2rem}' +
  GYM_STYLE +
  '.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08);text-align:center}' +
  'h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem;overflow-wrap:anywhere}' +
  '.qr svg{width:100%;max-width:18rem;height:auto}' +
  '.note{color:#52606d;font-size:.875rem;margin:.75rem 0 0}';

const document = (title: string, gym: { name: string; logo: string | null } | null, body: string) =>
  privatePage({ title, style: STYLE, gym, main: `<div class="card">${body}</div>` });

const notFoundPage = () =>
  document(
    CHECK_IN_MESSAGES.noMember,
    null,
    `<h1>${CHECK_IN_MESSAGES.noMember}</h1>` +
      '<p>This card is not valid. Ask your gym for your current card.</p>',
  );

/** The card's page, or the 404 page for a code that is no member's card. */
const renderCardPage = async (
  ctx: AppContext,
  code: string,
): Promise<{ status: 200 | 404; html: string }> => {
  const found = isCardCode(code) ? await repo.cardPage(ctx.db, code.toLowerCase()) : undefined;
  if (!found) return { status: 404, html: notFoundPage() };
  const qr = await QRCode.toString(code.toLowerCase(), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  const logo = absoluteLogoUrl(found.logoUrl, ctx.config.appUrl);
  return {
    status: 200,
    html: document(
      `Member card · ${found.gymName}`,
      { name: found.gymName, logo },
      `<h1>${escapeHtml(found.firstName)}</h1>` +
        `<div class="qr" role="img" aria-label="Your member card's QR code">${qr}</div>` +
        '<p class="note">Show this code at the front desk to check in.</p>',
    ),
  };
};

/**
 * GET /card/:code (and HEAD). Public, so limited per IP address like anonymous API calls, in a
 * budget of its own. The code is never written to the log.
 */
export const cardPageRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get<{ Params: { code: string } }>(
    '/card/:code',
    privatePageRoute(ctx.config.apiRateLimit, {
      budget: 'card',
      page: 'member card',
      subject: 'card',
      problem: (title, heading, text) => document(title, null, `<h1>${heading}</h1><p>${text}</p>`),
    }),
    async (request, reply) => {
      const { status, html } = await renderCardPage(ctx, request.params.code);
      return sendPrivatePage(reply, status, html);
    },
  );
};
