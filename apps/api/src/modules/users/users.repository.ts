import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** What the per-request session check reads of a user: who, whether active, business, role. */
export const findSessionUser = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: users.id,
        businessId: users.businessId,
        role: users.role,
        isActive: users.isActive,
        tokenVersion: users.tokenVersion,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];
