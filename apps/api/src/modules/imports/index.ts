import type { KoraModule } from '../module';
import { importRoutes } from './imports.routes';
import { importJob } from './imports.service';

/** Bringing a gym's members in from an Excel or CSV file. */
export const importsModule: KoraModule = {
  name: 'imports',
  routes: importRoutes,
  jobs: [(db) => importJob(db)],
};
