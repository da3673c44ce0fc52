import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The web project's tests run in Node without a server: the API client answers from a counter.
const get = vi.fn<(path: string, options?: { signal?: AbortSignal }) => Promise<unknown>>();
vi.mock('./api-client', () => ({ api: { get: (path: string, options?: object) => get(path, options) } }));
const { readStarted, startRead } = await import('./early-reads');

let calls = 0;
beforeEach(() => {
  calls = 0;
  get.mockReset();
  get.mockImplementation(async (path) => ({ path, call: ++calls }));
});
afterEach(() => vi.useRealTimers());

describe('early reads', () => {
  it('gives the screen the answer its route started, once; the next read asks again', async () => {
    startRead('/a');
    expect(get).toHaveBeenCalledTimes(1);
    await expect(readStarted('/a')).resolves.toEqual({ path: '/a', call: 1 });
    expect(get).toHaveBeenCalledTimes(1);
    await expect(readStarted('/a')).resolves.toEqual({ path: '/a', call: 2 });
  });

  it('reads a path nobody started, with the query signal', async () => {
    const signal = new AbortController().signal;
    await expect(readStarted('/b', signal)).resolves.toEqual({ path: '/b', call: 1 });
    expect(get).toHaveBeenCalledWith('/b', { signal });
  });

  it('drops a started answer the screen did not take in time, and reads again', async () => {
    vi.useFakeTimers();
    startRead('/c');
    vi.advanceTimersByTime(60_000);
    await expect(readStarted('/c')).resolves.toEqual({ path: '/c', call: 2 });
  });

  it('hands a failed early read to the screen that takes it', async () => {
    get.mockRejectedValueOnce(new Error('down'));
    startRead('/d');
    await expect(readStarted('/d')).rejects.toThrow('down');
  });
});
