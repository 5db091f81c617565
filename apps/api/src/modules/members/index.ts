import type { KoraModule } from '../module';
import { memberRoutes } from './members.routes';

/** Gym members: list, search, add, edit, deactivate. */
export const membersModule: KoraModule = {
  name: 'members',
  routes: memberRoutes,
};
