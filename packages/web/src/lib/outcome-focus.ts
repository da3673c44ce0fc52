import { useEffect, useRef } from 'react';

/** How long focus waits for a closing dialog before it gives up (Mantine's modal closes in about 200 ms). */
const DIALOG_WAIT_MS = 2000;

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * Moves focus to an outcome banner when it appears (A§8 'Recipient updated.', 'Password updated.', 'Benefit voided.',
 * 'Benefit issued.'): the button that was pressed is often disabled or gone with the change, and focus would fall to
 * the page body, where a screen reader says nothing. When a confirmation dialog is still closing, its focus trap
 * would take focus back, so the move waits until the dialog has gone.
 *
 *   const bannerRef = useOutcomeFocus(success);   <MessageBanner ref={bannerRef} … />
 *
 * `shown` is the outcome: each new truthy value (a new object, or another text) moves focus again.
 */
export function useOutcomeFocus(shown: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return;
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      if (dialogOpen() && Date.now() - started < DIALOG_WAIT_MS) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      ref.current?.focus();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return ref;
}
