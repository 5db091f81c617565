import { TEAM_ROLES, type TeamRole, type TeamUser } from '@kora/shared';
import { fullName } from '@/lib/format';

export const TEAM_TEXTS = {
  listFailed: 'An error occurred while fetching users.',
  none: 'No users found',
  inviteNotAllowed: 'Only the business owner or an admin can invite people.',
  manageNotAllowed: 'Only the business owner or an admin can change or remove people.',
  ownerProtected: "The business owner can't be changed or removed.",
  notYourself: "You can't remove yourself from the team.",
  invitationExpired: 'Invitation expired',
  actionFailed: 'An error occurred. Please try again.',
} as const;

/** The full name, or the e-mail of an invitee whose names are not known yet. */
export const teamUserName = (user: Pick<TeamUser, 'first_name' | 'last_name' | 'email'>) =>
  fullName(user.first_name, user.last_name) || user.email;

/** An invitation not accepted yet. */
export const isPending = (user: Pick<TeamUser, 'email_verified'>) => !user.email_verified;

/** A pending invitation whose last link has stopped working. */
export const invitationExpired = (
  user: Pick<TeamUser, 'email_verified' | 'invitation_expires_at'>,
  now = Date.now(),
) =>
  !user.email_verified &&
  user.invitation_expires_at !== null &&
  Date.parse(user.invitation_expires_at) <= now;

export const ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', staff: 'Staff' };

/** The roles an owner or an admin can give, as a select or radio group lists them. */
export const ROLE_OPTIONS = TEAM_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
