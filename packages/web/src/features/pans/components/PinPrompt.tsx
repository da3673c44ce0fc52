import { PAN_STATUS } from '@ebt/core/enums';
import { Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { useI18n } from '../../../lib/i18n';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { getToken } from '../../../lib/session';
import { useMyCards } from '../api';
import { PinForm } from './CardPin';

// "Set a PIN for your card", asked once after each sign-in (docs/security.md "Card PINs"): while one of the recipient's
// Active cards has no PIN, the home shows this notice until it is answered, once per sign-in. It reads the cards the home's card controls
// read (one query, asked after the first paint), so it adds no request.

const ASKED_KEY = 'ebt.pinPromptAsked';

/** A mark of this sign-in (a new sign-in has a new token), not the token itself: a 32-bit FNV-1a of it. */
function signInMark(): string {
  const token = getToken() ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}

function askedThisSignIn(): boolean {
  try {
    return window.sessionStorage.getItem(ASKED_KEY) === signInMark();
  } catch {
    return true; // no storage: never nag
  }
}

function markAsked(): void {
  try {
    window.sessionStorage.setItem(ASKED_KEY, signInMark());
  } catch {
    // no storage: the dialog stays closed for this page's life
  }
}

/**
 * The once-per-sign-in notice: a banner above the card controls (it paints with them, so nothing moves), with 'Set PIN
 * now', which opens the PIN form of the first Active card without a PIN, and 'Not now'. Not a modal: nothing else on
 * the home waits for it.
 */
export function PinPrompt() {
  const { t } = useI18n();
  const cards = useMyCards();
  const [closed, setClosed] = useState(askedThisSignIn);
  const [asked, setAsked] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useOutcomeFocus(saved);
  const first = cards.data?.find((c) => c.panStatusId === PAN_STATUS.ACTIVE && !c.pinSet);
  // The card asked about stays the same while its form is open (the list reloads once its PIN is set).
  const target = cards.data?.find((c) => c.panId === asked) ?? first;
  // Shown once: from now on this sign-in counts as asked, whether the recipient answers or goes elsewhere.
  const showing = !closed && first !== undefined;
  useEffect(() => {
    if (showing) markAsked();
  }, [showing]);

  if (saved) return <MessageBanner ref={savedRef} kind="success" messages={saved} />;
  if (closed || !target || (asked === null && !first)) return null;
  const dismiss = () => setClosed(true);

  return (
    <>
      <MessageBanner
        kind="info"
        title={t('pin.promptTitle')}
        messages={t('pin.promptText', { last4: target.last4 })}
        details={
          <Group gap="sm" mt="xs">
            <Button onClick={() => setAsked(target.panId)}>{t('pin.promptSet')}</Button>
            <Button variant="default" onClick={dismiss}>
              {t('pin.promptLater')}
            </Button>
          </Group>
        }
        data-testid="pin-prompt"
      />
      <Dialog opened={asked !== null} onClose={() => setAsked(null)} title={t('pin.setTitle', { last4: target.last4 })}>
        {asked !== null && (
          <PinForm
            card={target}
            onCancel={() => setAsked(null)}
            onSaved={(message) => {
              setAsked(null);
              setSaved(message);
            }}
          />
        )}
      </Dialog>
    </>
  );
}
