import { pathOf, type Contract } from '@kora/shared';
import type { Route } from './api-route';
import type { z } from 'zod';
import { request } from './http';

/** A query string value; undefined, null and '' are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The query of a contract: its own names only, each value optional. */
type QueryOf<C extends Contract> = { [K in keyof InputOf<NonNullable<C['query']>>]?: QueryValue };

/** The answer a contract declares: `{ message, data, meta? }`. */
export type AnswerOf<C extends Contract> = z.infer<C['answer']>;

export interface CallOptions<C extends Contract> {
  /** The `:params` of the path: `{ id: 4 }` for `/v1/member/:id`. */
  params?: Record<string, string | number>;
  query?: QueryOf<C>;
  /** Sent as JSON. */
  body?: InputOf<C['body']>;
  /** Extra headers, such as `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls whose 401 means "wrong credentials", not "session expired". */
  refreshOn401?: boolean;
}

/** The query string of a call, with the `?`: in the order given, empty values left out. */
export const queryString = (query: Record<string, QueryValue> | undefined): string => {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') q.set(name, String(value));
  const text = q.toString();
  return text ? `?${text}` : '';
};

/**
 * One call of the API, built from its route (api-routes.ts): the method, the path with its
 * params filled in, the query string and the JSON body, typed by the call's contract. Answers
 * the contract's answer (typed only: the answer is not parsed here). The bearer token and the
 * refresh on a 401 are the http client's.
 */
export const callApi = <C extends Contract>(
  route: Route<C>,
  opts: CallOptions<C> = {},
): Promise<AnswerOf<C>> =>
  request<unknown>(
    pathOf(route.path, opts.params) +
      queryString(opts.query as Record<string, QueryValue> | undefined),
    {
      method: route.method,
      body: opts.body,
      headers: opts.headers,
      signal: opts.signal,
      refreshOn401: opts.refreshOn401,
    },
  ) as Promise<AnswerOf<C>>;

/** The header of a create the server makes once per key (a retried submission sends the same). */
export const idempotent = (key: string) => ({ 'Idempotency-Key': key });
