import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@kora/shared';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { findUser } from '../modules/auth/auth.service';

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
  }
  interface FastifyInstance {
    /** preHandler for back-office routes: signed in, with a business (403 otherwise). */
    requireBusiness: (request: FastifyRequest) => Promise<void>;
  }
}

export const NO_BUSINESS = 'Complete your business setup first.';
export const ROLE_MESSAGES = {
  manager: 'Only the business owner or an admin can do this.',
} as const;

/** The tenant of a request that passed `requireBusiness`. */
export const tenantOf = (request: FastifyRequest): Tenant => {
  if (!request.tenant) throw unauthorized();
  return request.tenant;
};

/**
 * preHandler: the caller's role must be one of `roles`. Use after `requireBusiness`:
 * `preHandler: [app.requireBusiness, requireRole('owner', 'admin')]`.
 */
export const requireRole =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    const tenant = tenantOf(request);
    if (!roles.includes(tenant.role)) throw forbidden(ROLE_MESSAGES.manager, 'ROLE_FORBIDDEN');
  };

/** Owners and admins: plans, team users, business settings. */
export const MANAGERS: Role[] = ['owner', 'admin'];

export const tenancyPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('tenant', null);
  app.decorate('requireBusiness', async (request: FastifyRequest) => {
    await app.authenticate(request);
    // The business comes from the user's row, never from the request: a user moved or
    // deactivated since the token was issued is seen at once.
    const user = await findUser(opts.ctx, Number(request.claims!.sub));
    if (!user || !user.isActive)
      throw unauthorized('Your session has expired. Please sign in again.');
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
