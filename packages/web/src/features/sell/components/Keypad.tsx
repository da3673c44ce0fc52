import { Button, SimpleGrid } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useI18n } from '../../../lib/i18n';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Keys pressed on the keyboard while the keypad shows: digits, Backspace, Escape (clear) and Enter. A key typed into a
 * field (the card number) is the field's, not the keypad's.
 */
export function useKeypadKeys(onKey: (key: string) => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = /^\d$/.test(event.key)
        ? event.key
        : event.key === 'Backspace'
          ? 'back'
          : event.key === 'Escape'
            ? 'clear'
            : event.key === 'Enter'
              ? 'enter'
              : null;
      if (key === null) return;
      // Enter on a focused button is that button's press.
      if (key === 'enter' && target?.tagName === 'BUTTON') return;
      event.preventDefault();
      onKey(key);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onKey, enabled]);
}

/**
 * A card terminal's keypad for one hand: 1 to 9, then the left key, 0 and delete, each at least 64 px high. The PIN
 * pad uses it with `hideDigitLabels` off (the keys are the same; what they type is hidden by the PIN pad).
 */
export function Keypad({
  onKey,
  leftKey,
  disabled = false,
}: {
  onKey: (key: string) => void;
  /** The key left of 0: clear on the amount; none on the PIN pad. */
  leftKey?: { key: string; label: string; name: string };
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const digit = (d: string) => (
    <Button
      key={d}
      size="xl"
      h={64}
      variant="default"
      fz={28}
      onClick={() => onKey(d)}
      disabled={disabled}
      aria-label={t('sell.key', { digit: d })}
    >
      {d}
    </Button>
  );
  return (
    <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm">
      {DIGITS.map(digit)}
      {leftKey ? (
        <Button
          size="xl"
          h={64}
          variant="light"
          fz="lg"
          onClick={() => onKey(leftKey.key)}
          disabled={disabled}
          aria-label={leftKey.name}
        >
          {leftKey.label}
        </Button>
      ) : (
        <span />
      )}
      {digit('0')}
      <Button
        size="xl"
        h={64}
        variant="light"
        onClick={() => onKey('back')}
        disabled={disabled}
        aria-label={t('sell.backspace')}
      >
        <IconBackspace size={28} aria-hidden />
      </Button>
    </SimpleGrid>
  );
}
