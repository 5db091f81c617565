import { vi } from 'vitest';

/** One request the code under test sent. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
}

type Handler = (req: SentRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A 2xx answer `{ message, data, ...extra }`. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}, status = 200) =>
  json(status, { message: 'ok', data, ...extra });

/** An error answer `{ message, code, errors? }`. */
export const fail = (status: number, message = '', errors?: Record<string, string>) =>
  json(status, { message, code: `HTTP_${status}`, ...(errors ? { errors } : {}) });

/**
 * Replaces `fetch` (the network edge) with handlers keyed "METHOD /path" (no query string).
 * An unknown call answers 404. Undo with vi.unstubAllGlobals().
 */
export const mockFetch = (routes: Record<string, Handler>) => {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const req: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    requests.push(req);
    const handler = routes[`${req.method} ${req.path}`];
    return handler ? handler(req) : fail(404, `No mock for ${req.method} ${req.path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** The requests sent to "METHOD /path". */
    sent: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
};
