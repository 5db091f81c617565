import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface ApiRateLimitOptions {
  /** Off in the API tests, which turn it on where they test it. */
  enabled: boolean;
  /** API calls per minute for one signed-in user, wherever they call from. */
  perUserPerMinute: number;
  /** API calls per minute for one IP address without a valid sign-in (sign-in, sign-up, site). */
  perIpPerMinute: number;
}

/** Only the API is limited: the web app's pages, scripts, styles and images never are. */
const isApiCall = (request: FastifyRequest) => request.url.startsWith('/v1/');

/** "Please wait 45 seconds", "Please wait 1 minute": whichever reads best for the time left. */
export const waitText = (ms: number): string => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * The general limit on API calls, against runaway scripts and floods. A signed-in user is counted
 * on their own, so a whole gym behind one router or mobile-carrier address does not share one
 * budget; anonymous calls are counted per IP. Counters live in this instance's memory (a
 * flood is cut by whichever instance it reaches); the sign-in, sign-up, verification and reset
 * limits that guard accounts are counted in the database and shared by every instance.
 */
export const apiRateLimitPlugin = fp(async (app: FastifyInstance, opts: ApiRateLimitOptions) => {
  await app.register(rateLimit, {
    global: true,
    timeWindow: '1 minute',
    allowList: (request) => !opts.enabled || !isApiCall(request),
    keyGenerator: async (request) => {
      const claims = await app.bearerClaims(request);
      return claims ? `user:${claims.sub}` : `ip:${request.ip}`;
    },
    max: (_request, key) => (key.startsWith('user:') ? opts.perUserPerMinute : opts.perIpPerMinute),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests at once. Please wait ${waitText(context.ttl)} and try again.`,
    }),
  });
});
