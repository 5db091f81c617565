import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { BLOG_LIMITS, BLOG_PAGE_SIZE } from '@kora/shared';
import type { Config } from './config';
import type { AppContext } from './context';
import { databaseOptions, openDatabase, type Database } from './db/client';
import { Dispatcher } from './jobs/dispatcher';
import { answerSerializerCompiler } from './lib/contract-route';
import { pruneRateLimits } from './lib/rate-limit';
import { errorForLog, redactDeep, requestForLog } from './lib/redact';
import { transportsFor } from './lib/transports';
import { MODULES } from './modules';
import { articleBySlug, listArticles } from './modules/blog';
import { findKioskByToken } from './modules/kiosk';
import { memberSessionOf } from './modules/portal';
import { businessNameOf, findSessionUser } from './modules/team';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { errorHandler, frameworkErrors } from './plugins/error-handler';
import { kioskAuthPlugin } from './plugins/kiosk-auth';
import { memberAuthPlugin } from './plugins/member-auth';
import { apiRateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { tenancyPlugin } from './plugins/tenancy';
import { uploadsParserPlugin } from './plugins/uploads-parser';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const BODY_LIMIT = 1024 * 1024; // JSON bodies; uploads have their own limit

export interface BuildOptions {
  /** An open, migrated database (tests pass their own); otherwise opened from config. */
  database?: Database;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Called on the bare app before any plugin or route (tests add hooks that see every answer). */
  instrument?: (app: FastifyInstance) => void;
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
            // Secrets never reach a log line (see lib/redact.ts).
            serializers: {
              // The log formatter may have turned an error into its logged form already.
              err: (err: unknown) => (err instanceof Error ? errorForLog(err) : err) as never,
              req: requestForLog as never,
            },
            formatters: {
              log: (obj: Record<string, unknown>) => redactDeep(obj) as Record<string, unknown>,
            },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            ...(config.env === 'development'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A path parameter as long as the longest blog slug the publish rules allow (longer: 414).
    routerOptions: { maxParamLength: BLOG_LIMITS.slug },
    // Addresses the router refuses answer `{ message, code }` like every other error.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  opts.instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  const database = opts.database ?? (await openDatabase(databaseOptions(config)));
  if (!opts.database) {
    await database.migrate();
    if (await database.ownsTables())
      app.log.warn(
        "the API's PostgreSQL role owns the tables, so it could switch off the audit trail's protection: run it as a role that owns nothing, with DATABASE_MIGRATION_URL for the owner (README: Running on PostgreSQL)",
      );
  }

  const dispatcher = new Dispatcher(database.db, transportsFor(config, app.log), app.log);
  const ctx: AppContext = { config, database, db: database.db, dispatcher };
  app.decorate('ctx', ctx);

  await app.register(errorHandler);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin, { enabled: config.httpCompression });
  await app.register(apiRateLimitPlugin, config.apiRateLimit);
  await app.register(uploadsParserPlugin);
  await app.register(docsPlugin, { siteUrl: config.appUrl });
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(tenancyPlugin, {
    findUser: (id: number) => findSessionUser(ctx, id),
    businessName: (id: number) => businessNameOf(ctx, id),
  });
  await app.register(kioskAuthPlugin, { findKiosk: (token) => findKioskByToken(ctx, token) });
  await app.register(memberAuthPlugin, {
    findSession: (code, token) => memberSessionOf(ctx, code, token),
  });

  const modules = MODULES.filter((m) => m.enabled?.(ctx) ?? true);
  for (const module of modules) {
    await app.register(module.routes(ctx) as (app: FastifyInstance) => Promise<void>);
  }
  await app.register(webPlugin, {
    root: config.webDist,
    apiPrefixes: ['/v1/', '/docs', ...modules.flatMap((m) => m.prefixes ?? [])],
    origin: config.appUrl,
    // The site's blog pages are drawn from the blog's articles.
    blog: {
      list: (page) => listArticles(ctx.db, { page, perPage: BLOG_PAGE_SIZE }),
      bySlug: (slug) => articleBySlug(ctx.db, slug),
    },
  });

  // Every instance follows the deliveries it settles, whether or not it runs the periodic jobs.
  for (const module of modules) if (module.onSettled) dispatcher.onSettled(module.onSettled);
  if (config.runJobs) {
    dispatcher.start();
    dispatcher.onTick(pruneRateLimits);
    for (const job of modules.flatMap((m) => m.jobs ?? [])) dispatcher.onTick((db) => job(db, ctx));
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
