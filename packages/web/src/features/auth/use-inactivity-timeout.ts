import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS } from '@ebt/core/constants';
import { useEffect, useEffectEvent } from 'react';

/** A§9: mouse, scroll and key activity (and touch, on phones) reset the inactivity clock. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'scroll', 'keydown', 'touchstart'] as const;

/**
 * Calls `onTimeout` once the user has been idle for INACTIVITY_TIMEOUT_MS (A§1, A§9: 20 minutes, checked every
 * second). It compares Date.now() with the last activity rather than counting ticks, so a tab the browser throttled
 * in the background still times out on time, and a test can drive it with Playwright's page.clock.
 */
export function useInactivityTimeout(onTimeout: () => void): void {
  const fire = useEffectEvent(onTimeout);

  useEffect(() => {
    let lastActivity = Date.now();
    const markActive = () => {
      lastActivity = Date.now();
    };
    // Capture phase: scroll does not bubble, and a component that stops propagation still counts as activity.
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, listenerOptions);

    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) {
        window.clearInterval(timer);
        fire();
      }
    }, INACTIVITY_CHECK_MS);

    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive, listenerOptions);
    };
  }, []);
}
