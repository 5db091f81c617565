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

/** The server's message when the server answered one, else the screen's fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

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
    ? error.message || clientFallback
    : otherFallback;
