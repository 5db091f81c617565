import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { quietHoursRelease } from '../lib/message-content';
import { SECRET_REMOVED, forgetSecrets, type Channel } from '../lib/outbox';
import {
  BULK_LIMIT,
  PermanentDeliveryError,
  type Delivery,
  type Transport,
} from '../lib/transports';

/** Rows claimed per pass: as many as one bulk call takes, so a broadcast goes in full calls. */
const BATCH = BULK_LIMIT;
const LEASE = "interval '5 minutes'";
export const MAX_ATTEMPTS = 6;

/** A claimed outbox row: the delivery (every field present) and its bookkeeping. */
interface ClaimedRow extends Required<Delivery> {
  id: number;
  quietHours: boolean;
  memberId: number | null;
  attempts: number;
  ref: string | null;
}

/** Called after each delivery settles, so a feature (e.g. bulk messages) can follow its own rows. */
export type SettledHook = (ref: string, db: Db) => Promise<void>;

export interface DispatcherOptions {
  /** The time that decides quiet hours (the database's clock decides what is due). */
  clock?: () => Date;
}

/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so any number
 * of API instances can run it and each message goes out once; a crashed instance's lease expires
 * and another retries. Failures back off exponentially up to MAX_ATTEMPTS, then stay `failed`;
 * a PermanentDeliveryError (an address the provider refuses) fails the row at once. A row marked
 * `quiet_hours` claimed during the SMS quiet hours (8 pm – 8 am Lagos) goes back to pending until
 * 8:00, its claim not counted as an attempt. A secret's text (a sign-in code) is replaced once
 * a provider took it, and each pass first replaces those no longer needed (lib/outbox.ts).
 *
 * SMS rows of one pass with the same text go together through the transport's `sendBulk` when it
 * has one (Termii's bulk route; a bulk message without per-recipient placeholders gives one text
 * for all): a group of two or more goes in calls of at most BULK_LIMIT numbers, and the outcome
 * of a call (sent with its provider id, a temporary failure backing off, a permanent one) applies
 * to every row in it. Other rows go one by one.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly hooks: SettledHook[] = [];
  /** Extra periodic work (e.g. releasing scheduled messages), run before each delivery pass. */
  private readonly ticks: ((db: Db) => Promise<void>)[] = [];
  private readonly clock: () => Date;

  constructor(
    private readonly db: Db,
    private readonly transports: Record<Channel, Transport>,
    private readonly log: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  onSettled(hook: SettledHook) {
    this.hooks.push(hook);
  }

  onTick(tick: (db: Db) => Promise<void>) {
    this.ticks.push(tick);
  }

  start(intervalMs = 1000) {
    this.timer = setInterval(() => void this.wake(), intervalMs);
    this.timer.unref();
  }

  /** Runs a pass now unless one is under way. */
  wake(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits for the pass under way, then runs one more: everything queued before the call is settled. */
  async flush(): Promise<number> {
    await this.running?.catch(() => undefined);
    return this.wake();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    for (const transport of new Set(Object.values(this.transports))) transport.close?.();
  }

  /** Runs passes until nothing is due; answers how many messages settled. */
  private async drain(): Promise<number> {
    let total = 0;
    try {
      // A job that fails (a lock timeout, a bad row) is logged and tried again on the next tick;
      // it never holds up the deliveries below.
      for (const tick of [forgetSecrets, ...this.ticks])
        await tick(this.db).catch((err: unknown) =>
          this.log.error({ err }, 'dispatcher job failed'),
        );
      for (;;) {
        const { claimed, settled } = await this.runOnce();
        total += settled;
        // A batch only deferred stops the pass (the next tick goes on): with a clock apart from
        // the database's, deferred rows could be due again at once.
        if (claimed < BATCH || settled === 0) break;
      }
    } catch (err) {
      this.log.error({ err }, 'dispatcher pass failed');
    }
    return total;
  }

  private async runOnce(): Promise<{ claimed: number; settled: number }> {
    const claimed = await this.db.execute<ClaimedRow & Record<string, unknown>>(sql`
      update outbox set attempts = attempts + 1, next_attempt_at = now() + ${sql.raw(LEASE)}
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= now()
        order by id limit ${BATCH}
        for update skip locked
      )
      returning id, channel, "to", subject, text, html, reply_to as "replyTo",
        from_name as "fromName",
        quiet_hours as "quietHours", member_id as "memberId", attempts, ref`);
    const rows = (claimed as unknown as { rows: ClaimedRow[] }).rows;
    const refs = new Set<string>();
    const now = this.clock();
    const release = quietHoursRelease(now);
    const due: ClaimedRow[] = [];
    await Promise.all(
      rows.map(async (row) => {
        if (row.quietHours && release.getTime() > now.getTime()) {
          // Not now: back to pending until 8:00 Lagos, this claim not counted as an attempt.
          await this.db.execute(
            sql`update outbox set status = 'pending', attempts = attempts - 1,
                next_attempt_at = ${release.toISOString()}::timestamptz where id = ${row.id}`,
          );
          return;
        }
        due.push(row);
      }),
    );
    const calls = this.plan(due);
    await Promise.all(
      calls.map(async (call) => {
        await this.deliver(call);
        for (const row of call) if (row.ref) refs.add(row.ref);
      }),
    );
    for (const ref of refs) {
      for (const hook of this.hooks)
        await hook(ref, this.db).catch((err) =>
          this.log.error({ err, ref }, 'settled hook failed'),
        );
    }
    return { claimed: rows.length, settled: due.length };
  }

  /**
   * Splits the due rows into provider calls: SMS rows with one text whose transport sends in bulk
   * go together (at most BULK_LIMIT a call), when there are two or more; the others one a call.
   */
  private plan(rows: ClaimedRow[]): ClaimedRow[][] {
    const calls: ClaimedRow[][] = [];
    const byText = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      if (row.channel === 'sms' && this.transports.sms?.sendBulk) {
        const group = byText.get(row.text);
        if (group) group.push(row);
        else byText.set(row.text, [row]);
      } else calls.push([row]);
    }
    for (const group of byText.values()) {
      for (let i = 0; i < group.length; i += BULK_LIMIT) calls.push(group.slice(i, i + BULK_LIMIT));
    }
    return calls;
  }

  /** Sends one call (one row, or several with one text in bulk) and records its outcome on each row. */
  private async deliver(call: ClaimedRow[]): Promise<void> {
    const [first] = call;
    if (!first) return;
    const transport = this.transports[first.channel];
    const ids = sql.join(
      call.map((row) => sql`${row.id}`),
      sql`, `,
    );
    try {
      if (!transport) throw new Error(`No transport for channel ${first.channel}`);
      const { providerId } =
        call.length > 1 && transport.sendBulk
          ? await transport.sendBulk(call)
          : await transport.send(first);
      // A secret (a sign-in code) gone out through a provider is not kept (lib/outbox.ts).
      const forget = transport.result === 'sent';
      await this.db.execute(
        sql`update outbox set status = ${transport.result}, sent_at = now(), last_error = null,
            provider_id = ${providerId?.slice(0, 200) ?? null},
            text = case when secret and ${forget}::boolean then ${SECRET_REMOVED} else text end,
            html = case when secret and ${forget}::boolean then null else html end,
            secret = secret and not ${forget}::boolean
            where id in (${ids})`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentDeliveryError;
      this.log.warn(
        {
          ids: call.map((row) => row.id),
          channel: first.channel,
          attempt: first.attempts,
          permanent,
          err: message,
        },
        call.length > 1 ? `bulk delivery of ${call.length} failed` : 'delivery failed',
      );
      // Each row backs off by its own attempts (the claim counted this one).
      await this.db.execute(
        sql`update outbox set
            status = case when ${permanent}::boolean or attempts >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
            last_error = ${message.slice(0, 1000)},
            next_attempt_at = now() + make_interval(secs => least(3600, power(2, attempts) * 15))
            where id in (${ids})`,
      );
    }
  }
}
