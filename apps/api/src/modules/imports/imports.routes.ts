import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MESSAGES, importContracts as api } from '@kora/shared';
import type { AppContext } from '../../context';
import { dataRoute, route } from '../../lib/contract-route';
import { AppError, badRequest } from '../../lib/errors';
import { sendCreated } from '../../lib/idempotency';
import { userIdOf } from '../../plugins/auth';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as imports from './imports.service';

/** The uploaded file and its name; a missing or oversized file is a 4xx in words. */
const readUpload = async (req: FastifyRequest): Promise<{ file: Buffer; name: string }> => {
  if (!req.isMultipart()) throw badRequest(IMPORT_MESSAGES.fileRequired, 'FILE_REQUIRED');
  let found: { file: Buffer; name: string } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && !found)
        found = { file: await part.toBuffer(), name: part.filename || 'members.csv' };
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one file at a time.');
    throw badRequest(IMPORT_MESSAGES.unreadable, 'MALFORMED_UPLOAD');
  }
  if (!found || found.file.length === 0)
    throw badRequest(IMPORT_MESSAGES.fileRequired, 'FILE_REQUIRED');
  return found;
};

/** Member import: upload a sheet, map and preview it, import it in the background. */
export const importRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, api.upload, async (req, reply) => {
    const { file, name } = await readUpload(req);
    const { answer, replayed } = await imports.uploadImport(
      ctx,
      tenantOf(req).businessId,
      userIdOf(req),
      file,
      name,
      actorOf(req),
    );
    return sendCreated(reply, replayed, { message: IMPORT_MESSAGES.uploaded, data: answer });
  });

  dataRoute(app, api.get, 'Import loaded.', (req) =>
    imports.getImport(ctx, tenantOf(req).businessId, req.params.id),
  );

  dataRoute(app, api.preview, IMPORT_MESSAGES.previewed, (req) =>
    imports.previewImport(ctx, tenantOf(req).businessId, req.params.id, req.body),
  );

  dataRoute(app, api.start, IMPORT_MESSAGES.startedAnswer, (req) =>
    imports.startImport(ctx, tenantOf(req).businessId, req.params.id, actorOf(req)),
  );

  route(app, api.refused, async (req, reply) => {
    const { fileName, csv } = await imports.refusedCsv(
      ctx,
      tenantOf(req).businessId,
      req.params.id,
      actorOf(req),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="refused-rows.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .send(csv);
  });
};
