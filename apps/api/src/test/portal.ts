import { desc, eq } from 'drizzle-orm';
import { MEMBER_SESSION_DAYS } from '@kora/shared';
import { memberSessions, outbox } from '../db/schema';
import { signMemberToken } from '../lib/tokens';
import type { TestApp } from './app';

/*
 * Members signed in on their gym's page, for the tests of several folders (the portal's own, the
 * tenancy, role and fuzz matrices): a code asked for and read from the outbox, as the member
 * reads it on their phone, then the member token the verify call answers.
 */

let ips = 0;
/** Each sign-in from an address of its own: the code limits are tested on purpose only. */
const freshIp = () => `10.77.${Math.floor(ips / 250) % 250}.${(ips++ % 250) + 1}`;

/** The code of the latest message to `to`. */
export const portalCodeSentTo = async (t: TestApp, to: string): Promise<string | undefined> => {
  const [row] = await t.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ? /^(\d{6}) is your /.exec(row.text)?.[1] : undefined;
};

/** Signs the member reached at `identifier` (phone or e-mail) in on `businessCode`'s page. */
export const signInMember = async (
  t: TestApp,
  businessCode: string,
  identifier: string,
): Promise<string> => {
  const asked = await t.app.inject({
    method: 'POST',
    url: `/v1/portal/${businessCode}/sign-in/code`,
    payload: { identifier },
    remoteAddress: freshIp(),
  });
  if (asked.statusCode !== 202) throw new Error(`asking a code failed: ${asked.body}`);
  const code = await portalCodeSentTo(t, identifier);
  if (!code) throw new Error(`no code was sent to ${identifier}`);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/portal/${businessCode}/sign-in/verify`,
    payload: { identifier, code },
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`signing in failed: ${res.body}`);
  return res.json().data.token as string;
};

/**
 * A member token of a new session, made straight in the database (no code sent, no limit
 * counted): for the matrices, which need many.
 */
export const memberTokenFor = async (
  t: TestApp,
  businessId: number,
  memberId: number,
): Promise<string> => {
  const expiresAt = new Date(Date.now() + MEMBER_SESSION_DAYS * 86_400_000);
  const [session] = await t.db
    .insert(memberSessions)
    .values({ businessId, memberId, expiresAt, userAgent: 'matrix' })
    .returning({ id: memberSessions.id });
  return signMemberToken(t.config.jwtSecret, {
    memberId,
    businessId,
    sessionId: session!.id,
    expiresAt,
  });
};
