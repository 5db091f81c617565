import type { KoraModule } from '../module';
import { uploadsRoutes } from './uploads.routes';

/** Picture and logo uploads, and the local files they are served from. */
export const uploadsModule: KoraModule = {
  name: 'uploads',
  prefixes: ['/uploads/'],
  routes: uploadsRoutes,
};
