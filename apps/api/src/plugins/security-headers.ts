import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet's set): scripts, styles and calls only from Kora's
 * own origin, and so the service worker (`/sw.js`) and the web app manifest; pictures also from https (a bucket or CDN) and data/blob URLs (previews before
 * upload); framing only by Kora itself; no MIME sniffing; HSTS.
 *
 * Helmet's middleware is built once and applied to each answer. (The Fastify wrapper built it
 * anew for every request, parsing the policy each time: about a third of the API's own CPU on
 * a member list page under load.)
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
