import { businesses, members, plans, users } from './schema';

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

/** A member as a list of people to see or call shows them (check-in's lookup, members at risk). */
export interface MemberRowBrief {
  id: number;
  memberCode: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  pictureUrl: string | null;
}

/** A member's name, member ID, phone and e-mail: what a receipt and the member's own page show. */
export const memberContact = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  memberCode: members.memberCode,
  mobileNumber: members.mobileNumber,
  emailAddress: members.emailAddress,
};

export const planBrief = {
  id: plans.id,
  name: plans.name,
  isGrouped: plans.isGrouped,
};

/** What a message from a business to its members shows of it: its name, e-mail and logo. */
export const senderBrief = {
  name: businesses.name,
  email: businesses.businessEmail,
  logoUrl: businesses.logoUrl,
};

/**
 * A signed-in user's profile as `GET /v1/auth/me` answers it, with their business's name, code
 * and logo (selected from users left-joined to businesses): read by the session check on every
 * call, and again after a profile change.
 */
export const profileColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone_number: users.phoneNumber,
  email_verified: users.emailVerified,
  role: users.role,
  profile_picture: users.profilePicture,
  business_id: users.businessId,
  business_name: businesses.name,
  business_code: businesses.code,
  business_logo_url: businesses.logoUrl,
};
