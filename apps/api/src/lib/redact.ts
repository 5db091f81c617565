/*
 * Logs never hold a secret, whatever fails: no password, password hash, token, reset or
 * invitation link, verification code or query parameters. Every log line goes through
 * `redactDeep` (pino's log formatter), errors through `errorForLog` and requests through
 * `requestForLog`, so a database error that quotes its parameters, or a URL that carries a token,
 * is cut before it is written.
 */

const REDACTED = '[redacted]';

/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY =
  /^(password|new_password|old_password|confirm_password|password_?hash|token|access_token|refresh_token|code|code_?hash|token_?hash|authorization|cookie|set-cookie|secret|params|parameters|query_?params|body)$/i;

const PATTERNS: [RegExp, string][] = [
  // A database error quotes its statement's parameters after "params:" (Drizzle) or in
  // "Key (...)=(...)" details (PostgreSQL): everything after them goes.
  [/(params:)[\s\S]*$/i, `$1 ${REDACTED}`],
  [/(Key \([^)]*\)=)\([^)]*\)/g, `$1(${REDACTED})`],
  // Password hashes.
  [/\$argon2(?:id|i|d)\$[^\s"',)\]]*/g, REDACTED],
  [/\$2[aby]?\$\d{2}\$[./A-Za-z0-9]{53}/g, REDACTED],
  // JSON Web Tokens (access tokens, reset and invitation links).
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // Tokens and codes in a URL's query: ?token=…, &code=….
  [/([?&](?:token|code|key|signature|sig)=)[^&\s"']*/gi, `$1${REDACTED}`],
  // Payment secrets: a Paystack secret key, a payment link's reference (/pay/kora-…).
  [/\bsk_(?:test|live)_[A-Za-z0-9]+/g, REDACTED],
  [/\bkora-[a-f0-9]{24}\b/gi, REDACTED],
  // A member card's code, in its page's address (/card/…) or alone (26 base32 characters).
  [/(\/card\/)[^\s/?#"']+/g, `$1${REDACTED}`],
  [/\b[a-z2-7]{26}\b/g, REDACTED],
  // A receipt's public token, in its page's address (/r/… and /r/….pdf).
  [/(\/r\/)[A-Za-z0-9_-]+/g, `$1${REDACTED}`],
  // Long opaque strings: refresh tokens (base64url), hashes (hex).
  [/\b[A-Za-z0-9_-]{40,}\b/g, REDACTED],
  [/\b[a-f0-9]{32,}\b/gi, REDACTED],
  // A verification code in a sentence ("code is 1234567").
  [/\b(code(?: is)?:?\s*)\d{4,8}\b/gi, `$1${REDACTED}`],
  // A member's sign-in or phone code at the start of its message ("123456 is your Iron Temple
  // sign-in code"), printed by the development outbox.
  [/\b\d{4,8}(?=\s+is your\b)/gi, REDACTED],
];

/** The text with every secret it may quote replaced by "[redacted]". */
export const redactText = (text: string): string =>
  PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);

/** A copy of a log object with secret keys dropped and secrets inside strings cut. */
export const redactDeep = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return errorForLog(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  // Requests, replies and other class instances are left to their serializers.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redactDeep(v, depth + 1);
  }
  return out;
};

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as it is logged: its kind, message, code and stack, each redacted, and its cause the
 * same way. The query, its parameters and any other field the error carries are left out.
 */
export const errorForLog = (err: unknown, depth = 0): LoggedError => {
  if (!(err instanceof Error)) return { type: typeof err, message: redactText(String(err)) };
  const code = (err as { code?: unknown }).code;
  const out: LoggedError = {
    type: err.name || err.constructor?.name || 'Error',
    message: redactText(err.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(err.stack ? { stack: redactText(err.stack) } : {}),
  };
  if (err.cause !== undefined && depth < 3) out.cause = errorForLog(err.cause, depth + 1);
  return out;
};

/** A request as it is logged: method, path without its query string, and where it came from. */
export const requestForLog = (req: {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  id?: unknown;
}) => ({
  id: req.id,
  method: req.method,
  // A path may carry a secret of its own (a card's or a payment link's code): cut like text.
  url: redactText((req.url ?? '').split('?')[0] ?? ''),
  hostname: req.hostname,
  remoteAddress: req.ip,
});
