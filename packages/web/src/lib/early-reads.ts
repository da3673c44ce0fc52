import { api } from './api-client';

/** How long a read started ahead waits for its screen; an older one is dropped and the screen reads again. */
const FRESH_MS = 10_000;
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a GET from a route's loader, which runs with the start-up code: the read travels while the screen's code
 * loads, instead of after it (Lighthouse counted the recipient home's balances behind its chunks and their parsing
 * code). The screen's query takes the answer with `readStarted`; each visit starts a new read.
 */
export function startRead(path: string): void {
  const answer = api.get<unknown>(path);
  // A failure is the screen's to show, when its query takes the answer.
  answer.catch(() => undefined);
  started.set(path, { at: Date.now(), answer });
}

/** A GET's answer: the one `startRead` began for the path (taken once, while fresh), or a read made now. */
export function readStarted(path: string, signal?: AbortSignal): Promise<unknown> {
  const early = started.get(path);
  started.delete(path);
  if (early && Date.now() - early.at < FRESH_MS) return early.answer;
  return api.get<unknown>(path, { signal });
}
