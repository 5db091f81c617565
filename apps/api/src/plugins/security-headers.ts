import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet's set): scripts, styles and calls only from Kora's
 * own origin, and so the service worker (`/sw.js`) and the web app manifest; pictures also from https (a bucket or CDN) and data/blob URLs (previews before
 * upload); framing only by Kora itself; no MIME sniffing; HSTS.
 *
 * A hashed file of the web app (`/assets/…`: scripts, styles, fonts) carries only what governs a
 * file rather than a page (no MIME sniffing; loaded only by Kora's own sites): the page's policy,
 * framing and referrer rules apply to the page that loads it, and the rest of the set (about
 * 700 bytes) would go with each of the seventy files a first visit downloads, uncompressed, on
 * a phone's link.
 *
 * Helmet's middleware is built once and applied to each answer. (The Fastify wrapper built it
 * anew for every request, parsing the policy each time: about a third of the API's own CPU on
 * a member list page under load.)
 */
/** A file of the built web app with its content's hash in its name (never a page, nor /sw.js). */
const isHashedFile = (url: string) => url.startsWith('/assets/') && !url.includes('?');

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
    if (isHashedFile(request.url)) {
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      reply.raw.setHeader('Cross-Origin-Resource-Policy', 'same-site');
      return done();
    }
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
