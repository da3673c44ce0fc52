import { answerOf, api } from './api-client';
import { startFetch, takeFetch } from './early-fetch';

/**
 * Starts a GET from a route's loader, which runs with the start-up code: the read travels while the screen's code
 * loads, instead of after it (Lighthouse counted the recipient home's balances behind its chunks and their parsing
 * code). The screen's query takes the answer with `readStarted`; each visit starts a new read, unless the page load
 * started it already (lib/early-fetch.ts) and no screen has taken it yet.
 */
export function startRead(path: string): void {
  startFetch(path);
}

/**
 * A GET's answer: the one started ahead for the path (taken once, while fresh, for the session that started it),
 * answered with the API client's rules, or a read made now.
 */
export function readStarted(path: string, signal?: AbortSignal): Promise<unknown> {
  const early = takeFetch(path);
  if (early) return answerOf<unknown>(early, true);
  return api.get<unknown>(path, { signal });
}
