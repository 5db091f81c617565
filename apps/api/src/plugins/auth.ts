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
    /**
     * The claims of the request's bearer access token, or null when there is none or it is not
     * valid. Checked once per request (the rate limiter and `authenticate` share the answer).
     */
    bearerClaims: (request: FastifyRequest) => Promise<AccessClaims | null>;
  }
}

const checked = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();

/** The signed-in user's id; only call after `authenticate`. */
export const userIdOf = (request: FastifyRequest): number => {
  if (!request.claims) throw unauthorized();
  return Number(request.claims.sub);
};

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  app.decorateRequest('claims', null);
  const bearerClaims = (request: FastifyRequest): Promise<AccessClaims | null> => {
    let claims = checked.get(request);
    if (!claims) {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      claims = token ? verifyAccessToken(opts.secret, token) : Promise.resolve(null);
      checked.set(request, claims);
    }
    return claims;
  };
  app.decorate('bearerClaims', bearerClaims);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ') || !header.slice(7).trim()) throw unauthorized();
    const claims = await bearerClaims(request);
    if (!claims)
      throw unauthorized('Your session has expired. Please sign in again.', 'TOKEN_INVALID');
    request.claims = claims;
  });
});
