import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that asks for HTML answers index.html so the client router takes over.
 */
export interface WebOptions {
  /** The built web app (index.html and assets/). */
  root: string;
  /** Paths that belong to the API (from the module list): never answered with the app's page. */
  apiPrefixes: string[];
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const hasWeb = existsSync(join(opts.root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${'/'}assets${'/'}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !opts.apiPrefixes.some((p) => path.startsWith(p)) &&
      !/\.[a-z0-9]+$/i.test(path) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${path} not found.`, code: 'NOT_FOUND' });
  });
});
