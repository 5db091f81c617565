import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';

/** The rows of a raw statement's answer. */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * A benchmark's gym: its business (member numbers up to `memberSeq` already taken) and its
 * owner, Bench Owner at `ownerEmail`. Answers both ids.
 */
export const insertBenchGym = async (
  db: Db,
  gym: { name: string; code: string; ownerEmail: string; memberSeq: number },
): Promise<{ businessId: number; userId: number }> => {
  const [biz] = rows<{ id: number }>(
    await db.execute(sql`insert into businesses (name, code, address, city, state, member_seq)
      values (${gym.name}, ${gym.code}, '1 Bench Road', 'Ikeja', 'Lagos', ${gym.memberSeq})
      returning id`),
  );
  const [user] = rows<{ id: number }>(
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name,
        email_verified, role, business_id)
      values (${gym.ownerEmail}, 'x', 'Bench', 'Owner', true, 'owner', ${biz!.id})
      returning id`),
  );
  return { businessId: biz!.id, userId: user!.id };
};
