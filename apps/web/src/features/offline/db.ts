import { Dexie, type EntityTable } from 'dexie';
import type { Plan, RosterMember } from '@kora/shared';
import type { ClockMeta } from './clock';
import type { QueuedAction } from './types';

/** The device's database: one per browser profile, shared by every tab. */
const DESK_DB_NAME = 'kora-desk';

/** A member as kept on the device: the roster's answer and the text their name is searched by. */
export interface RosterRow extends RosterMember {
  /** "first last", lower case and without accents. */
  search: string;
}

/** Whose members the roster holds and how far it has read. */
export interface RosterMeta {
  key: 'roster';
  business_id: number;
  user_id: number;
  /** The server's cursor: '' until the first page came. */
  cursor: string;
  /** When a download last reached the end (ISO), or null while the first one runs. */
  synced_at: string | null;
}

/** When this device last finished a sync round with the server. */
export interface SyncMeta {
  key: 'sync';
  last_sync_at: string;
}

/**
 * The business's active plans as last loaded online, so a Cash payment or day pass can be taken
 * after a reload offline. Whose they are: read only by the same user and business.
 */
export interface PlansMeta {
  key: 'plans';
  business_id: number;
  user_id: number;
  plans: Plan[];
  /** ISO */
  saved_at: string;
}

/** A visit this device recorded (queued), so "Already checked in at 07:42" works offline. */
interface LocalVisit {
  id?: number;
  /** The member's id (not their IRON-00042 code). */
  member_id: number;
  business_id: number;
  /** ISO */
  visited_at: string;
  /** The queued check-in's seq. */
  seq: number;
}

/** A member's details as the member page last saw them online. */
interface SeenMember {
  id: number;
  business_id: number;
  data: unknown;
  /** ISO */
  seen_at: string;
}

export type DeskDb = Dexie & {
  roster: EntityTable<RosterRow, 'id'>;
  meta: EntityTable<RosterMeta | SyncMeta | ClockMeta | PlansMeta, 'key'>;
  queue: EntityTable<QueuedAction, 'seq'>;
  visits: EntityTable<LocalVisit, 'id'>;
  members_seen: EntityTable<SeenMember, 'id'>;
};

/**
 * Opens (a handle on) the device's database. Every handle with the same name sees the same data:
 * a test opens a second one to play a reload or another tab. Writes are flushed to disk before
 * they are reported done (strict durability): a queued payment survives a power cut.
 */
export const openDeskDb = (name: string = DESK_DB_NAME): DeskDb => {
  const db = new Dexie(name, {
    chromeTransactionDurability: 'strict',
    // Read at open, not at import: tests install an IndexedDB before opening.
    indexedDB: globalThis.indexedDB,
    IDBKeyRange: globalThis.IDBKeyRange,
  }) as DeskDb;
  db.version(1).stores({
    roster: 'id, member_id, mobile_number, card_hash, search',
    meta: 'key',
    queue: '++seq, state, [user_id+state]',
    visits: '++id, member_id, seq',
    members_seen: 'id',
  });
  // The members are kept with their phone's hash, never the phone: a copy from before (phones
  // and all) is forgotten, with where its download stood, and the next sync downloads it again.
  db.version(2)
    .stores({ roster: 'id, member_id, phone_hash, card_hash, search' })
    .upgrade(async (tx) => {
      await tx.table('roster').clear();
      await tx.table('meta').delete('roster');
    });
  return db;
};
