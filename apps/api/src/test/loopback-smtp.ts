import { SMTPServer } from 'smtp-server';

/** One part of a received e-mail, its body decoded. */
interface MailPart {
  headers: Record<string, string>;
  body: string;
}

/** An e-mail as the loopback server received it. */
interface ReceivedMail {
  /** The envelope (MAIL FROM / RCPT TO). */
  mailFrom: string | null;
  rcptTo: string[];
  /** The top-level headers, names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The text/plain and text/html bodies, decoded. */
  text: string | undefined;
  html: string | undefined;
  raw: string;
}

const parseHeaders = (block: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
};

const decodeBody = (body: string, encoding: string | undefined): string => {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
        // Percent signs that were not =XX escapes stay as they are.
        .replace(/%(?![0-9A-F]{2})/gi, '%25');
      return decodeURIComponent(bytes).replace(/\r\n/g, '\n');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64')
        .toString('utf8')
        .replace(/\r\n/g, '\n');
    default:
      return body.replace(/\r\n/g, '\n');
  }
};

/** The leaf parts of a MIME entity (nested multiparts walked). */
const partsOf = (raw: string): MailPart[] => {
  const split = /\r?\n\r?\n/.exec(raw);
  const headers = parseHeaders(split ? raw.slice(0, split.index) : raw);
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    return [{ headers, body: decodeBody(body, headers['content-transfer-encoding']) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => partsOf(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
};

export interface LoopbackSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused at DATA with 451 (a temporary failure). */
  state: { refuse: boolean };
  /** SMTP sessions opened so far. */
  connections: () => number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that records what arrives. Recipients for which
 * `rejects` answers true are refused at RCPT TO with 550 (no such mailbox).
 */
export const startLoopbackSmtp = async (
  opts: { rejects?: (address: string) => boolean } = {},
): Promise<LoopbackSmtp> => {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.rejects?.(address.address)) {
        return callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
            responseCode: 550,
          }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (state.refuse)
          return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
        const split = /\r?\n\r?\n/.exec(raw);
        const parts = partsOf(raw);
        const find = (type: string) =>
          parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(type))?.body;
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(split ? raw.slice(0, split.index) : raw),
          text: find('text/plain'),
          html: find('text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
