import type { KoraModule } from '../module';
import { memberRoutes } from './members.routes';

/** Gym members: list, search, add, edit, deactivate. */
export const membersModule: KoraModule = {
  name: 'members',
  routes: memberRoutes,
};

// What other modules may call: a member of the business, the audience of a bulk message, the
// member's picture, the member errors payments share, a member's own edit of their details
// (the member portal, with the member as actor), and which fields are personal data (privacy).
export {
  findOrAddWalkIn,
  getMemberForBusiness,
  MEMBER_INACTIVE,
  memberInactive,
  memberLabel,
  memberNotFound,
  messageAudience,
  PERSONAL_FIELDS,
  PROSPECTS,
  setMemberPicture,
  updateMember,
  type AudienceRow,
  type SubscriptionStatusCode,
} from './members.service';
