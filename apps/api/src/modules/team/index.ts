import type { KoraModule } from '../module';
import { teamRoutes } from './users.routes';

/** The business's team: invitations, roles, removal. */
export const usersModule: KoraModule = {
  name: 'users',
  routes: teamRoutes,
};
