import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_MAX } from '@kora/shared';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict } from './errors';

const KEY_TOO_LONG = `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`;
/**
 * Keys Kora gives payments itself: `paystack:` (Paystack's reference) and `freeze-fee:` (a
 * freeze's fee, one per freeze). A client's key never starts with them, so a desk payment can
 * never pass for one (Paystack payments are not voided) nor take a freeze fee's place.
 */
const RESERVED_PREFIXES = ['paystack:', 'freeze-fee:'] as const;
const keyReserved = (prefix: string) => `Idempotency-Key must not start with "${prefix}"`;
export const KEY_REUSED =
  'This request was already sent with different details. Refresh the page and try again.';

/**
 * A create's answer: 201 with the record made, or 200 when the request repeated an
 * Idempotency-Key and the answer is the record the first request made (nothing new created).
 */
export const sendCreated = (reply: FastifyReply, replayed: boolean, answer: unknown) =>
  reply.status(replayed ? 200 : 201).send(answer);

/**
 * The optional `Idempotency-Key` header: trimmed, at most 100 characters, never Kora's own
 * `paystack:` or `freeze-fee:` prefix; blank means none.
 */
export const idempotencyKeyOf = (req: FastifyRequest): string | undefined => {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw badRequest(KEY_TOO_LONG, 'VALIDATION_ERROR', { 'idempotency-key': KEY_TOO_LONG });
  const reserved = RESERVED_PREFIXES.find((prefix) => key.toLowerCase().startsWith(prefix));
  if (reserved) {
    const message = keyReserved(reserved);
    throw badRequest(message, 'VALIDATION_ERROR', { 'idempotency-key': message });
  }
  return key;
};

/** A stable digest of a validated body: the same details in any key order give the same one. */
export const fingerprintOf = (body: unknown): string => {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : v;
  return createHash('sha256')
    .update(JSON.stringify(stable(body)))
    .digest('hex');
};

export interface OnceOptions {
  businessId: number;
  /** The kind of record: `member`, `plan`, … */
  scope: string;
  /** The client's Idempotency-Key; without one every call creates. */
  key: string | undefined;
  /** What was asked for (the validated body). */
  body: unknown;
}

/**
 * Runs `create` (which answers the new record's id) once per key: the key is claimed in the same
 * transaction, so a second call with the key (also one sent at the same moment, which waits for
 * the first to commit) answers the first record's id with `replayed: true` and creates nothing.
 * The same key with different details is refused (409).
 */
export const createOnce = async (
  db: Db,
  opts: OnceOptions,
  create: (tx: Tx) => Promise<number>,
): Promise<{ id: number; replayed: boolean }> =>
  db.transaction(async (tx) => {
    if (!opts.key) return { id: await create(tx), replayed: false };
    const fingerprint = fingerprintOf(opts.body);
    const where = and(
      eq(idempotencyKeys.businessId, opts.businessId),
      eq(idempotencyKeys.scope, opts.scope),
      eq(idempotencyKeys.key, opts.key),
    );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ businessId: opts.businessId, scope: opts.scope, key: opts.key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [earlier] = await tx.select().from(idempotencyKeys).where(where).limit(1);
      if (!earlier || earlier.fingerprint !== fingerprint || earlier.entityId === null)
        throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
      return { id: earlier.entityId, replayed: true };
    }
    const id = await create(tx);
    await tx.update(idempotencyKeys).set({ entityId: id }).where(where);
    return { id, replayed: false };
  });
