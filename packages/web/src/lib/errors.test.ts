import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessagesOf, isAbortError } from './errors';

describe('errorMessagesOf', () => {
  it("gives the server's texts in order", () => {
    const error = new ApiError(400, {}, ['First name is required.', 'Invalid email format.']);
    expect(errorMessagesOf(error)).toEqual(['First name is required.', 'Invalid email format.']);
  });

  it('falls back when the server gave no text, and for errors that are not API errors', () => {
    expect(errorMessagesOf(new ApiError(500, undefined, []))).toEqual([MESSAGES.GENERIC_ERROR]);
    expect(errorMessagesOf(new Error('boom'))).toEqual([MESSAGES.GENERIC_ERROR]);
    expect(errorMessagesOf(undefined, MESSAGES.ACTIVATION_EMAIL_FAILED)).toEqual([MESSAGES.ACTIVATION_EMAIL_FAILED]);
  });

  it('answers 403 with the privilege message', () => {
    expect(errorMessagesOf(new ApiError(403, {}, ['Forbidden']))).toEqual([MESSAGES.PRIVILEGE_ERROR]);
  });

  it('lets a screen name its own text for a status (A§8: 404 on funding sources)', () => {
    const error = new ApiError(404, {}, ['The requested resource was not found.']);
    expect(errorMessagesOf(error, undefined, { 404: MESSAGES.NO_FUNDING_SOURCES })).toEqual([
      MESSAGES.NO_FUNDING_SOURCES,
    ]);
    expect(errorMessagesOf(new ApiError(409, {}, ['x']), undefined, { 404: 'y' })).toEqual(['x']);
  });
});

describe('isAbortError', () => {
  it('knows a cancelled call', () => {
    expect(isAbortError(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new ApiError(0, undefined, []))).toBe(false);
  });
});
