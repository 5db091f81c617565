import { vi } from 'vitest';

/** One request the code under test sent. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
  headers: Headers;
}

export type Handler = (req: SentRequest) => Response | Promise<Response>;

/** Handlers keyed "METHOD /path". */
export type Routes = Record<string, Handler>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A 2xx answer `{ message, data, ...extra }`. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}, status = 200) =>
  json(status, { message: 'ok', data, ...extra });

/** A page of rows as the API answers it: 20 a page, one page of `rows` unless told. */
export const pageOf = <T>(
  rows: T[],
  meta: { page?: number; pages?: number; total?: number } = {},
) =>
  ok(rows, {
    meta: {
      page: meta.page ?? 1,
      per_page: 20,
      pages: meta.pages ?? 1,
      total: meta.total ?? rows.length,
    },
  });

/** An error answer `{ message, code, errors? }`. */
export const fail = (status: number, message = '', errors?: Record<string, string>) =>
  json(status, { message, code: `HTTP_${status}`, ...(errors ? { errors } : {}) });

/** A handler giving `answers` in turn, then the last one again (a failure, then a success). */
export const inTurn = (...answers: (() => Response)[]) => {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!();
};

/**
 * A handler whose answer waits until the test gives it (`held.answer(ok(...))`): what the page
 * shows while a call is on its way. Each call waits for the next answer.
 */
export const held = () => {
  let answer: (res: Response) => void = () => {};
  return {
    handler: () => new Promise<Response>((resolve) => (answer = resolve)),
    answer: (res: Response) => answer(res),
  };
};

/**
 * Replaces `fetch` (the network edge) with handlers keyed "METHOD /path" (no query string).
 * An unknown call answers 404. Undo with vi.unstubAllGlobals().
 */
export const mockFetch = (routes: Routes) => {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const req: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      headers: new Headers(init?.headers),
    };
    requests.push(req);
    const handler = routes[`${req.method} ${req.path}`];
    return handler ? handler(req) : fail(404, `No mock for ${req.method} ${req.path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests sent to "METHOD /path". */
  const sent = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
  return {
    fetch: fetchMock,
    requests,
    sent,
    /** The Idempotency-Key header of each request sent to "METHOD /path". */
    keysSent: (key: string) => sent(key).map((r) => r.headers.get('Idempotency-Key')),
  };
};
