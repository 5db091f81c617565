import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { Dispatcher } from './jobs/dispatcher';
import { pruneRateLimits } from './lib/rate-limit';
import { transportsFor } from './lib/transports';
import { authRoutes } from './modules/auth/auth.routes';
import { businessRoutes } from './modules/business/business.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { healthRoutes } from './modules/health/health.routes';
import { memberRoutes } from './modules/members/members.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { authPlugin } from './plugins/auth';
import { errorHandler } from './plugins/error-handler';
import { apiRateLimitPlugin } from './plugins/rate-limit';
import { tenancyPlugin } from './plugins/tenancy';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const BODY_LIMIT = 1024 * 1024; // JSON bodies; uploads have their own limit

export interface BuildOptions {
  /** An open, migrated database (tests pass their own); otherwise opened from config. */
  database?: Database;
}

/** Builds the whole app: plugins, modules, error handler. Never listens (tests use inject). */
export const buildApp = async (
  config: Config,
  opts: BuildOptions = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(config.env === 'development'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
      poolMax: config.databasePoolMax,
    }));
  if (!opts.database) await database.migrate();

  const dispatcher = new Dispatcher(database.db, transportsFor(config, app.log), app.log);
  const ctx: AppContext = { config, database, db: database.db, dispatcher };
  app.decorate('ctx', ctx);

  await app.register(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kora API', version: '1.0.0', description: 'Kora back office API' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(apiRateLimitPlugin, config.apiRateLimit);
  await app.register(tenancyPlugin, { ctx });

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx), { prefix: '/v1/auth' });
  // Feature modules (each registers its own /v1/... routes) go below.
  await app.register(businessRoutes(ctx), { prefix: '/v1' });
  await app.register(uploadsRoutes(ctx)); // owns /v1/business/upload_file and /uploads/
  await app.register(memberRoutes(ctx), { prefix: '/v1' });
  await app.register(planRoutes(ctx), { prefix: '/v1' });
  await app.register(paymentRoutes(ctx), { prefix: '/v1' });
  await app.register(subscriptionRoutes(ctx), { prefix: '/v1' });
  if (!config.isProduction) await app.register(devRoutes(ctx), { prefix: '/dev' });

  await app.register(webPlugin, { root: config.webDist });

  if (config.runJobs) {
    dispatcher.start();
    dispatcher.onTick(pruneRateLimits);
  }
  // Requests in flight finish before the database closes (graceful shutdown).
  let inFlight = 0;
  app.addHook('onRequest', async () => {
    inFlight++;
  });
  app.addHook('onResponse', async () => {
    inFlight--;
  });
  app.addHook('onClose', async () => {
    for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await dispatcher.stop();
    if (!opts.database) await database.close();
  });
  return app;
};
