/** An answer that is not 2xx, or a call that never reached the server (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, code: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Check your internet connection and try again.';

/** What a 429 says when the server's answer carried no message of its own. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** What a back-office call says to a user who has no business yet (the server's 403 text). */
export const NO_BUSINESS_MESSAGE = 'Complete your business setup first.';

/** The server is rate-limiting this browser: waiting helps, reloading does not. */
export const isRateLimited = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429;

/** A back-office call refused because the signed-in user has not set up a business. */
export const isNoBusiness = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === 'NO_BUSINESS';

/**
 * The server's message when the server answered one, else the screen's fallback; a 429 without
 * a message asks the user to wait rather than naming the screen's failure.
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.message) return error.message;
  return error.status === 429 ? RATE_LIMIT_MESSAGE : fallback;
};

/**
 * For screens whose catalogue splits 4xx from other failures (registration, verification,
 * resend): 4xx shows the server message or `clientFallback`; anything else shows `otherFallback`.
 */
export const splitErrorMessage = (
  error: unknown,
  clientFallback: string,
  otherFallback: string,
): string =>
  error instanceof ApiError && error.isClientError
    ? error.message || (error.status === 429 ? RATE_LIMIT_MESSAGE : clientFallback)
    : otherFallback;
