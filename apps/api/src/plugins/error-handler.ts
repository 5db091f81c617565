import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export const BAD_ADDRESS = 'This address is not valid. Check the link and try again.';
export const ADDRESS_TOO_LONG = 'This address is too long. Check the link and try again.';
const INTERNAL = 'Something went wrong on our side. Please try again.';

/**
 * What the router refuses before any route runs: an address with broken percent-encoding (400)
 * or a path part longer than the router reads (414). Answered in the same shape and words as
 * every other error, and logged like them (the path only, never its query string).
 */
export const frameworkErrors = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const [status, code, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, 'BAD_URL', BAD_ADDRESS]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'URL_TOO_LONG', ADDRESS_TOO_LONG]
        : [500, 'INTERNAL', INTERNAL];
  if (status >= 500) request.log.error({ err: error }, 'the router failed');
  else request.log.info({ reason: code, statusCode: status }, 'address refused by the router');
  return reply.status(status).send({ message, code });
};

/** One handler for every error: AppError, validation, Fastify's own 4xx, and unknown (500, no internals). */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
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
    return reply.status(500).send({ message: INTERNAL, code: 'INTERNAL' });
  });
});
