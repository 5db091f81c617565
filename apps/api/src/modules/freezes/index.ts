import type { KoraModule } from '../module';
import { freezeRoutes } from './freezes.routes';

/** Freezes: a member's membership paused, its days added to the end of what they paid for. */
export const freezesModule: KoraModule = {
  name: 'freezes',
  routes: freezeRoutes,
};

// What other modules may call: a member's own request (the member's page), their freezes, and
// the last day of the freeze covering a day (the check-in verdict, the members list), and the
// rules of the member's running plan (the member's page states them).
export { freezeRulesOf, freezesOfMember, frozenUntil, requestFreeze } from './freezes.service';
