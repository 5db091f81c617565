import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /docs/json, built from the routes' contracts, and its UI at /docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kora API',
        version: '1.0.0',
        description:
          'The Kora back office: members, plans, subscriptions and payments of one gym. Every ' +
          'answer is `{ message, data }` (lists add `meta`); every error is ' +
          '`{ message, code, errors? }`. Money is in naira with at most two decimals.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
