import type { FastifyReply, FastifyRequest } from 'fastify';

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
