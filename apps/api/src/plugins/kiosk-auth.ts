import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../lib/errors';

/** The kiosk a request's `Authorization: Kiosk <token>` header belongs to. */
export interface KioskSession {
  id: number;
  businessId: number;
  name: string;
  /** Who opened or created it; null once that user is gone. */
  createdByUserId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    kiosk: KioskSession | null;
  }
  interface FastifyInstance {
    /**
     * preValidation of the kiosk's own calls: a token of a kiosk that is not switched off (401
     * otherwise, and for any other kind of header: a staff session cannot call them).
     */
    requireKiosk: (request: FastifyRequest) => Promise<void>;
  }
}

/** What a switched-off kiosk hears on its next call. */
const KIOSK_SWITCHED_OFF = 'This kiosk was switched off. Ask the front desk to open it again.';

export interface KioskAuthOptions {
  /**
   * The kiosk of a token (given by app.ts, so this plugin imports no module): `revoked` when it
   * was switched off, undefined when no kiosk has it.
   */
  findKiosk: (token: string) => Promise<(KioskSession & { revoked: boolean }) | undefined>;
}

/** The kiosk of a request that passed `requireKiosk`. */
export const kioskOf = (request: FastifyRequest): KioskSession => {
  if (!request.kiosk) throw unauthorized();
  return request.kiosk;
};

/** The token of an `Authorization: Kiosk <token>` header, '' for any other. */
const kioskTokenOf = (request: FastifyRequest): string => {
  const header = request.headers.authorization;
  return header?.startsWith('Kiosk ') ? header.slice(6).trim() : '';
};

/**
 * A kiosk signs in with its own token: it can only call the kiosk's calls (their contracts'
 * access is `kiosk`). Every other call reads only a bearer token, so a kiosk token there is no
 * session at all (401), and a staff bearer token here is refused the same way.
 */
export const kioskAuthPlugin = fp(async (app: FastifyInstance, opts: KioskAuthOptions) => {
  app.decorateRequest('kiosk', null);
  app.decorate('requireKiosk', async (request: FastifyRequest) => {
    const token = kioskTokenOf(request);
    // A kiosk token is 43 characters of base64url; anything else is not looked up.
    if (!token || token.length > 100) throw unauthorized();
    const kiosk = await opts.findKiosk(token);
    if (!kiosk) throw unauthorized();
    if (kiosk.revoked) throw new AppError(401, 'KIOSK_SWITCHED_OFF', KIOSK_SWITCHED_OFF);
    request.kiosk = {
      id: kiosk.id,
      businessId: kiosk.businessId,
      name: kiosk.name,
      createdByUserId: kiosk.createdByUserId,
    };
  });
});
