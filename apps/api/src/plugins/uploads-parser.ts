import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The largest upload accepted (checked while the file streams in, so it is never buffered). */
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart form parsing for uploads: one file, a few text fields. */
export const uploadsParserPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
});
