import { SESSION_IDLE_MS, SESSION_KEEPALIVE_MS } from '@ebt/core/constants';
import { describe, expect, it } from 'vitest';
import { keepAliveDue } from './keep-alive';

describe('keepAliveDue', () => {
  const call = 1_000_000;

  it('calls once the server has not heard from an active person for the keep-alive interval', () => {
    expect(keepAliveDue(call + SESSION_KEEPALIVE_MS, call + 10, call)).toBe(true);
    expect(keepAliveDue(call + SESSION_KEEPALIVE_MS - 1, call + 10, call)).toBe(false);
  });

  it('never calls for an idle person, so the server still ends an abandoned session', () => {
    expect(keepAliveDue(call + SESSION_IDLE_MS, call - 5, call)).toBe(false);
    expect(keepAliveDue(call + SESSION_IDLE_MS, call, call)).toBe(false);
  });

  it('keeps an active session alive well inside the server idle limit', () => {
    // Activity every minute for an hour with no other call: the gap between server calls stays at the interval.
    let lastCall = 0;
    let longestGap = 0;
    for (let now = 0; now <= 60 * 60_000; now += 1000) {
      const lastActivity = now - (now % 60_000);
      if (keepAliveDue(now, lastActivity, lastCall)) {
        longestGap = Math.max(longestGap, now - lastCall);
        lastCall = now;
      }
    }
    expect(longestGap).toBeLessThan(SESSION_IDLE_MS);
    expect(longestGap).toBeLessThanOrEqual(SESSION_KEEPALIVE_MS + 60_000);
  });
});
