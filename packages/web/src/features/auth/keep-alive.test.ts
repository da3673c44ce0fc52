import { INACTIVITY_TIMEOUT_MS, SESSION_IDLE_MS, SESSION_KEEPALIVE_MS, SESSION_TOUCH_MS } from '@ebt/core/constants';
import { describe, expect, it } from 'vitest';
import { keepAliveDue } from './keep-alive';

describe('keepAliveDue', () => {
  const call = 1_000_000;

  it('calls once the server has not heard from an active person for the keep-alive interval', () => {
    expect(keepAliveDue(call + SESSION_KEEPALIVE_MS, call + 10, call)).toBe(true);
    expect(keepAliveDue(call + SESSION_KEEPALIVE_MS - 1, call + 10, call)).toBe(false);
  });

  it('never calls for an idle person, so the server still ends an abandoned session', () => {
    expect(keepAliveDue(call + SESSION_IDLE_MS, call - SESSION_TOUCH_MS, call)).toBe(false);
    expect(keepAliveDue(call + SESSION_IDLE_MS, call - SESSION_TOUCH_MS - 5, call)).toBe(false);
  });

  it('calls once more for activity just before a call the server may not have recorded', () => {
    // The server touches last_seen_at at most once a minute: a call 30 s after the last activity may have left it
    // before that activity.
    expect(keepAliveDue(call + SESSION_KEEPALIVE_MS, call - 30_000, call)).toBe(true);
  });

  it("keeps the server's session alive until the screen's time-out, whatever the touch rule skipped", () => {
    // Simulates the server's touch rule (at most once a SESSION_TOUCH_MS) and the screen's keep-alive, for every
    // pattern of a last activity and a last screen call in the first minutes; then nobody moves. The server's idle
    // limit must not end the session before the screen's time-out does.
    const failures: string[] = [];
    for (let lastTouch = 0; lastTouch <= 60_000; lastTouch += 20_000) {
      for (let activityAfter = 0; activityAfter <= 2 * 60_000; activityAfter += 10_000) {
        for (let callAfter = 0; callAfter <= 90_000; callAfter += 15_000) {
          const activity = lastTouch + activityAfter;
          let lastCall = activity + callAfter;
          let lastSeen = lastCall - lastTouch < SESSION_TOUCH_MS ? lastTouch : lastCall;
          for (let now = lastCall; now < activity + INACTIVITY_TIMEOUT_MS; now += 1000) {
            if (now - lastSeen >= SESSION_IDLE_MS) failures.push(`touch ${lastTouch} activity ${activity} at ${now}`);
            if (keepAliveDue(now, activity, lastCall)) {
              if (now - lastSeen >= SESSION_TOUCH_MS) lastSeen = now;
              lastCall = now;
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
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
