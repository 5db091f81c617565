import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_MAX } from '@kora/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts an `Idempotency-Key` header (its contract is `idempotent`). */
    idempotent?: boolean;
  }
}

export interface DocsOptions {
  /** The site's address: the document's license points at its terms page. */
  siteUrl: string;
}

type JsonObject = Record<string, unknown>;
type Transform = typeof jsonSchemaTransform;

/** The header every create accepts, declared so generated clients type it. */
const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      maxLength: IDEMPOTENCY_KEY_MAX,
      description:
        'Any unique text per submission (a UUID). The same key again answers the record the ' +
        'first call created (200) and creates nothing; the same key with different details ' +
        'answers 409. Blank means none.',
    },
  },
};

const RETRY_AFTER = {
  'Retry-After': {
    type: 'integer',
    minimum: 1,
    description: 'Seconds to wait before trying again.',
  },
};

/**
 * Each route as the document shows it: the contract's schemas (zod to JSON Schema), plus the
 * `Idempotency-Key` header of a create and the 429 every API call may answer, with `Retry-After`;
 * a 204 without content.
 */
const transform: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as JsonObject | undefined;
  const response = schema?.response as JsonObject | undefined;
  if (!schema || schema.hide || !response) return out;
  const route = (input as { route?: { config?: { idempotent?: boolean } } }).route;
  const error = response['4xx'] as JsonObject | undefined;
  return {
    ...out,
    schema: {
      ...schema,
      ...(route?.config?.idempotent ? { headers: IDEMPOTENCY_HEADER } : {}),
      response: {
        ...response,
        // A 204 has no body: declared without content.
        ...(response['204'] ? { 204: { type: 'null', description: 'Done: no content.' } } : {}),
        ...(error
          ? {
              429: {
                ...error,
                description: 'Too many requests: wait the seconds of Retry-After and try again.',
                headers: RETRY_AFTER,
              },
            }
          : {}),
      },
    },
  };
};

/**
 * OpenAPI 3.0 lets `null` through a `nullable: true` schema only when its `enum` (if any) lists
 * `null` too; zod writes the enum of a nullable choice without it. Every such enum gains `null`,
 * so the document declares the `null` the server answers (a member without a gender).
 */
const nullableEnumsWithNull = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnumsWithNull(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as JsonObject;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null))
    object.enum = [...(object.enum as unknown[]), null];
  for (const value of Object.values(object)) nullableEnumsWithNull(value);
};

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable choice of forms (a number, or
 * its digits: `anyOf`) says `nullable` on each form instead.
 */
const nullableUnionsTyped = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const item of node) nullableUnionsTyped(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as JsonObject;
  if (object.nullable === true && object.type === undefined && Array.isArray(object.anyOf)) {
    object.anyOf = (object.anyOf as JsonObject[]).map((form) => ({ ...form, nullable: true }));
    delete object.nullable;
  }
  for (const value of Object.values(object)) nullableUnionsTyped(value);
};

/** The OpenAPI document at /docs/json, built from the routes' contracts, and its UI at /docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: DocsOptions) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kora API',
        version: '1.0.0',
        description:
          'The Kora back office: members, plans, subscriptions and payments of one gym. Every ' +
          'answer is `{ message, data }` (lists add `meta`); every error is ' +
          '`{ message, code, errors? }`. Money is in naira with at most two decimals. A 429 ' +
          'carries `Retry-After` (seconds); creates take an `Idempotency-Key` header.',
        // Kora is not open source: its use is governed by the site's terms.
        license: { name: 'Proprietary', url: new URL('/terms', opts.siteUrl).href },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A kiosk's own calls: `Authorization: Kiosk <token>` (its token works nowhere else).
          kioskAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Kiosk <token>`: the token answered when the kiosk was opened.',
          },
        },
      },
    },
    transform,
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
      nullableEnumsWithNull(document);
      nullableUnionsTyped(document);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
