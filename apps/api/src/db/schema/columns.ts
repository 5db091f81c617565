import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  serial,
  timestamp,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core';

/*
 * The columns the tables share, each built exactly as a table would write it out (the
 * migrations are generated from these: a helper that changed a column would change the database).
 */

/** The serial primary key `id`. */
export const id = () => serial('id').primaryKey();

/** A moment with its time zone; null until it happens unless made notNull(). */
export const moment = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A moment that is now unless given (PostgreSQL sets it when the row is written). */
export const nowByDefault = <N extends string>(name: N) =>
  moment(name)
    .notNull()
    .default(sql`now()`);

/** `created_at`: when the row was inserted. */
export const createdAt = () => nowByDefault('created_at');

/** `created_at` and `updated_at` (the repositories set updated_at on every change). */
export const timestamps = () => ({
  createdAt: nowByDefault('created_at'),
  updatedAt: nowByDefault('updated_at'),
});

/** A link to another table's id, null when there is none. */
export const link = <N extends string>(
  name: N,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).references(target, actions);

/** A required link to another table's id. */
export const ref = <N extends string>(
  name: N,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => link(name, target, actions).notNull();

/** A calendar day (Lagos), read and written as `YYYY-MM-DD`. */
export const day = <N extends string>(name: N) => date(name, { mode: 'string' });

/** Money in integer kobo. */
export const kobo = <N extends string>(name: N) => bigint(name, { mode: 'number' }).notNull();
