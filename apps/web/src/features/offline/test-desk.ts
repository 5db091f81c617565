import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import type { RosterMember } from '@kora/shared';
import { openDeskDb, type DeskDb } from './db';
import { createDeskEngine, type DeskEngine, type DeskEngineOptions } from './engine';
import { leaseLock } from './lock';

/*
 * What the offline desk's tests share: a device database of their own (IndexedDB in memory,
 * fake-indexeddb), engines over it, and roster members.
 */

let count = 0;

/** A fresh device database; `reopen()` opens another handle on it (a reload, another tab). */
export const freshDesk = () => {
  const name = `kora-desk-test-${++count}`;
  const handles: DeskDb[] = [];
  const open = () => {
    const db = openDeskDb(name);
    handles.push(db);
    return db;
  };
  const db = open();
  const engines: DeskEngine[] = [];
  return {
    name,
    db,
    reopen: open,
    engine: (db2: DeskDb = db, options: DeskEngineOptions = {}) => {
      const engine = createDeskEngine(db2, { lock: leaseLock(`${name}-sync`), ...options });
      engines.push(engine);
      return engine;
    },
    /** Waits for the syncs the test started, then deletes the database. */
    close: async () => {
      await Promise.all(engines.map((e) => e.settled()));
      for (const h of handles) h.close();
      await db.delete();
    },
  };
};

/** The roster's hash of a phone in E.164, as the server computes it (SHA-256, hex). */
export const phoneHashOf = (e164: string): string =>
  createHash('sha256').update(e164).digest('hex');

/** A roster member: Ada Obi (IRON-00042, 0803 123 4567) with a running monthly plan unless told. */
export const rosterMember = (over: Partial<RosterMember> = {}): RosterMember => ({
  id: 42,
  member_id: 'IRON-00042',
  first_name: 'Ada',
  last_name: 'Obi',
  picture_url: null,
  card_hash: null,
  phone_hash: phoneHashOf('+2348031234567'),
  is_active: true,
  subscriptions: [
    { start_date: '2026-11-01', expiry_date: '2026-11-30', plan_name: 'Monthly', covered_by: null },
  ],
  last_visit_at: null,
  ...over,
});

/** A roster page as the server answers it. */
export const rosterPage = (
  data: RosterMember[],
  meta: { cursor?: string; more?: boolean; removed?: number[] } = {},
) => ({
  message: 'ok',
  data,
  meta: { cursor: meta.cursor ?? 'c1', more: meta.more ?? false, removed: meta.removed ?? [] },
});
