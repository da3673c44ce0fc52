import { PAN_STATUS } from '@ebt/core/enums';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { useOwnCards } from '../api';
import { CardDevicesList } from './CardDevicesList';
import { PayButton } from './PayButton';

/**
 * The recipient's Active program cards with 'Pay with this phone' and, under each, the phones that can pay with it
 * (decision 0108). Shows nothing while the cards load or when the recipient has no Active card.
 */
export function PayCardsSection() {
  const { t } = useI18n();
  const cards = useOwnCards();
  if (cards.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(cards.error)} />;
  const active = (cards.data ?? []).filter((c) => c.panStatusId === PAN_STATUS.ACTIVE);
  if (active.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pay-cards-title">
      <Title order={2} fz="h3" id="pay-cards-title">
        {t('pay.sectionTitle')}
      </Title>
      <Text>{t('pay.sectionIntro')}</Text>
      {active.map((card) => (
        <Paper key={card.panId} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>
              {card.programName} · {t('pay.cardEnding', { last4: card.last4 })}
            </Text>
            <div>
              <PayButton panId={card.panId} last4={card.last4} />
            </div>
            <CardDevicesList panId={card.panId} last4={card.last4} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
