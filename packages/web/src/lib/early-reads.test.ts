import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from './api-client';
import { answerOf } from './api-client';
import { readStarted, startRead } from './early-reads';
import { startPageReads, takeFetch } from './early-fetch';
import { clearToken, setToken } from './session';

// The web project's tests run in Node without a server: fetch answers from a counter, and `api.get` (a read nobody
// started) is counted apart.
const get = vi.fn<(path: string, options?: { signal?: AbortSignal }) => Promise<unknown>>();
vi.mock('./api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return { ...actual, api: { get: (path: string, options?: object) => get(path, options) } };
});

const fetchMock = vi.fn<(path: string, init: RequestInit) => Promise<Response>>();
let calls = 0;
beforeEach(() => {
  calls = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => Response.json({ path, call: ++calls }));
  vi.stubGlobal('fetch', fetchMock);
  get.mockReset();
  get.mockImplementation(async (path) => ({ path, read: 'now' }));
  setToken('token-a');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToken();
  for (const path of ['/a', '/b', '/c', '/d', '/e']) takeFetch(path);
});

describe('early reads', () => {
  it("gives the screen the answer its route started, with the session's token, once; the next read asks again", async () => {
    startRead('/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe('Bearer token-a');
    await expect(readStarted('/a')).resolves.toEqual({ path: '/a', call: 1 });
    await expect(readStarted('/a')).resolves.toEqual({ path: '/a', read: 'now' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('starts a path once while its answer waits for a screen: the page load and the route both ask', async () => {
    startRead('/a');
    startRead('/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(readStarted('/a')).resolves.toEqual({ path: '/a', call: 1 });
  });

  it('reads a path nobody started, with the query signal', async () => {
    const signal = new AbortController().signal;
    await expect(readStarted('/b', signal)).resolves.toEqual({ path: '/b', read: 'now' });
    expect(get).toHaveBeenCalledWith('/b', { signal });
  });

  it('drops a started answer the screen did not take in time, and reads again', async () => {
    vi.useFakeTimers();
    startRead('/c');
    vi.advanceTimersByTime(60_000);
    await expect(readStarted('/c')).resolves.toEqual({ path: '/c', read: 'now' });
  });

  it('never hands one session the answer started for another', async () => {
    startRead('/d');
    setToken('token-b');
    await expect(readStarted('/d')).resolves.toEqual({ path: '/d', read: 'now' });
  });

  it('answers a refused early read as the API client answers any call', async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ status: 404, message: 'Not found' }, { status: 404 }));
    startRead('/e');
    await expect(readStarted('/e')).rejects.toMatchObject({ name: 'ApiError', status: 404 });
  });

  it('starts nothing without a session', () => {
    clearToken();
    startRead('/a');
    startPageReads('/recipient/home');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the page load's reads", () => {
  const started = () => fetchMock.mock.calls.map(([path]) => path);

  it('on the recipient home: the user, the balances, the headroom lines and the cards', () => {
    for (const path of ['/recipient', '/recipient/', '/recipient/home']) {
      fetchMock.mockClear();
      startPageReads(path);
      expect(started()).toEqual([
        '/user-api/user/current',
        '/benefit-api/benefit/balances',
        '/account-api/incentive/recipient-incentive/currentrecipient/headroom',
        '/account-api/pans/currentuser',
      ]);
      for (const read of started()) takeFetch(read);
    }
  });

  it('on any other portal page: the user; on a public page: nothing', () => {
    startPageReads('/program/benefits');
    expect(started()).toEqual(['/user-api/user/current']);
    takeFetch('/user-api/user/current');
    fetchMock.mockClear();
    for (const path of ['/login', '/', '/recipients', '/apply/ct']) startPageReads(path);
    expect(started()).toEqual([]);
  });
});

// answerOf is the API client's, unmocked: a network failure is the client's "no answer" error.
describe('an early read without an answer', () => {
  it('is the API client\'s "unavailable" error', async () => {
    await expect(answerOf(Promise.reject(new TypeError('Failed to fetch')), true)).rejects.toMatchObject({
      status: 0,
    });
  });
});
