import { PAN_LENGTH } from '@ebt/core/constants';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { useI18n } from '../../../lib/i18n';
import { readCardText, type SaleCard } from '../sale';

// The camera and its decoder load only when the farmer scans.
const CardScanner = lazy(async () => ({ default: (await import('./CardScanner')).CardScanner }));

/**
 * The card step: scan the customer's pay code or printed card with the camera, or type the card's 19 digits. Answers
 * the card and whether it was scanned (the entry mode the engine is told).
 */
export function CardStep({ onCard }: { onCard: (card: SaleCard, scanned: boolean) => void }) {
  const { t } = useI18n();
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState(false);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);

  const scanned = (text: string) => {
    const card = readCardText(text);
    if (!card) return setScanProblem(true);
    setScanning(false);
    onCard(card, true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = readCardText(number);
    if (!card || card.kind !== 'pan') return setNumberError(t('sell.cardNumberInvalid'));
    onCard(card, false);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('sell.cardTitle')}</Title>
      <Text>{t('sell.cardHelp')}</Text>
      {scanProblem && <MessageBanner kind="warning" messages={t('sell.notACard')} />}
      {scanning ? (
        <Suspense fallback={<LoadingStatus label={t('sell.scanning')} py="md" />}>
          <CardScanner onRead={scanned} onStop={() => setScanning(false)} />
        </Suspense>
      ) : (
        <Button size="xl" h={64} leftSection={<IconCamera aria-hidden />} onClick={() => setScanning(true)}>
          {t('sell.scan')}
        </Button>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            size="lg"
            label={t('sell.cardNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={PAN_LENGTH + 6}
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setNumberError(null);
            }}
            error={numberError}
          />
          <Button type="submit" size="xl" h={64} variant="outline">
            {t('sell.useNumber')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
