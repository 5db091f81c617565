import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Dispatcher } from './jobs/dispatcher';

/** What services need from the running app; built once in buildApp and passed to every service. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  dispatcher: Dispatcher;
}
