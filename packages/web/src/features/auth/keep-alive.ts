import { SESSION_KEEPALIVE_MS, SESSION_TOUCH_MS } from '@ebt/core/constants';

/**
 * Whether the screen should call the server now to keep the session alive: the person has been active since the
 * server last recorded us, and our last call was SESSION_KEEPALIVE_MS ago or more. An idle person gets no calls, so
 * the server's idle limit still ends an abandoned session.
 *
 * The server writes last_seen_at at most once a SESSION_TOUCH_MS, so a call may leave it up to that long before the
 * call: activity within that margin before the last call still counts as unrecorded (decision 0063). Otherwise the
 * server's 20 minutes could run out up to a minute before the screen's, and 'Stay signed in' at the end of the
 * warning would meet a session already ended.
 */
export function keepAliveDue(now: number, lastActivity: number, lastServerCall: number): boolean {
  return lastActivity > lastServerCall - SESSION_TOUCH_MS && now - lastServerCall >= SESSION_KEEPALIVE_MS;
}
