import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  UPLOAD_MESSAGES,
  errorAnswerSchema,
  uploadContracts,
  uploadFieldsSchema,
  uploadFormSchema,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { LOCAL_UPLOADS_PREFIX, storageFor, type Storage } from '../../lib/storage';
import { userIdOf } from '../../plugins/auth';
import { tenantOf } from '../../plugins/tenancy';
import { actorOf } from '../audit';
import * as uploads from './uploads.service';

interface UploadForm {
  file?: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads the multipart form: the one file (its size checked while it streams, by the limits
 * registered in app.ts) and the text fields, in any order. Multipart failures become 4xx.
 */
const readForm = async (req: FastifyRequest): Promise<UploadForm> => {
  const form: UploadForm = { fields: {} };
  if (!req.isMultipart()) return form;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') form.file = await part.toBuffer();
      else if (part.value !== '') form.fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('The upload has too many fields.');
    throw badRequest('The upload could not be read. Please try again.', 'MALFORMED_UPLOAD');
  }
  return form;
};

const api = uploadContracts.upload;

/**
 * POST /v1/business/upload_file, and (without a bucket) the local folder served at /uploads/.
 * Registered without a prefix: it owns both paths.
 */
export const uploadsRoutes =
  (ctx: AppContext, storage: Storage = storageFor(ctx.config)) =>
  async (app: FastifyInstance) => {
    if (storage.kind === 'local') {
      mkdirSync(ctx.config.uploadsDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: ctx.config.uploadsDir,
        prefix: LOCAL_UPLOADS_PREFIX,
        decorateReply: false,
        index: false,
        list: false,
        // Every key is new, so a stored file never changes: cached a year (UPLOAD_CACHE_CONTROL).
        maxAge: '365d',
        immutable: true,
        // Stored files are not API calls: kept out of the OpenAPI document.
        schemaHide: true,
      });
    }

    // Registered from the contract as `route()` would, but for its multipart form: the body
    // schema only documents the form (the parts are read as they stream, then checked).
    app.withTypeProvider<ZodTypeProvider>().route({
      method: api.method,
      url: api.path,
      // Any signed-in user whose session still holds (access 'user': a token of a removed person
      // or from before a password change is refused); member pictures also need a business.
      preValidation: async (req) => void (await app.requireUser(req)),
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        operationId: api.operationId,
        summary: api.summary,
        description: api.description,
        tags: [api.tag],
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: { 201: api.answer, '4xx': errorAnswerSchema },
      },
      handler: async (req, reply) => {
        const form = await readForm(req);
        if (!form.file || form.file.length === 0)
          throw badRequest(UPLOAD_MESSAGES.notImage, 'FILE_REQUIRED');
        const fields = uploadFieldsSchema.parse(form.fields);
        // Member pictures are back-office data: the caller's business, from the database.
        if (fields.file_type === 'member_picture') await app.requireBusiness(req);
        try {
          const data = await uploads.uploadImage(ctx, storage, {
            userId: userIdOf(req),
            fileType: fields.file_type,
            file: form.file,
            entityId: fields.entity_id,
            tenantBusinessId: req.tenant ? tenantOf(req).businessId : undefined,
            actor: req.tenant ? actorOf(req) : undefined,
          });
          return reply.status(201).send({ message: uploads.MESSAGES.uploaded, data });
        } catch (err) {
          if (err instanceof AppError && err.status >= 500)
            req.log.error({ err: err.cause ?? err }, 'upload could not be stored');
          throw err;
        }
      },
    });
  };
