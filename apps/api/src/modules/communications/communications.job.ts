import type { Db } from '../../db/client';
import type { ModuleJob } from '../module';
import * as repo from './communications.repository';
import { SYSTEM_ACTOR } from '../audit';
import { auditMessage, fanOut } from './communications.service';

/** Scheduled messages released per transaction of the release job. */
const RELEASE_BATCH = 20;

/**
 * The release job (a dispatcher tick): fans out the scheduled messages that are due, each
 * claimed and fanned out in one transaction, so several instances never send one twice.
 * `appUrl`: the app's address, for the gym's uploaded logo in e-mails.
 */
export const releaseDueMessages = async (db: Db, appUrl: string): Promise<number> => {
  let released = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const claimed = await repo.claimDueMessages(tx, RELEASE_BATCH);
      const now = new Date();
      for (const message of claimed) {
        const { recipients, skipped } = await fanOut(tx, message, now, appUrl);
        // A scheduled message goes out on its own: the trail names the System.
        await auditMessage(tx, SYSTEM_ACTOR, message, 'message.send', {
          count: recipients,
          skipped,
          scheduled: true,
        });
      }
      return claimed.length;
    });
    released += n;
    if (n < RELEASE_BATCH) return released;
  }
};

/** The dispatcher's settled hook: a message's counts and status follow its deliveries. */
export const onDeliveriesSettled = async (ref: string, db: Db): Promise<void> => {
  const match = /^comms:(\d+)$/.exec(ref);
  if (!match) return;
  await db.transaction((tx) => repo.settleMessage(tx, Number(match[1])));
};

/** The module's work on each dispatcher tick: release the scheduled messages that are due. */
export const communicationsJobs: ModuleJob[] = [
  async (db, ctx) => {
    await releaseDueMessages(db, ctx.config.appUrl);
  },
];
