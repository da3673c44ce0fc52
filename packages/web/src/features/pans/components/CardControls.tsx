import { PAN_STATUS, PAN_STATUS_LABEL, type PanStatus } from '@ebt/core/enums';
import { dataMessage } from '@ebt/core/messages';
import { canTakeCardAction, PAN_MESSAGES, type CardAction, type RecipientCard } from '@ebt/core/pans';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DateText } from '../../../components/DateText';
import { FormOutcome } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MaskedPan } from '../../../components/MaskedPan';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useCardAction, useMyCards } from '../api';
import { PayButton } from '../../pay';
import { CardPin } from './CardPin';
import { WARNING_BADGE_COLOR } from '../../../components/badge-colors';
import { useI18n } from '../../../lib/i18n';

export interface CardControlsProps {
  /** Only the cards of this program (the program detail page); every program's when not given (home). */
  programUuid?: string;
}

/**
 * The recipient's card controls (decision 0037): each program's card, masked, with Lock / Unlock and 'Report lost or
 * stolen' (after a confirmation: the report is final). Cards already reported or switched off are listed with their
 * status and no actions.
 */
export function CardControls({ programUuid }: CardControlsProps) {
  const { t, m } = useI18n();
  const cards = useMyCards();
  const action = useCardAction();
  const [outcome, setOutcome] = useState<{ success: string | null; error: unknown }>({ success: null, error: null });

  // The cards render as a deferred, interruptible render once they are in: React Query's update is synchronous, and
  // the list with its buttons was one task of ~70 ms (4x on Lighthouse's slow phone) after the home's cards had
  // painted (Total Blocking Time). Deferred, React renders it in slices and yields between them.
  const listPending = useDeferredValue(cards.isPending, true);

  if (cards.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(cards.error)} />;
  if (cards.isPending || listPending) return <LoadingStatus label={t('cards.loading')} />;
  const shown = cards.data.filter((c) => !programUuid || c.programUuid === programUuid);

  const run = (card: RecipientCard, what: CardAction) => {
    setOutcome({ success: null, error: null });
    action.mutate(
      { panId: card.panId, action: what },
      {
        onSuccess: (answer) => setOutcome({ success: answer.message, error: null }),
        onError: (error) => setOutcome({ success: null, error }),
      },
    );
  };
  const report = (card: RecipientCard, what: 'lost' | 'stolen') =>
    confirmAction({
      title: what === 'lost' ? t('cards.reportLostTitle') : t('cards.reportStolenTitle'),
      message: m(dataMessage(PAN_MESSAGES.CONFIRM_REPORT, { last4: card.last4, status: t(`cards.${what}`) })),
      confirmLabel: what === 'lost' ? t('cards.reportLost') : t('cards.reportStolen'),
      danger: true,
      onConfirm: () => run(card, what),
    });

  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('cards.yourCards')}
      </Title>
      <FormOutcome success={outcome.success} error={outcome.error} />
      {shown.length === 0 && <MessageBanner kind="info" messages={PAN_MESSAGES.NO_CARDS} />}
      {shown.map((card) => {
        const active = card.panStatusId === PAN_STATUS.ACTIVE;
        return (
          <Paper
            key={card.panId}
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label={t('cards.endingIn', { last4: card.last4 })}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{card.programName}</Text>
                <Group gap={6}>
                  <Text fz="sm" fw={600}>
                    {t(
                      `cards.status${card.panStatusId}`,
                      PAN_STATUS_LABEL[card.panStatusId as PanStatus] ?? String(card.panStatusId),
                    )}
                  </Text>
                  {active && card.locked && (
                    <Badge variant="outline" color={WARNING_BADGE_COLOR}>
                      {t('cards.locked')}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text fz="lg">
                <MaskedPan pan={card.last4} />
              </Text>
              {card.expirationDate && (
                <Text fz="sm" c="dimmed">
                  {t('home.expires')} <DateText value={card.expirationDate} />
                </Text>
              )}
              <CardPin card={card} />
              {active && (
                <Group gap="sm" wrap="wrap">
                  <PayButton panId={card.panId} last4={card.last4} />
                  {canTakeCardAction(card, 'lock') && (
                    <Button
                      variant="outline"
                      leftSection={<IconLock aria-hidden size={18} />}
                      onClick={() => run(card, 'lock')}
                      loading={action.isPending && action.variables?.panId === card.panId}
                    >
                      {t('cards.lock')}
                    </Button>
                  )}
                  {canTakeCardAction(card, 'unlock') && (
                    <Button
                      leftSection={<IconLockOpen aria-hidden size={18} />}
                      onClick={() => run(card, 'unlock')}
                      loading={action.isPending && action.variables?.panId === card.panId}
                    >
                      {t('cards.unlock')}
                    </Button>
                  )}
                  <Button variant="outline" color="red.9" onClick={() => report(card, 'lost')}>
                    {t('cards.reportLost')}
                  </Button>
                  <Button variant="outline" color="red.9" onClick={() => report(card, 'stolen')}>
                    {t('cards.reportStolen')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
