import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A module's routes: a plain Fastify plugin (routes from contracts) or a zod-typed one. */
type ModulePlugin = ((app: FastifyInstance) => Promise<void>) | FastifyPluginAsyncZod;
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { SettledHook } from '../jobs/dispatcher';

/** Background work run on every dispatcher tick (each instance; claim rows to share it). */
export type ModuleJob = (db: Db, ctx: AppContext) => Promise<void>;

/**
 * What a feature module adds to the app. `app.ts` registers every module of the list in
 * `modules/index.ts`; adding a feature is one folder and one line there.
 */
export interface KoraModule {
  name: string;
  /**
   * The URL prefixes the module answers besides `/v1/` (the API's own namespace): the web app
   * never answers its page there, so a missing file or call gets a real 404.
   */
  prefixes?: string[];
  /** Registers the module's routes (contract paths are full paths: no prefix is added). */
  routes: (ctx: AppContext) => ModulePlugin;
  /** Background work run on every dispatcher tick, from the module's `<module>.job.ts`. */
  jobs?: ModuleJob[];
  /**
   * Called by the dispatcher after outbox rows of a `ref` settle (delivered or failed for good),
   * so the module can follow its own deliveries. Registered on every instance, jobs or not.
   */
  onSettled?: SettledHook;
  /** Whether the module runs in this configuration (e.g. development-only tools). */
  enabled?: (ctx: AppContext) => boolean;
}
