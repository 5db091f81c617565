import type { KoraModule } from '../module';
import { importsJobs } from './imports.job';
import { importRoutes } from './imports.routes';

/** Bringing a gym's members in from an Excel or CSV file. */
export const importsModule: KoraModule = {
  name: 'imports',
  routes: importRoutes,
  jobs: importsJobs,
};

// What the tests' contract matrix calls: one batch of a running import.
export { importNextBatch } from './imports.service';
