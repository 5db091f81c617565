import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { demoArticlesDir, publishDemoArticles } from './modules/blog';

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  if (!config.isProduction) {
    // A blog to look at in development: the demo articles, when it has none yet.
    const dir = demoArticlesDir(dirname(fileURLToPath(import.meta.url)));
    await publishDemoArticles(app.ctx.db, dir).then(
      (count) => count && app.log.info(`Published ${count} demo blog articles from ${dir}`),
      (err: unknown) => app.log.warn({ err }, 'demo blog articles not published'),
    );
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kora is running at ${config.appUrl}`);
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
