import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BLOG_LIMITS } from '@kora/shared';
import { call, json } from '../test/app';
import { useTestApp, useTenants } from '../test/hooks';
import { ADDRESS_TOO_LONG, BAD_ADDRESS } from './error-handler';

/*
 * Addresses the router refuses before any route runs answer like every other error:
 * `{ message, code }` in words, and a line in the log.
 */

describe('addresses the router refuses', () => {
  const lines: string[] = [];
  const t = useTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  const { owner } = useTenants(t, { owner: {} });

  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  /** The router refused the address: `statusCode` and `code` in the error shape, and logged. */
  const expectRefused = (
    res: LightMyRequestResponse,
    statusCode: number,
    code: string,
    message: string,
  ) => {
    expect(res.statusCode).toBe(statusCode);
    expect(json(res)).toEqual({ message, code });
    expect(logged()).toContainEqual(
      expect.objectContaining({ msg: 'address refused by the router', reason: code, statusCode }),
    );
  };

  // The router reads path parts as long as a blog slug may be.
  it('a path part longer than the router reads answers 414 in the error shape, logged', async () => {
    lines.length = 0;
    const res = await call(t.app, 'GET', `/v1/member/${'1'.repeat(BLOG_LIMITS.slug + 1)}`, {
      token: owner.token,
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectRefused(res, 414, 'URL_TOO_LONG', ADDRESS_TOO_LONG);
  });

  it('a badly percent-encoded path answers 400 in the error shape, logged', async () => {
    lines.length = 0;
    const res = await call(t.app, 'GET', '/v1/member/%E0%A4%A', { token: owner.token });
    expectRefused(res, 400, 'BAD_URL', BAD_ADDRESS);
  });

  it('an unknown API address answers 404 in the error shape', async () => {
    const res = await call(t.app, 'GET', '/v1/nothing-here', { token: owner.token });
    expect(res.statusCode).toBe(404);
    expect(Object.keys(json(res)).sort()).toEqual(['code', 'message']);
  });
});
