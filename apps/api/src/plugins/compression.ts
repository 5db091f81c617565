import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the API's answers (JSON lists, the OpenAPI document) and the blog's pages on the fly
 * when the client accepts it: brotli at a fast setting, else gzip. Files of the web app are
 * compressed at build and pages of the site at start, so they arrive already encoded and are
 * left alone. Registered before every route (it attaches itself to each route as it is added).
 * `bench/compression.mjs` measures what it costs and saves.
 */
export const compressionPlugin = fp(async (app: FastifyInstance, opts: { enabled: boolean }) => {
  if (!opts.enabled) return;
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
