import { Stack, Text } from '@mantine/core';
import { useI18n } from '../../../lib/i18n';
import { loadPayCards } from '../pay-cards';
import { PayButton } from './PayButton';

/**
 * 'Pay with this phone' for each card the Pay screen last showed on this phone (decision 0108): what the offline home
 * offers, with or without a session, so that a phone with no signal still reaches its pay codes. Nothing when none.
 */
export function KeptPayButtons() {
  const { t } = useI18n();
  const kept = loadPayCards();
  if (!kept || kept.cards.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="kept-pay-title">
      <Text fw={700} fz="lg" id="kept-pay-title">
        {t('pay.sectionTitle')}
      </Text>
      {kept.cards.map((card) => (
        <Stack key={card.panId} gap={4}>
          <Text>
            {card.programName} · {t('pay.cardEnding', { last4: card.last4 })}
          </Text>
          <PayButton panId={card.panId} last4={card.last4} />
        </Stack>
      ))}
    </Stack>
  );
}
