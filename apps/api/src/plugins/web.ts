import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_HINT_COOKIE, WEB_APP_PATHS } from '@kora/shared';
import {
  cachePage,
  loadAppPrerenderer,
  loadSiteRenderer,
  registerSite,
  sendCached,
  type BlogSource,
} from './site';

/**
 * How the web reaches a phone:
 * - hashed files (`/assets/…`) are cached for a year (`immutable`): a new build has new names;
 * - every text file was compressed at build (brotli and gzip beside it) and is sent in the best
 *   encoding the browser accepts, with `Vary: Accept-Encoding`;
 * - pages (the site's and the app's `index.html`) are `no-cache` with an ETag: the browser
 *   revalidates and gets a 304 while nothing changed;
 * - so are the service worker (`sw.js`: the browser learns of a new version at once) and the
 *   web app manifest (sent as `application/manifest+json`);
 * - the API's own answers over 1 kB are compressed on the fly (plugins/compression.ts).
 * A page answers HTML whatever the Accept header (curl, link previews, uptime checks); a path
 * that is no page answers a 404 page to browsers and a JSON 404 to programs.
 */
export interface WebOptions {
  /** The built web app (index.html, assets/, server/render.js). */
  root: string;
  /** Paths that belong to the API (from the module list): never answered with a page. */
  apiPrefixes: string[];
  /** The public address of the site: canonical URLs and link previews. */
  origin: string;
  blog: BlogSource;
}

const isAsset = (path: string) => path.includes(`${sep}assets${sep}`);
/** Files whose name stays the same across versions and which must never be stale. */
const isRevalidated = (path: string) =>
  path.endsWith('.html') ||
  path.endsWith(`${sep}sw.js`) ||
  path.endsWith(`${sep}manifest.webmanifest`);

/** The first part of every address of the app (members, payments, dashboard, …). */
const APP_SECTIONS = new Set(WEB_APP_PATHS.map((path) => path.split('/')[1]!));
/** The web app's cookie saying someone is signed in on this browser (no secret in it). */
const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const hasWeb = existsSync(join(opts.root, 'index.html'));
  let sendNotFoundPage: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null = null;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own cache-control below (the default one would say `max-age=0` for everything).
      cacheControl: false,
      // The site's renderer is the server's, not a file to serve.
      allowedPath: (path) => !path.startsWith('/server/') && !path.startsWith('/.vite/'),
      setHeaders: (res, sent) => {
        // The file asked for (the one sent may be its .br or .gz beside it).
        const path = sent.replace(/\.(br|gz)$/, '');
        // The same URL is sent as brotli, gzip or plain: caches must key on what was accepted.
        res.setHeader('vary', 'Accept-Encoding');
        if (path.endsWith('.webmanifest'))
          res.setHeader('content-type', 'application/manifest+json');
        res.setHeader(
          'cache-control',
          isAsset(path)
            ? 'public, max-age=31536000, immutable'
            : isRevalidated(path)
              ? 'no-cache'
              : // Pictures and icons of the site keep their names across builds: a day, then revalidate.
                'public, max-age=86400',
        );
      },
    });

    // Sign-in and sign-up are drawn ahead of time into the app's page (app/prerender.tsx in the
    // web app): a phone shows the form before the app's code has arrived.
    const prerenderer = await loadAppPrerenderer(opts.root);
    const shell = readFileSync(join(opts.root, 'index.html'), 'utf8');
    const drawn = new Set<string>();
    for (const path of Object.keys(prerenderer?.PRERENDERED_PAGES ?? {})) {
      const markup = prerenderer!.renderAppPage(path);
      if (!markup || !shell.includes('<div id="root"></div>')) continue;
      const page = cachePage(
        shell.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
        200,
      );
      app.get(path, { schema: { hide: true } }, (request, reply) =>
        sendCached(request, reply, page),
      );
      drawn.add(path);
    }

    const sendApp = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    for (const path of WEB_APP_PATHS) {
      if (!drawn.has(path)) app.get(path, { schema: { hide: true } }, sendApp);
    }

    const renderer = await loadSiteRenderer(opts.root);
    if (renderer) {
      sendNotFoundPage = registerSite(app, {
        renderer,
        webRoot: opts.root,
        origin: opts.origin,
        blog: opts.blog,
      }).sendNotFound;
    } else {
      app.log.warn('the web app was built without its site renderer: the site pages are missing');
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !opts.apiPrefixes.some((p) => path.startsWith(p)) &&
      (request.headers.accept ?? '').includes('text/html');
    // A wrong address inside the back office (/members/x/y/z) is the app's own 404: a signed-in
    // user sees it inside the back office, with its navigation, not the public site's page.
    // So is any wrong address typed by someone signed in on this browser (the web app's hint
    // cookie, which holds no secret).
    const signedIn = SIGNED_IN.test(request.headers.cookie ?? '');
    if (wantsPage) reply.header('vary', 'Cookie');
    if (wantsPage && hasWeb && (signedIn || APP_SECTIONS.has(path.split('/')[1] ?? '')))
      return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html');
    if (wantsPage && sendNotFoundPage) return sendNotFoundPage(request, reply);
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${path} not found.`, code: 'NOT_FOUND' });
  });
});
