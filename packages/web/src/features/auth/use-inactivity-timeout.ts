import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '@ebt/core/constants';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { lastSessionCallAt } from '../../lib/api-client';
import { keepAliveDue } from './keep-alive';

/** A§9: mouse, scroll and key activity (and touch, on phones) reset the inactivity clock. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'scroll', 'keydown', 'touchstart'] as const;

export interface InactivityTimeout {
  /** The person has been idle for INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS: the warning shows (WCAG 2.2.1). */
  warning: boolean;
  /**
   * 'Stay signed in': restarts the clock and closes the warning. The caller also calls the server at once (always a
   * call, whatever keepAliveDue says): after 18 idle minutes the server's last_seen_at is older than its touch
   * interval, so that call writes it and the server's 20 minutes start again with the screen's.
   */
  restart: () => void;
}

/**
 * Calls `onTimeout` once the user has been idle for INACTIVITY_TIMEOUT_MS (A§1, A§9: 20 minutes, checked every
 * second), answers `warning` two minutes before (decision 0063), and calls `onKeepAlive` when an active user has made
 * no server call for a while (keep-alive.ts), so the server's idle limit does not end the session of someone typing
 * a long form. It compares Date.now() with the last activity rather than counting ticks, so a tab the browser
 * throttled in the background still times out on time, and a test can drive it with Playwright's page.clock.
 *
 * While the warning shows, activity does not restart the clock: the warning is a modal dialog, and the key that
 * reaches its button must not close it before it is read; only 'Stay signed in' (or closing the dialog) does.
 */
export function useInactivityTimeout(onTimeout: () => void, onKeepAlive: () => void): InactivityTimeout {
  const fire = useEffectEvent(onTimeout);
  const keepAlive = useEffectEvent(onKeepAlive);
  const lastActivity = useRef(Date.now());
  // A keep-alive in flight counts as a call, so a slow answer does not send a second one every second.
  const lastKeepAlive = useRef(0);
  const warningShown = useRef(false);
  const [warning, setWarning] = useState(false);

  useEffect(() => {
    lastActivity.current = Date.now();
    const markActive = () => {
      if (!warningShown.current) lastActivity.current = Date.now();
    };
    // Capture phase: scroll does not bubble, and a component that stops propagation still counts as activity.
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, listenerOptions);

    const timer = window.setInterval(() => {
      const now = Date.now();
      const idle = now - lastActivity.current;
      if (idle >= INACTIVITY_TIMEOUT_MS) {
        window.clearInterval(timer);
        fire();
        return;
      }
      if (idle >= INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS && !warningShown.current) {
        warningShown.current = true;
        setWarning(true);
      }
      if (keepAliveDue(now, lastActivity.current, Math.max(lastSessionCallAt(), lastKeepAlive.current))) {
        lastKeepAlive.current = now;
        keepAlive();
      }
    }, INACTIVITY_CHECK_MS);

    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive, listenerOptions);
    };
  }, []);

  const restart = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    lastKeepAlive.current = now;
    warningShown.current = false;
    setWarning(false);
  }, []);

  return { warning, restart };
}
