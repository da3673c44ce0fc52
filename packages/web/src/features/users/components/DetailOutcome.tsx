import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MessageBanner } from '../../../components/MessageBanner';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { REDIRECT_AFTER_DELETE_MS } from '../user-actions';
import type { ActionOutcome } from './UserActions';

/**
 * A user detail's outcome line: the add screen's 'User added.' (router state, cleared so a reload does not repeat
 * it), then each action's. After a delete the page returns to the list 2.5 seconds later (B§9).
 */
export function useDetailOutcome(base: 'program' | 'admin') {
  const location = useLocation();
  const navigate = useNavigate();
  const added = (location.state as { added?: unknown } | null)?.added;
  // An object per outcome, so the same message twice takes focus again.
  const [outcome, setOutcome] = useState<ActionOutcome | null>(
    typeof added === 'string' ? { kind: 'success', line: added } : null,
  );
  useEffect(() => {
    if (typeof added === 'string')
      void navigate('.', { replace: true, state: { ...location.state, added: undefined } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const returnToList = () => {
    timer.current = setTimeout(() => void navigate(`/${base}/users`), REDIRECT_AFTER_DELETE_MS);
  };

  return { outcome, report: (o: ActionOutcome) => setOutcome({ ...o }), clear: () => setOutcome(null), returnToList };
}

export function DetailOutcome({ outcome, onClose }: { outcome: ActionOutcome | null; onClose: () => void }) {
  const ref = useOutcomeFocus(outcome);
  if (!outcome) return null;
  return <MessageBanner ref={ref} kind={outcome.kind} messages={outcome.line} onClose={onClose} />;
}
