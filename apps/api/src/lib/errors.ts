/** The one error a service throws; the error handler turns it into `{ message, code, errors? }`. */
export class AppError extends Error {
  /** A 429's wait in whole seconds, sent as the `Retry-After` header. */
  retryAfterSeconds?: number;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'BAD_REQUEST',
  fields?: Record<string, string>,
) => new AppError(400, code, message, fields);
export const unauthorized = (message = 'Please sign in to continue.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
/**
 * A 429 that says in minutes how long to wait; `Retry-After` carries the same wait in seconds
 * (exactly, when the limit knows it; the whole minutes otherwise).
 */
export const tooManyRequests = (minutes: number, seconds = minutes * 60) => {
  const error = new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  error.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return error;
};

/** True when a database error, or one it wraps (Drizzle wraps them), has this PostgreSQL code. */
const hasDatabaseCode = (err: unknown, code: string): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === code) return true;
  }
  return false;
};

/** A unique-index violation. */
export const isUniqueViolation = (err: unknown): boolean => hasDatabaseCode(err, '23505');

/** A foreign-key violation: the row referred to is gone, or a row still refers to this one. */
export const isForeignKeyViolation = (err: unknown): boolean => hasDatabaseCode(err, '23503');
