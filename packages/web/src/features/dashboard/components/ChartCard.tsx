import { Card, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { DATE_RANGE_LABEL, DATE_RANGES, type DateRange } from '@ebt/core/dashboard';
import type { ReactNode } from 'react';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';

export const RANGE_OPTIONS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABEL[value] }));

interface ChartCardProps {
  title: string;
  /** A bar chart's own date range (B§2): changing it reloads this chart only. */
  range?: { value: DateRange; onChange: (range: DateRange) => void };
  loading: boolean;
  error: unknown;
  children: ReactNode;
}

/**
 * One chart of the dashboard with its own loading and error state: a failed load shows the general
 * error text as a warning inside this card (B§8: warning style for dashboard loads), the other charts carry on.
 */
export function ChartCard({ title, range, loading, error, children }: ChartCardProps) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-chart={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="end" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {range && (
            <NativeSelect
              label="Date Range"
              // The visible label is short; the name says which chart it ranges (and starts with the visible words).
              aria-label={`Date Range for ${title}`}
              size="xs"
              data={RANGE_OPTIONS}
              value={range.value}
              onChange={(event) => range.onChange(event.currentTarget.value as DateRange)}
            />
          )}
        </Group>
        {error ? (
          <MessageBanner kind="warning" messages={errorMessagesOf(error)} />
        ) : loading ? (
          <LoadingStatus label={`Loading ${title}`} py="md" />
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
