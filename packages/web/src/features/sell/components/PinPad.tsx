import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Money } from '../../../components/Money';
import { useI18n } from '../../../lib/i18n';
import { Keypad, useKeypadKeys } from './Keypad';

/**
 * The screen the farmer hands over: the customer sees what they pay and to whom, in large type, and enters their
 * four-digit PIN on a keypad that shows only dots. The digits live in this component's state alone, go once into the
 * engine call, and are gone when it closes (never stored, never on screen, never in a field a browser could save).
 */
export function PinPad({
  amount,
  merchantName,
  onPin,
  onCancel,
}: {
  /** Dollars of the sale; null for a balance check. */
  amount: number | null;
  merchantName: string;
  onPin: (pin: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [pin, setPin] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const press = useCallback(
    (key: string) => {
      if (key === 'enter') {
        if (pin.length === 4) onPin(pin);
        return;
      }
      if (key === 'clear') return onCancel();
      setPin((current) => (key === 'back' ? current.slice(0, -1) : current.length < 4 ? current + key : current));
    },
    [pin, onPin, onCancel],
  );
  useKeypadKeys(press);

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('sell.pinHandOver')}
        </Text>
        <Title order={2} ref={headingRef} tabIndex={-1}>
          {t('sell.pinTitle')}
        </Title>
        <Box>
          {amount !== null && (
            <Text fz={40} fw={700} lh={1.1}>
              <Money value={amount} />
            </Text>
          )}
          <Text fz="xl" fw={600}>
            {merchantName}
          </Text>
        </Box>
        <Group gap="md" justify="center" role="status" aria-label={t('sell.pinEntered', { count: pin.length })}>
          {[0, 1, 2, 3].map((i) => (
            <Box
              key={i}
              w={24}
              h={24}
              aria-hidden
              style={{
                borderRadius: '50%',
                border: '2px solid var(--mantine-color-dark-6)',
                background: i < pin.length ? 'var(--mantine-color-dark-6)' : 'transparent',
              }}
            />
          ))}
        </Group>
        <Text fz="sm" ta="center">
          {t('sell.pinHelp')}
        </Text>
        <Keypad onKey={press} />
        <Group grow>
          <Button size="xl" h={64} variant="outline" color="red.9" onClick={onCancel}>
            {t('sell.cancel')}
          </Button>
          <Button size="xl" h={64} onClick={() => onPin(pin)} disabled={pin.length !== 4}>
            {t('sell.ok')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
