import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A request Termii's loopback received: its parsed JSON body. */
interface TermiiRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * How the loopback answers a valid request: `ok` like Termii (200, message_id…), `invalid` a 400
 * for a bad number, `error` a 500, `hang` never (until the server closes).
 */
type TermiiBehaviour = 'ok' | 'invalid' | 'error' | 'hang';

export interface LoopbackTermii {
  baseUrl: string;
  apiKey: string;
  senderId: string;
  received: TermiiRequest[];
  /** Answers taken in order, one per request (a bulk call is one); `ok` once they run out. */
  script: TermiiBehaviour[];
  close(): Promise<void>;
}

const CHANNELS = ['generic', 'dnd', 'whatsapp'];
/** The bulk route is SMS only. */
const BULK_CHANNELS = ['generic', 'dnd'];
/** The most numbers the loopback takes in one bulk `to` (Kora's cap per call). */
const BULK_MAX = 100;
const NUMBER = /^234\d{10}$/;

/** What is wrong with a request, checked against Termii's documented fields. */
const problemWith = (
  req: IncomingMessage,
  body: Record<string, unknown> | undefined,
  apiKey: string,
  senderId: string,
): string | undefined => {
  const bulk = req.url === '/api/sms/send/bulk';
  if (req.method !== 'POST' || (req.url !== '/api/sms/send' && !bulk)) return 'not found';
  if (!req.headers['content-type']?.startsWith('application/json')) return 'expected JSON';
  if (!body) return 'invalid JSON';
  if (body.api_key !== apiKey) return 'api_key';
  if (bulk) {
    const to = body.to;
    if (
      !Array.isArray(to) ||
      to.length === 0 ||
      to.length > BULK_MAX ||
      !to.every((n) => typeof n === 'string' && NUMBER.test(n))
    )
      return 'to';
  } else if (typeof body.to !== 'string' || !NUMBER.test(body.to)) return 'to';
  if (body.from !== senderId) return 'from';
  if (typeof body.sms !== 'string' || body.sms.length === 0) return 'sms';
  if (body.type !== 'plain') return 'type';
  const channels = bulk ? BULK_CHANNELS : CHANNELS;
  if (typeof body.channel !== 'string' || !channels.includes(body.channel)) return 'channel';
  return undefined;
};

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * An HTTP server on 127.0.0.1 (a free port) acting as Termii's POST /api/sms/send and POST
 * /api/sms/send/bulk (`to` an array of numbers, SMS routes only). A request
 * that breaks the documented shape is answered 422 with the field at fault (and recorded, so a
 * test sees it); a valid one as `script` says.
 */
export const startLoopbackTermii = async (
  opts: { apiKey?: string; senderId?: string } = {},
): Promise<LoopbackTermii> => {
  const apiKey = opts.apiKey ?? 'test-termii-key';
  const senderId = opts.senderId ?? 'Kora';
  const received: TermiiRequest[] = [];
  const script: TermiiBehaviour[] = [];
  let sequence = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      received.push({ path: req.url ?? '', body: body ?? {} });
      const problem = problemWith(req, body, apiKey, senderId);
      if (problem === 'not found') return reply(res, 404, { message: 'Not Found' });
      if (problem) return reply(res, 422, { message: `The ${problem} field is invalid.` });
      switch (script.shift() ?? 'ok') {
        case 'invalid':
          return reply(res, 400, { message: 'Invalid phone number', code: 'invalid_number' });
        case 'error':
          return reply(res, 500, { message: 'Server Error' });
        case 'hang':
          return; // no answer: the client gives up
        case 'ok':
          sequence += 1;
          return reply(res, 200, {
            code: 'ok',
            message_id: `3017${String(sequence).padStart(12, '0')}`,
            message: 'Successfully Sent',
            balance: 9.7,
            user: 'Kora Test',
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    senderId,
    received,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
