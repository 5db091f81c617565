import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  NO_BUSINESS_MESSAGE,
  accessRemovedMessage,
  type Role,
  type UserProfile,
} from '@kora/shared';
import { AppError, forbidden, unauthorized } from '../lib/errors';

/** The caller's business and role, read from the database on every back-office request. */
export interface Tenant {
  userId: number;
  businessId: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant | null;
    /** The signed-in user's row, once `requireUser` has read it for this request. */
    sessionUser: TenantUser | null;
  }
  interface FastifyInstance {
    /**
     * A valid token of a user who is still active and whose sessions have not been ended since
     * the token was issued (password changed or reset): 401 otherwise.
     */
    requireUser: (request: FastifyRequest) => Promise<TenantUser>;
    /** preHandler for back-office routes: `requireUser`, with a business (403 otherwise). */
    requireBusiness: (request: FastifyRequest) => Promise<void>;
  }
}

/** What a caller without a business hears from every back-office call. */
export const NO_BUSINESS = NO_BUSINESS_MESSAGE;

/** The fields of a user's row the tenancy check reads. */
export interface TenantUser {
  id: number;
  businessId: number | null;
  role: string | null;
  isActive: boolean;
  /** Tokens issued under a lower version are refused. */
  tokenVersion: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Their profile as `GET /v1/auth/me` answers it, read in the same statement. */
  profile: UserProfile;
}

export interface TenancyOptions {
  /** Reads the signed-in user's row (given by app.ts, so this plugin imports no module). */
  findUser: (userId: number) => Promise<TenantUser | undefined>;
  /** The name of a business, for the answer a person removed from it gets. */
  businessName: (businessId: number) => Promise<string | undefined>;
}

/**
 * The answer of a person taken out of the business their token was issued for: 401 with its own
 * code, so the web app signs them out and says why instead of trying to refresh.
 */
export const accessRemoved = (businessName: string | null | undefined) =>
  new AppError(401, 'ACCESS_REMOVED', accessRemovedMessage(businessName));

/** The signed-in user of a request that passed `requireUser` (or `requireBusiness`). */
export const sessionUserOf = (request: FastifyRequest): TenantUser => {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
};

/** The tenant of a request that passed `requireBusiness`. */
export const tenantOf = (request: FastifyRequest): Tenant => {
  if (!request.tenant) throw unauthorized();
  return request.tenant;
};

export const tenancyPlugin = fp(async (app: FastifyInstance, opts: TenancyOptions) => {
  app.decorateRequest('tenant', null);
  app.decorateRequest('sessionUser', null);
  const requireUser = async (request: FastifyRequest): Promise<TenantUser> => {
    await app.authenticate(request);
    // The user's row, read on every call: a user deactivated, or whose sessions were ended by a
    // password change or reset, is refused at once, not when the token expires.
    const user = await opts.findUser(Number(request.claims!.sub));
    // The token was issued while they belonged to a business they no longer belong to: they were
    // removed from its team (their sessions ended with it). Said in words, naming the business.
    const claimed = request.claims!.business_id;
    if (user && typeof claimed === 'number' && user.businessId !== claimed)
      throw accessRemoved(await opts.businessName(claimed));
    if (!user || !user.isActive || (request.claims!.tv ?? 0) < user.tokenVersion)
      throw unauthorized('Your session has expired. Please sign in again.', 'SESSION_ENDED');
    request.sessionUser = user;
    return user;
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireBusiness', async (request: FastifyRequest) => {
    // The business comes from the user's row, never from the request: a user moved since the
    // token was issued is seen at once.
    const user = await requireUser(request);
    if (!user.businessId || !user.role) throw forbidden(NO_BUSINESS, 'NO_BUSINESS');
    request.tenant = {
      userId: user.id,
      businessId: user.businessId,
      role: user.role as Role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    };
  });
});
