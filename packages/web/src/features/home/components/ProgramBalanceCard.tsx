import type { ProgramBalance } from '@ebt/core/benefits';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateText } from '../../../components/DateText';
import { Money } from '../../../components/Money';
import { WARNING_BADGE_COLOR } from '../../../components/badge-colors';
import { useI18n } from '../../../lib/i18n';

/**
 * One program's balance card on /recipient/home (A§2): the program, the spendable balance in USD, what is still to
 * come, and the soonest expiry with 'expiring soon' inside the lead time (A§9: 14 days). The whole card is one button
 * that opens /recipient/program/{programUuid}. `extra` is the room left under the figures for a line another area
 * adds (the incentive headroom).
 */
export function ProgramBalanceCard({
  card,
  onOpen,
  extra,
}: {
  card: ProgramBalance;
  onOpen: (programUuid: string) => void;
  extra?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={card.programName}>
      <UnstyledButton
        onClick={() => onOpen(card.programUuid)}
        aria-label={t('home.openProgram', { program: card.programName })}
        style={{ display: 'block', width: '100%' }}
      >
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {card.programName}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('home.balance')}
          </Text>
          <Text fz={28} fw={700} data-testid="program-balance">
            <Money value={card.totalAmount} />
          </Text>
          {card.upcomingAmount > 0 && (
            <Text fz="sm">
              {t('home.comingSoon')} <Money value={card.upcomingAmount} />
            </Text>
          )}
          {card.soonestExpirationDate && (
            <Group gap="xs" wrap="wrap">
              <Text fz="sm">
                {t('home.expires')} <DateText value={card.soonestExpirationDate} />
              </Text>
              {card.expiringSoon && (
                <Badge color={WARNING_BADGE_COLOR} variant="filled">
                  {t('kit.expiringSoon')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </UnstyledButton>
      {extra}
    </Card>
  );
}
