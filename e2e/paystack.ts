import { afterAll, beforeAll } from 'vitest';
import {
  startLoopbackPaystack,
  type LoopbackPaystack,
} from '../apps/api/src/test/loopback-paystack';

/**
 * A spec file's loopback Paystack, on the one port the server's PAYSTACK_BASE_URL names
 * (E2E_PAYSTACK_PORT, chosen by e2e/run.mjs). Spec files run side by side: when two that use it
 * run at once, the second waits until the first has closed the port, so each sees only its own
 * checkouts and webhooks. Answers a getter (the server starts in beforeAll).
 */
export const useLoopbackPaystack = (): (() => LoopbackPaystack) => {
  let paystack: LoopbackPaystack | undefined;
  beforeAll(async () => {
    const port = Number(process.env.E2E_PAYSTACK_PORT);
    if (!port) throw new Error('E2E_PAYSTACK_PORT is not set: run the specs through e2e/run.mjs');
    const deadline = Date.now() + 80_000;
    for (;;) {
      try {
        paystack = await startLoopbackPaystack({ port });
        return;
      } catch (err) {
        const busy = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (!busy || Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }, 90_000);
  afterAll(() => paystack?.close());
  return () => {
    if (!paystack) throw new Error('the loopback Paystack is not started yet');
    return paystack;
  };
};
