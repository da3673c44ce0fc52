import { BALANCES_PATH, CURRENT_USER_PATH, MY_HEADROOM_PATH, OWN_CARDS_PATH } from '@ebt/core/early-reads';
import { getToken } from './session';

// The GETs a page load starts from the app's entry module, before React, the router and the API client have loaded
// (main.tsx): they travel beside the page's code instead of after it has arrived and run. On the recipient home
// Lighthouse counted the user, the balances, the headroom and the cards one after another behind the code (decision
// 0105). This module imports nothing but the session and the paths, so the entry stays a few hundred bytes; the answer
// is read and checked by lib/early-reads.ts with the API client's rules, when a screen's query takes it.

/** How long a started read waits for its screen; an older one is dropped and the screen reads again. */
const FRESH_MS = 10_000;

interface StartedFetch {
  at: number;
  token: string;
  response: Promise<Response>;
}

const started = new Map<string, StartedFetch>();

/** A portal's pages (A§2): each needs the signed-in user before it shows (app/guards/ProtectedArea.tsx). */
const PORTAL_PAGE = /^\/(recipient|program|admin)(\/|$)/;
/** The recipient home, at the portal's prefix and at `home` (features/home/routes.tsx). */
const RECIPIENT_HOME = /^\/recipient(\/(home\/?)?)?$/;

/** Sends a GET with the session's token, unless one started for the path and the same session is still fresh. */
export function startFetch(path: string): void {
  const token = getToken();
  if (!token || takeable(started.get(path), token)) return;
  const response = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is the screen's to show, when its query takes the answer (lib/early-reads.ts).
  response.catch(() => undefined);
  started.set(path, { at: Date.now(), token, response });
}

/** The response of the GET started for the path (taken once, while fresh and for the same session), if any. */
export function takeFetch(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early && takeable(early, getToken()) ? early.response : undefined;
}

function takeable(early: StartedFetch | undefined, token: string | null): early is StartedFetch {
  return early !== undefined && early.token === token && Date.now() - early.at < FRESH_MS;
}

/**
 * The reads of the page the browser opened, started at once: the signed-in user on a portal page, and on the
 * recipient home also what its first screen shows (balances, headroom lines, cards). Nothing without a session.
 */
export function startPageReads(pathname: string): void {
  if (!getToken() || !PORTAL_PAGE.test(pathname)) return;
  startFetch(CURRENT_USER_PATH);
  if (RECIPIENT_HOME.test(pathname)) {
    startFetch(BALANCES_PATH);
    startFetch(MY_HEADROOM_PATH);
    // The card controls below the balance cards: read when they mount, in the commit that paints the cards, the
    // answer could land before that paint and hold it for one more round trip.
    startFetch(OWN_CARDS_PATH);
  }
}
