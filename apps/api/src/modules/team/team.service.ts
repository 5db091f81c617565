import {
  TEAM_LIMIT,
  type AuditAction,
  type ChangeRoleInput,
  type InviteInput,
  type Role,
  type TeamUser,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { createOnce } from '../../lib/idempotency';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { Tenant, TenantUser } from '../../plugins/tenancy';
import { dropInvitationLinks, endSessions, sendInvitation } from '../auth';
import * as repo from './team.repository';
import { recordTeamEvent } from '../../db/team-events';
import { recordAudit, type Actor } from '../audit';

/** A person of the team as the trail names them: their name, else their e-mail address. */
const personLabel = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/** An entry about a person of the team, in the change's transaction. */
const auditPerson = (
  exec: Executor,
  actor: Actor,
  businessId: number,
  action: AuditAction,
  user: repo.UserRow,
  detail: Record<string, unknown>,
) =>
  recordAudit(exec, actor, {
    businessId,
    action,
    recordKind: 'user',
    recordId: user.id,
    recordLabel: personLabel(user),
    detail: { email: user.email, ...detail },
  });

const MESSAGES = {
  notFound: 'User not found.',
  alreadyInTeam: 'This person is already in your team.',
  alreadyInvited:
    'This person has already been invited. Use Resend invitation in the list to send the link again.',
  otherBusiness:
    'This email already belongs to a user of another business on Kora. Ask them to use another email address.',
  teamFull: `A team can have at most ${TEAM_LIMIT} people. Remove someone before inviting more.`,
  notPending: 'This person has already accepted their invitation.',
  ownerProtected: "The business owner can't be changed or removed.",
  notYourself: "You can't remove yourself from the team. Ask the business owner.",
} as const;

/**
 * The signed-in user's row for the session check every authenticated call makes (the tenancy
 * plugin is given this function, so plugins import no module).
 */
export const findSessionUser = async (
  ctx: AppContext,
  userId: number,
): Promise<TenantUser | undefined> => {
  const row = await repo.findSessionUser(ctx.db, userId);
  if (!row) return undefined;
  const profile = { ...row.profile, role: row.profile.role as Role | null };
  return {
    id: profile.id,
    businessId: profile.business_id,
    role: profile.role,
    isActive: row.isActive,
    tokenVersion: row.tokenVersion,
    email: profile.email,
    firstName: profile.first_name,
    lastName: profile.last_name,
    profile,
  };
};

/** A business's name (for the answer a person removed from it gets); undefined when it is gone. */
export const businessNameOf = (ctx: AppContext, businessId: number): Promise<string | undefined> =>
  repo.businessName(ctx.db, businessId);

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/**
 * A person as the team list shows them. They count as verified once their invitation is
 * accepted: an account invited while it had no business stays pending until then.
 */
const toTeamUser = (row: repo.TeamRow): TeamUser => {
  const accepted = row.isActive && row.emailVerified;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    role: (row.role ?? 'staff') as Role,
    email_verified: accepted,
    profile_picture: row.profilePicture,
    created_at: iso(row.createdAt)!,
    invitation_expires_at: row.isActive ? null : iso(row.invitationExpiresAt),
  };
};

export const listTeam = async (ctx: AppContext, businessId: number): Promise<TeamUser[]> =>
  (await repo.listTeam(ctx.db, businessId)).map(toTeamUser);

const getTeamUser = async (db: Executor, businessId: number, id: number): Promise<TeamUser> => {
  const row = await repo.findTeamUser(db, businessId, id);
  if (!row) throw notFound(MESSAGES.notFound, 'USER_NOT_FOUND');
  return toTeamUser(row);
};

const inviterName = (tenant: Tenant) =>
  `${tenant.firstName} ${tenant.lastName}`.trim() || tenant.email;

/**
 * Invites a person into the business with a role: a new account waiting for its invitation, or
 * an existing account that has no business (a removed team member, someone who signed up
 * without setting a business up). The invitation e-mail carries a 7-day, single-use link. An
 * e-mail already in this team, or in another business, is refused. The same Idempotency-Key
 * again answers the first invitation and sends nothing.
 */
export const invite = async (
  ctx: AppContext,
  tenant: Tenant,
  input: InviteInput,
  key: string | undefined,
  actor: Actor,
): Promise<{ user: TeamUser; replayed: boolean }> => {
  const { businessId } = tenant;
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId, scope: 'invite', key, body: input },
    async (tx) => {
      // One invitation at a time per business: the team size is checked against a stable count.
      const business = await repo.lockBusiness(tx, businessId);
      if (!business) throw notFound(MESSAGES.notFound, 'USER_NOT_FOUND');
      if ((await repo.countTeam(tx, businessId)) >= TEAM_LIMIT)
        throw conflict(MESSAGES.teamFull, 'TEAM_FULL');
      const existing = await repo.lockUserByEmail(tx, input.email);
      let user: repo.UserRow | undefined;
      if (existing) {
        if (existing.businessId === businessId) {
          throw existing.isActive
            ? conflict(MESSAGES.alreadyInTeam, 'ALREADY_IN_TEAM')
            : conflict(MESSAGES.alreadyInvited, 'ALREADY_INVITED');
        }
        if (existing.businessId) throw conflict(MESSAGES.otherBusiness, 'EMAIL_IN_OTHER_BUSINESS');
        user = await repo.attachInvitee(tx, existing.id, {
          businessId,
          role: input.role,
          // Names the person gave themselves win over the ones typed by the inviter.
          firstName: existing.firstName || input.first_name || '',
          lastName: existing.lastName || input.last_name || '',
        });
        if (!user) throw conflict(MESSAGES.otherBusiness, 'EMAIL_IN_OTHER_BUSINESS');
        // Until they accept, the account cannot be used: its sessions end now.
        await endSessions(tx, user.id);
      } else {
        user = await repo
          .insertUser(tx, {
            email: input.email,
            firstName: input.first_name ?? '',
            lastName: input.last_name ?? '',
            role: input.role,
            businessId,
            isActive: false,
            emailVerified: false,
          })
          .catch((err: unknown) => {
            // Another business invited (or someone registered) this e-mail at the same moment.
            if (isUniqueViolation(err))
              throw conflict(MESSAGES.otherBusiness, 'EMAIL_IN_OTHER_BUSINESS');
            throw err;
          });
      }
      await recordTeamEvent(tx, {
        businessId,
        kind: 'invited',
        user,
        role: input.role,
        by: tenant,
      });
      await auditPerson(tx, actor, businessId, 'team.invite', user, { role: input.role });
      await sendInvitation(ctx, tx, {
        user,
        businessName: business.name,
        inviterName: inviterName(tenant),
        role: input.role,
      });
      return user.id;
    },
  );
  if (!replayed) void ctx.dispatcher.wake();
  return { user: await getTeamUser(ctx.db, businessId, id), replayed };
};

/** A person of the team, locked; the owner cannot be changed or removed. */
const lockChangeable = async (tx: Executor, businessId: number, id: number) => {
  const user = await repo.lockTeamUser(tx, businessId, id);
  if (!user) throw notFound(MESSAGES.notFound, 'USER_NOT_FOUND');
  if (user.role === 'owner') throw forbidden(MESSAGES.ownerProtected, 'OWNER_PROTECTED');
  return user;
};

/** Sends a pending invitation again: a new 7-day link; the earlier links stop working. */
export const resendInvitation = async (
  ctx: AppContext,
  tenant: Tenant,
  id: number,
  actor: Actor,
): Promise<TeamUser> => {
  await ctx.db.transaction(async (tx) => {
    const user = await lockChangeable(tx, tenant.businessId, id);
    if (user.isActive) throw conflict(MESSAGES.notPending, 'NOT_PENDING');
    await auditPerson(tx, actor, tenant.businessId, 'team.invite', user, {
      role: user.role,
      resent: true,
    });
    const name = await repo.businessName(tx, tenant.businessId);
    await sendInvitation(ctx, tx, {
      user,
      businessName: name ?? '',
      inviterName: inviterName(tenant),
      role: user.role ?? 'staff',
    });
  });
  void ctx.dispatcher.wake();
  return getTeamUser(ctx.db, tenant.businessId, id);
};

/**
 * Gives a person of the team another role (admin or staff). The API reads the role from the
 * database on every request, so it applies from their next call, whatever their token says.
 */
export const changeRole = async (
  ctx: AppContext,
  tenant: Tenant,
  id: number,
  input: ChangeRoleInput,
  actor: Actor,
): Promise<TeamUser> => {
  await ctx.db.transaction(async (tx) => {
    const user = await lockChangeable(tx, tenant.businessId, id);
    if (user.role !== input.role) {
      await repo.setRole(tx, user.id, input.role);
      await recordTeamEvent(tx, {
        businessId: tenant.businessId,
        kind: 'role_changed',
        user,
        role: input.role,
        by: tenant,
      });
      await recordAudit(tx, actor, {
        businessId: tenant.businessId,
        action: 'team.role',
        recordKind: 'user',
        recordId: user.id,
        recordLabel: personLabel(user),
        changes: { role: { from: user.role, to: input.role } },
        detail: { email: user.email },
      });
    }
  });
  return getTeamUser(ctx.db, tenant.businessId, id);
};

/**
 * Revokes a pending invitation, or removes a person from the team. Their sessions end at once
 * and their links stop working. An account that never got past its invitation is deleted; any
 * other keeps existing without a business, so what they recorded keeps their name and they can
 * be invited again. Answers whether it was an invitation.
 */
export const removeFromTeam = async (
  ctx: AppContext,
  tenant: Tenant,
  id: number,
  actor: Actor,
): Promise<{ wasInvitation: boolean }> =>
  ctx.db.transaction(async (tx) => {
    const user = await lockChangeable(tx, tenant.businessId, id);
    if (user.id === tenant.userId) throw forbidden(MESSAGES.notYourself, 'CANNOT_REMOVE_SELF');
    await dropInvitationLinks(tx, user.id);
    await recordTeamEvent(tx, {
      businessId: tenant.businessId,
      kind: user.isActive ? 'removed' : 'invitation_revoked',
      user,
      role: user.role,
      by: tenant,
    });
    await auditPerson(
      tx,
      actor,
      tenant.businessId,
      user.isActive ? 'team.remove' : 'team.invite_cancel',
      user,
      { role: user.role },
    );
    if (!user.passwordHash) {
      await repo.deleteUser(tx, user.id);
    } else {
      await repo.detachUser(tx, user.id);
      await endSessions(tx, user.id);
    }
    return { wasInvitation: !user.isActive };
  });
