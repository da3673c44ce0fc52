import type { IncentiveHeadroom } from '@ebt/core/incentives';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Money } from '../../../components/Money';
import { errorMessagesOf } from '../../../lib/errors';
import { useMyHeadroom } from '../api';
import { useI18n } from '../../../lib/i18n';

// What a recipient may still earn: one card per enrolment in force today, on /recipient/incentives
// and on the home page's program cards (`programUuid` narrows it to one program). A cap of 0.00 is no maximum and
// shows as such, not as $0.00 left.

function Allowance({ label, earned, remaining }: { label: string; earned: number; remaining: number | null }) {
  const { t } = useI18n();
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" ta="right">
        <Money value={earned} /> {t('incentives.earned')} ·{' '}
        {remaining === null ? (
          t('incentives.noLimit')
        ) : (
          <>
            <Money value={remaining} /> {t('incentives.left')}
          </>
        )}
      </Text>
    </Group>
  );
}

function HeadroomCard({ row, headingLevel }: { row: IncentiveHeadroom; headingLevel: 2 | 3 }) {
  const { t } = useI18n();
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={t('incentives.stillEarn', { incentive: row.incentiveName })}
    >
      <Stack gap={6}>
        <Title order={headingLevel} size="h4">
          {row.incentiveName}
        </Title>
        <Text size="sm" c="dimmed">
          {row.programName} · {t('incentives.matchRate', { rate: row.matchRate.toFixed(2) })}
        </Text>
        <Allowance label={t('incentives.today')} earned={row.earnedToday} remaining={row.remainingToday} />
        <Allowance label={t('incentives.thisMonth')} earned={row.earnedThisMonth} remaining={row.remainingThisMonth} />
        <Text size="sm">
          {row.maxPerTransaction === null ? (
            t('incentives.noLimitPerPurchase')
          ) : (
            <>
              {t('incentives.upTo')} <Money value={row.maxPerTransaction} /> {t('incentives.perPurchase')}
            </>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

/** The headroom of the recipient's enrolments in force today (of one program with `programUuid`). */
export function HeadroomList({ programUuid, headingLevel = 2 }: { programUuid?: string; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const headroom = useMyHeadroom();
  if (headroom.isPending) return <LoadingStatus label={t('incentives.loadingHeadroom')} />;
  if (headroom.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(headroom.error)} />;
  const rows = programUuid ? headroom.data.filter((r) => r.programUuid === programUuid) : headroom.data;
  if (rows.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {rows.map((row) => (
        <HeadroomCard key={row.recipientIncentiveId} row={row} headingLevel={headingLevel} />
      ))}
    </SimpleGrid>
  );
}

/**
 * One line per enrolment of a program in force today, for the home page's program card: what the recipient may still
 * earn today. Nothing while loading or on an error (the card's balance is what matters there; /recipient/incentives
 * tells more).
 */
export function HeadroomSummary({ programUuid }: { programUuid: string }) {
  const { t } = useI18n();
  const headroom = useMyHeadroom();
  const rows = headroom.data?.filter((r) => r.programUuid === programUuid) ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap={2} mt="xs">
      {rows.map((row) => (
        <Text key={row.recipientIncentiveId} fz="sm">
          {row.incentiveName}:{' '}
          {row.remainingToday === null ? (
            t('incentives.noDailyLimit')
          ) : (
            <>
              <Money value={row.remainingToday} /> {t('incentives.moreToday')}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}
