import type { FastifyReply } from 'fastify';

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
