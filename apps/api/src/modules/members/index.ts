import type { KoraModule } from '../module';
import { memberRoutes } from './members.routes';

/** Gym members: list, search, add, edit, deactivate. */
export const membersModule: KoraModule = {
  name: 'members',
  routes: memberRoutes,
};

// What other modules may call: a member of the business, the audience of a bulk message, the
// member's picture, and the member errors payments share.
export {
  findOrAddWalkIn,
  getMemberForBusiness,
  MEMBER_INACTIVE,
  memberInactive,
  memberLabel,
  memberNotFound,
  messageAudience,
  PROSPECTS,
  setMemberPicture,
  type AudienceRow,
  type SubscriptionStatusCode,
} from './members.service';
