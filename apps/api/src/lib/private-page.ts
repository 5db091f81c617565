import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { waitText } from '../plugins/rate-limit';
import { escapeHtml } from './html';

/**
 * A public page whose address is its secret (a member's card, a receipt, a payment link): sent
 * never cached, never indexed and without a referrer, so the address stays where it was given.
 */
export const sendPrivatePage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(html);

/** A 429 of such a page's own per-IP limit, carrying how long to wait (`ttl`, ms). */
export class PageBusy extends Error {
  readonly statusCode = 429;
  readonly code = 'RATE_LIMITED';
  constructor(readonly ttl: number) {
    super('Too many requests');
  }
}

/**
 * A private page's route limit: per IP address, the API's anonymous number a minute, in a budget
 * of its own (`name`), answered with `PageBusy` so the route's error handler draws its wait page.
 */
export const privatePageLimit = (
  limit: { enabled: boolean; perIpPerMinute: number },
  name: string,
) => ({
  max: limit.perIpPerMinute,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `${name}:ip:${request.ip}`,
  allowList: () => !limit.enabled,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new PageBusy(context.ttl),
});

/** The first rules of every such page's style: the box model, the page's colours and font. */
export const PAGE_BASE_STYLE =
  '*{box-sizing:border-box}' +
  'body{margin:0;background:#f1f5f4;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}';

/** The style of gymHeader's logo and name side by side. */
export const GYM_STYLE =
  'header{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}' +
  'header img{width:3rem;height:3rem;object-fit:contain;border-radius:.5rem;background:#fff}' +
  '.gym{font-size:1.125rem;font-weight:700;margin:0;overflow-wrap:anywhere}';

/**
 * A private page's whole document: the head every such page carries (phone-sized, never indexed,
 * no referrer, Kora's colour), its title and inline style (PAGE_BASE_STYLE, then `style`; no
 * script), then the page: the gym's logo (an address already checked, or null) and name atop it
 * when `gym` is given (`more`: HTML after the name), then `main` (HTML). `head`: more of the head
 * before the title (a meta refresh).
 */
export const privatePage = (page: {
  title: string;
  style: string;
  gym?: { name: string; logo: string | null; more?: string } | null;
  main: string;
  head?: string;
}): string =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">' +
  '<meta name="theme-color" content="#0f766e">' +
  (page.head ?? '') +
  `<title>${escapeHtml(page.title)}</title><style>${PAGE_BASE_STYLE}${page.style}</style></head>` +
  '<body><main>' +
  (page.gym
    ? `<header>${page.gym.logo ? `<img src="${escapeHtml(page.gym.logo)}" alt="">` : ''}` +
      `<p class="gym">${escapeHtml(page.gym.name)}</p>${page.gym.more ?? ''}</header>`
    : '') +
  `${page.main}</main></body></html>`;

/** A private page's problem page: its title, heading, and one sentence (HTML) under it. */
type ProblemPage = (title: string, heading: string, text: string) => string;

/**
 * A private page's route (its options): hidden from the API document, its own per-IP limit (`budget`,
 * privatePageLimit) and the pages it answers when it cannot draw the page: 429 with the wait
 * when the limit is reached, else 503 (logged as "the {page} page could not be loaded", saying
 * it could not load this {subject}), both drawn by `problem` and sent like the page itself.
 */
export const privatePageRoute = (
  limit: { enabled: boolean; perIpPerMinute: number },
  page: { budget: string; page: string; subject: string; problem: ProblemPage },
) => ({
  schema: { hide: true },
  config: { rateLimit: privatePageLimit(limit, page.budget) },
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PageBusy)
      return sendPrivatePage(
        reply,
        429,
        page.problem(
          'Please wait',
          'Too many requests',
          `Please wait ${escapeHtml(waitText(error.ttl))} and open the link again.`,
        ),
      );
    request.log.error({ err: error }, `the ${page.page} page could not be loaded`);
    reply.header('retry-after', '30');
    return sendPrivatePage(
      reply,
      503,
      page.problem(
        'Something went wrong',
        'Something went wrong',
        `We could not load this ${page.subject}. Please try again in a minute.`,
      ),
    );
  },
});
