import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS } from '@ebt/core/constants';
import { useEffect, useEffectEvent } from 'react';
import { lastSessionCallAt } from '../../lib/api-client';
import { keepAliveDue } from './keep-alive';

/** A§9: mouse, scroll and key activity (and touch, on phones) reset the inactivity clock. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'scroll', 'keydown', 'touchstart'] as const;

/**
 * Calls `onTimeout` once the user has been idle for INACTIVITY_TIMEOUT_MS (A§1, A§9: 20 minutes, checked every
 * second), and `onKeepAlive` when an active user has made no server call for a while (keep-alive.ts), so the
 * server's idle limit does not end the session of someone typing a long form. It compares Date.now() with the last activity rather than counting ticks, so a tab the browser throttled
 * in the background still times out on time, and a test can drive it with Playwright's page.clock.
 */
export function useInactivityTimeout(onTimeout: () => void, onKeepAlive: () => void): void {
  const fire = useEffectEvent(onTimeout);
  const keepAlive = useEffectEvent(onKeepAlive);

  useEffect(() => {
    let lastActivity = Date.now();
    // A keep-alive in flight counts as a call, so a slow answer does not send a second one every second.
    let lastKeepAlive = 0;
    const markActive = () => {
      lastActivity = Date.now();
    };
    // Capture phase: scroll does not bubble, and a component that stops propagation still counts as activity.
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, listenerOptions);

    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now - lastActivity >= INACTIVITY_TIMEOUT_MS) {
        window.clearInterval(timer);
        fire();
      } else if (keepAliveDue(now, lastActivity, Math.max(lastSessionCallAt(), lastKeepAlive))) {
        lastKeepAlive = now;
        keepAlive();
      }
    }, INACTIVITY_CHECK_MS);

    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive, listenerOptions);
    };
  }, []);
}
