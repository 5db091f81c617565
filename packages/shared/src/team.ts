import { z } from 'zod';
import { ROLES } from './auth';
import { LIMITS, email, idParam } from './common';
import { answerOf, contract, doneAnswer } from './contract';
import { optionalTextField } from './text';

/** The roles an owner or an admin can give: a business has exactly one owner. */
export const TEAM_ROLES = ['admin', 'staff'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** At most this many people (pending invitations included) in one business's team. */
export const TEAM_LIMIT = 200;

const ROLE_REQUIRED = 'Please select a role';
export const OWNER_NOT_INVITABLE =
  'A business has one owner. Choose Admin or Staff for this person.';

/** admin or staff; `owner` is refused with its own message, anything else asks for a role. */
const teamRole = z
  .enum(ROLES, { error: ROLE_REQUIRED })
  .refine((r) => r !== 'owner', { error: OWNER_NOT_INVITABLE })
  .transform((r) => r as TeamRole);

/**
 * An invitation: the e-mail and the role. The names are optional (the invitee gives them when
 * setting up their account if they are not known here).
 */
export const inviteSchema = z.object({
  email: email(),
  role: teamRole,
  first_name: optionalTextField({ label: 'First name', min: 2, max: LIMITS.name }),
  last_name: optionalTextField({ label: 'Last name', min: 2, max: LIMITS.name }),
});
export type InviteInput = z.infer<typeof inviteSchema>;

const changeRoleSchema = z.object({ role: teamRole });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

/**
 * A person of the team. `email_verified` is false while their invitation waits (Pending) and true
 * once they have accepted it (Verified); `invitation_expires_at` is when the last link sent stops
 * working (null once accepted).
 */
const teamUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  email_verified: z.boolean(),
  profile_picture: z.string().nullable(),
  created_at: z.string(),
  invitation_expires_at: z.string().nullable(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

const teamUserAnswer = answerOf(teamUserSchema);

/**
 * The business's team. Everyone in the business sees it; only the owner and admins invite,
 * change roles and remove. Nobody changes or removes the owner.
 */
export const teamContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/user',
    operationId: 'listTeam',
    summary: "The business's team: the owner first, then by name, pending invitations included",
    tag: 'team',
    access: 'team.read',
    answer: answerOf(z.array(teamUserSchema)),
  }),
  invite: contract({
    method: 'POST',
    path: '/v1/user/invite',
    operationId: 'inviteTeamUser',
    summary: 'Invite a person by e-mail as admin or staff (a 7-day, single-use link)',
    description:
      'An e-mail already in this team, or in another business, answers 409. The same Idempotency-Key again answers the first invitation and sends nothing.',
    tag: 'team',
    access: 'team.manage',
    body: inviteSchema,
    answer: teamUserAnswer,
    status: 201,
    idempotent: true,
  }),
  resendInvitation: contract({
    method: 'POST',
    path: '/v1/user/:id/resend-invitation',
    operationId: 'resendInvitation',
    summary: 'Send a pending invitation again: a new link, the earlier ones stop working',
    tag: 'team',
    access: 'team.manage',
    params: idParam,
    answer: teamUserAnswer,
  }),
  changeRole: contract({
    method: 'PATCH',
    path: '/v1/user/:id/role',
    operationId: 'changeTeamUserRole',
    summary: "Change a team user's role (admin or staff); it applies from their next request",
    tag: 'team',
    access: 'team.manage',
    params: idParam,
    body: changeRoleSchema,
    answer: teamUserAnswer,
  }),
  remove: contract({
    method: 'DELETE',
    path: '/v1/user/:id',
    operationId: 'removeTeamUser',
    summary: 'Revoke a pending invitation, or remove a person from the team',
    description:
      'A removed person keeps their account without a business and their sessions end at once; what they recorded keeps their name.',
    tag: 'team',
    access: 'team.manage',
    params: idParam,
    answer: doneAnswer,
  }),
};
