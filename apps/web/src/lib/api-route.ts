import type { Contract } from '@kora/shared';

/**
 * What the web app needs of an API call at run time: its method and its path. The call's
 * contract (the shapes of its query, body and answer) rides along as a type only, so a page
 * builds typed requests without loading the schemas, or the validation library, they are
 * written with: the back office's first page carries no schema at all.
 */
export interface Route<C extends Contract = Contract> {
  readonly method: C['method'];
  /** Fastify-style path: `/v1/member/:id`. */
  readonly path: string;
  /** Never set: carries the contract's type to `callApi`. */
  readonly contract?: C;
}

/** A group of routes, one per contract of a shared `*Contracts` group, under the same names. */
export type RoutesOf<G> = { readonly [K in keyof G]: G[K] extends Contract ? Route<G[K]> : never };
