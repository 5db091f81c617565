import { describe, expect, it } from 'vitest';
import { ApiError, RATE_LIMIT_MESSAGE, errorMessage, splitErrorMessage } from './api-error';

const FALLBACK = 'Unable to fetch your profile information. Please try again.';

describe('the message a failure shows', () => {
  it('a 429 shows the server message, or asks to wait when it has none', () => {
    const told = new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'X');
    expect(errorMessage(told, FALLBACK)).toBe(told.message);
    expect(errorMessage(new ApiError(429, '', 'HTTP_429'), FALLBACK)).toBe(RATE_LIMIT_MESSAGE);
    expect(
      splitErrorMessage(new ApiError(429, '', 'HTTP_429'), 'Client fallback', 'Other fallback'),
    ).toBe(RATE_LIMIT_MESSAGE);
  });

  it('other failures keep the screen fallbacks', () => {
    expect(errorMessage(new ApiError(500, '', 'X'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new ApiError(0, 'offline', 'NETWORK_ERROR'), FALLBACK)).toBe(FALLBACK);
    expect(splitErrorMessage(new ApiError(400, '', 'X'), 'Client', 'Other')).toBe('Client');
    expect(splitErrorMessage(new ApiError(503, 'down', 'X'), 'Client', 'Other')).toBe('Other');
  });
});
