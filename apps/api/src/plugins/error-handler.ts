import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';

type FieldErrors = Record<string, string>;

const firstByField = (entries: { path: string; message: string }[]): FieldErrors => {
  const out: FieldErrors = {};
  for (const e of entries) if (!(e.path in out)) out[e.path] = e.message;
  return out;
};

const summary = (errors: FieldErrors): string => {
  const messages = [...new Set(Object.values(errors))];
  return messages.length ? messages.join('. ').replace(/\.\./g, '.') : 'Invalid input.';
};

/** One handler for every error: AppError, validation, Fastify's own 4xx, and unknown (500, no internals). */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.fields ? { errors: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = firstByField(
        error.validation.map((v) => ({
          path:
            v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
            (error.validationContext ?? 'body'),
          message: v.message ?? 'Invalid value',
        })),
      );
      return reply.status(400).send({ message: summary(errors), code: 'VALIDATION_ERROR', errors });
    }
    if (error instanceof ZodError) {
      const errors = firstByField(
        error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
      );
      return reply.status(400).send({ message: summary(errors), code: 'VALIDATION_ERROR', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_RATE_LIMIT_EXCEEDED: error.message,
      };
      const message =
        messages[error.code] ??
        (error.code === undefined && error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message || 'Bad request.');
      return reply.status(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
});
