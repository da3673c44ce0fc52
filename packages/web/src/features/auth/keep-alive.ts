import { SESSION_KEEPALIVE_MS } from '@ebt/core/constants';

/**
 * Whether the screen should call the server now to keep the session alive: the person has been active since the
 * server last heard from us, and that was SESSION_KEEPALIVE_MS ago or more. An idle person gets no calls, so the
 * server's idle limit still ends an abandoned session.
 */
export function keepAliveDue(now: number, lastActivity: number, lastServerCall: number): boolean {
  return lastActivity > lastServerCall && now - lastServerCall >= SESSION_KEEPALIVE_MS;
}
