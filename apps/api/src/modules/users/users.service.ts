import type { AppContext } from '../../context';
import * as repo from './users.repository';

/**
 * The signed-in user's row for the session check every authenticated call makes (the tenancy
 * plugin is given this function, so plugins import no module). Team management (invitations,
 * roles) will live in this module too.
 */
export const findSessionUser = (ctx: AppContext, userId: number) =>
  repo.findSessionUser(ctx.db, userId);
