import { lagosDay } from '@kora/shared';
import type { Db } from '../../db/client';
import { closePaymentDays } from '../../db/payment-days';
import type { ModuleJob } from '../module';

/**
 * The daily close as a dispatcher job: checks once per Lagos day (after a success) and closes
 * what is left; a failure (lock timeout) is tried again on the next tick.
 */
const dailyCloseJob = () => {
  let doneFor: string | null = null;
  return async (db: Db) => {
    const today = lagosDay();
    if (doneFor === today) return;
    await closePaymentDays(db, today);
    doneFor = today;
  };
};

/** The module's work on each dispatcher tick: the daily close of the payments' roll-up. */
export const dashboardJobs: ModuleJob[] = [dailyCloseJob()];
