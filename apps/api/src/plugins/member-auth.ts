import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';

/** A member signed in on their gym's page: their session, of the business in the path. */
export interface MemberAuthSession {
  sessionId: string;
  businessId: number;
  businessCode: string;
  memberId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    memberSession: MemberAuthSession | null;
  }
  interface FastifyInstance {
    /**
     * preValidation of a member's own calls (`access: 'member'`): a bearer member token whose
     * session is live, of the gym named by the path's `business_code`; 401 otherwise (a staff
     * token, a kiosk token, another gym's member token alike).
     */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

export interface MemberAuthOptions {
  /** The live session of a member token on a gym's page (given by app.ts: no module import). */
  findSession: (businessCode: string, token: string) => Promise<MemberAuthSession | null>;
}

/** The member of a request that passed `requireMember`. */
export const memberSessionOfRequest = (request: FastifyRequest): MemberAuthSession => {
  if (!request.memberSession) throw unauthorized();
  return request.memberSession;
};

/**
 * Member tokens are read only here, on the member's calls; every staff call reads only a staff
 * access token (`typ: 'access'`), so a member token there is no session at all (401), and a
 * staff token here is refused the same way.
 */
export const memberAuthPlugin = fp(async (app: FastifyInstance, opts: MemberAuthOptions) => {
  app.decorateRequest('memberSession', null);
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const code = (request.params as { business_code?: unknown } | undefined)?.business_code;
    if (!token || typeof code !== 'string') throw unauthorized();
    const session = await opts.findSession(code, token);
    if (!session) throw unauthorized();
    request.memberSession = session;
  });
});
