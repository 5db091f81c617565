import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessClaims } from '@kora/shared';
import { unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token's claims; set by `app.authenticate`. */
    claims: AccessClaims | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid bearer access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user's id; only call after `authenticate`. */
export const userIdOf = (request: FastifyRequest): number => {
  if (!request.claims) throw unauthorized();
  return Number(request.claims.sub);
};

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  app.decorateRequest('claims', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const claims = await verifyAccessToken(opts.secret, token);
    if (!claims)
      throw unauthorized('Your session has expired. Please sign in again.', 'TOKEN_INVALID');
    request.claims = claims;
  });
});
