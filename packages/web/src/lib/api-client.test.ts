import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, isApiError, setUnauthorizedHandler } from './api-client';

// A call with its own Authorization (a phone registered as a terminal, calling the engine with HTTP Basic): the header
// goes as given, instead of the session's token, and its 401 is the credential's, not the end of the session.

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest with an authorization of its own', () => {
  it('sends it as given and answers the JSON', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      expect(new Headers(init.headers).get('Authorization')).toBe('Basic QUJDOmRlZg==');
      return new Response(JSON.stringify({ responseCode: '00' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/transaction-api/pos/purchase', { method: 'POST', authorization: 'Basic QUJDOmRlZg==' }),
    ).resolves.toEqual({
      responseCode: '00',
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('leaves a 401 to the caller: the session is not ended', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Unknown terminal' }), { status: 401 }));
    const ended = vi.fn();
    const restore = setUnauthorizedHandler(ended);
    try {
      const failure = await apiRequest('/transaction-api/pos/purchase', { authorization: 'Basic eDp5' }).catch(
        (e: unknown) => e,
      );
      expect(isApiError(failure, 401)).toBe(true);
      expect(ended).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });
});
