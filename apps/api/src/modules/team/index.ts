import type { KoraModule } from '../module';
import { teamRoutes } from './team.routes';

/** The business's team: invitations, roles, removal. */
export const teamModule: KoraModule = {
  name: 'team',
  routes: teamRoutes,
};

// What other modules and the app may call: the signed-in person's row and business name.
export { businessNameOf, findSessionUser } from './team.service';
