import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { salesTickets } from '../../db/schema';

export type TicketRow = typeof salesTickets.$inferSelect;
export type TicketValues = Omit<typeof salesTickets.$inferInsert, 'id' | 'createdAt'>;

/**
 * Stores a ticket; undefined when its code or its idempotency key is already taken (nothing is
 * stored, and the transaction stays usable).
 */
export const insertTicket = async (
  db: Executor,
  values: TicketValues,
): Promise<TicketRow | undefined> =>
  (await db.insert(salesTickets).values(values).onConflictDoNothing().returning())[0];

export const findTicketByIdempotencyKey = async (
  db: Executor,
  key: string,
): Promise<TicketRow | undefined> =>
  (await db.select().from(salesTickets).where(eq(salesTickets.idempotencyKey, key)).limit(1))[0];
