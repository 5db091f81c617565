import { members, plans } from './schema';

/*
 * The few columns a payment or a subscription shows of its member and plan (MemberBrief, and the
 * plan's name and kind), selected alike by the repositories that list them.
 */

export const memberBrief = {
  id: members.id,
  pictureUrl: members.pictureUrl,
  firstName: members.firstName,
  lastName: members.lastName,
  emailAddress: members.emailAddress,
};

export const planBrief = {
  id: plans.id,
  name: plans.name,
  isGrouped: plans.isGrouped,
};
