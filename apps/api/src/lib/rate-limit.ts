import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  /** e.g. `login` */
  action: string;
  perIp: number;
  perEmail: number;
  windowMinutes: number;
}

const emailKey = (email: string) => email.toLowerCase().slice(0, 254);

/**
 * Fixed-window counters kept in the database, so every API instance shares them. One atomic
 * upsert per key: the window restarts when it has passed, otherwise the count goes up.
 */
const hit = async (db: Db, key: string, windowMinutes: number) => {
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(mins => ${windowMinutes}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, extract(epoch from (reset_at - now()))::float8 as seconds_left`);
  const row = (result as unknown as { rows: { count: number; seconds_left: number }[] }).rows[0]!;
  return { count: Number(row.count), secondsLeft: Number(row.seconds_left) };
};

/** Counts one attempt by IP and (when given) by e-mail; throws 429 past either limit. */
export const checkRateLimit = async (
  db: Db,
  rule: RateLimitRule,
  ip: string,
  email?: string,
): Promise<void> => {
  const checks = [
    hit(db, `${rule.action}:ip:${ip}`, rule.windowMinutes).then((r) => ({ ...r, max: rule.perIp })),
  ];
  if (email) {
    checks.push(
      hit(db, `${rule.action}:email:${emailKey(email)}`, rule.windowMinutes).then((r) => ({
        ...r,
        max: rule.perEmail,
      })),
    );
  }
  refuseOver(await Promise.all(checks));
};

/** 429 when any counter is past its maximum, saying when the longest wait ends. */
const refuseOver = (counters: { count: number; max: number; secondsLeft: number }[]) => {
  const over = counters.filter((r) => r.count > r.max);
  if (!over.length) return;
  const seconds = Math.max(...over.map((r) => r.secondsLeft));
  throw tooManyRequests(Math.max(1, Math.ceil(seconds / 60)), seconds);
};

/**
 * Takes back the attempt a success made: one from the IP's count, and the e-mail's count starts
 * over. Sign-in counts every attempt first (so parallel guesses cannot slip past the limit) and
 * forgives the ones that succeed, so only failures add up: a receptionist signing in all day is
 * never locked out with the right password.
 */
export const forgiveAttempt = async (
  db: Db,
  rule: Pick<RateLimitRule, 'action'>,
  ip: string,
  email: string,
): Promise<void> => {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${`${rule.action}:ip:${ip}`}`);
  await db.execute(sql`
    delete from rate_limits where key = ${`${rule.action}:email:${emailKey(email)}`}`);
};

/** Expired counters are dropped now and then so the table stays small. */
export const pruneRateLimits = async (db: Db) => {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
};

/**
 * Counts one attempt against each account's own counter of `rule` (the same key as the
 * e-mail's of checkRateLimit: a door other than sign-in adds to sign-in's count); 429 past any.
 */
export const checkAccountLimits = async (
  db: Db,
  rule: RateLimitRule,
  emails: readonly string[],
): Promise<void> => {
  const results = await Promise.all(
    emails.map((e) => hit(db, `${rule.action}:email:${emailKey(e)}`, rule.windowMinutes)),
  );
  refuseOver(results.map((r) => ({ ...r, max: rule.perEmail })));
};

/** Starts the accounts' counters of `rule` over (after a right password). */
export const forgiveAccounts = async (
  db: Db,
  rule: Pick<RateLimitRule, 'action'>,
  emails: readonly string[],
): Promise<void> => {
  for (const e of emails)
    await db.execute(
      sql`delete from rate_limits where key = ${`${rule.action}:email:${emailKey(e)}`}`,
    );
};

/**
 * Takes back one attempt from both counters of checkRateLimit (a success among failures that
 * are counted together, so one success does not wipe what others failed).
 */
export const forgiveOne = async (
  db: Db,
  rule: Pick<RateLimitRule, 'action'>,
  ip: string,
  email: string,
): Promise<void> => {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key in (${`${rule.action}:ip:${ip}`}, ${`${rule.action}:email:${emailKey(email)}`})`);
};
