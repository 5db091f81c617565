import { RECONCILE_AFTER_MINUTES } from '@kora/shared';
import type { AppContext } from '../../context';
import { PaystackError, type PaystackClient } from '../../lib/paystack';
import type { ModuleJob } from '../module';
import { clientFor } from './online.account';
import { verifyAndAct } from './online.apply';
import { applyKeptEvents } from './online.events';
import * as repo from './online.repository';
import type { WebhookOutcome } from './online.webhook';

/** Links checked per pass; the job runs at most once a minute per instance. */
const RECONCILE_BATCH = 20;
const RECONCILE_EVERY_MS = 60_000;
const lastRun = new WeakMap<AppContext, number>();

/**
 * The webhook that never came: links still waiting RECONCILE_AFTER_MINUTES after they were sent
 * are verified with Paystack (again every 6 hours, and once after they expire); a paid one is applied like
 * the webhook would have, and one past its lifetime and unpaid is marked expired.
 */
export const reconcileLinks = async (ctx: AppContext): Promise<number> => {
  const due = await repo.claimWaitingLinks(ctx.db, RECONCILE_AFTER_MINUTES, RECONCILE_BATCH);
  const clients = new Map<number, PaystackClient | undefined>();
  for (const link of due) {
    if (!clients.has(link.business_id)) {
      const account = await repo.findAccount(ctx.db, link.business_id);
      clients.set(link.business_id, account && clientFor(ctx, account));
    }
    const client = clients.get(link.business_id);
    if (!client) continue;
    let outcome: WebhookOutcome | 'unknown';
    try {
      outcome = await verifyAndAct(ctx, link.business_id, client, link.reference);
    } catch (err) {
      if (!(err instanceof PaystackError)) throw err;
      // Unreachable: the next pass asks again. Refused: Paystack does not know it (never paid).
      if (err.kind === 'unreachable') continue;
      outcome = 'unknown';
    }
    if ((outcome === 'pending' || outcome === 'unknown') && link.expired)
      await repo.expireLink(ctx.db, link.id);
  }
  return due.length;
};

/**
 * The dispatcher's tick, at most once a minute per instance: reconciliation, and the events kept
 * while a business was disconnected that the connection itself did not apply.
 */
const reconcileJob = async (ctx: AppContext) => {
  const now = Date.now();
  if (now - (lastRun.get(ctx) ?? 0) < RECONCILE_EVERY_MS) return;
  lastRun.set(ctx, now);
  await reconcileLinks(ctx);
  await applyKeptEvents(ctx);
};

/** The module's work on each dispatcher tick. */
export const onlineJobs: ModuleJob[] = [(_db, ctx) => reconcileJob(ctx)];
