import type { KoraModule } from '../module';
import { devRoutes } from './dev.routes';

/** Development tools (never in production): the local outbox. */
export const devModule: KoraModule = {
  name: 'dev',
  prefixes: ['/dev/'],
  routes: devRoutes,
  enabled: (ctx) => !ctx.config.isProduction,
};
