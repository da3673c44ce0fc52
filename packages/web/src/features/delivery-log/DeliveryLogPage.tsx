import type { DeliveryChannel, DeliveryStatus, OutboxMessage } from '@ebt/core/outbox';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useDeliveryCount, useDeliveryLog } from './api';
import {
  CHANNEL_LABEL,
  CHANNEL_OPTIONS,
  DELIVERY_PAGE_SIZE,
  type DeliveryLogFilters,
  filtersOf,
  searchOf,
  STATUS_COLOR,
  STATUS_LABEL,
  STATUS_OPTIONS,
} from './labels';

const channelLabel = (channel: string) => CHANNEL_LABEL[channel as DeliveryChannel] ?? channel;

const COLUMNS: DataTableColumn<OutboxMessage>[] = [
  { key: 'createdAt', header: 'Queued', render: (m) => <DateText value={m.createdAt} format="datetime" /> },
  {
    key: 'channel',
    header: 'Channel and kind',
    render: (m) => (
      <>
        {channelLabel(m.channel)}
        <Text fz="sm" c="dimmed">
          {m.kind}
        </Text>
      </>
    ),
  },
  { key: 'to', header: 'Recipient', render: (m) => <span style={{ overflowWrap: 'anywhere' }}>{m.to}</span> },
  {
    key: 'message',
    header: 'Message',
    render: (m) => (
      <>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {m.subject}
        </Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.body}
        </Text>
        {m.attachments.length > 0 && (
          <Text fz="sm" c="dimmed">
            Files: {m.attachments.map((a) => a.filename).join(', ')}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (m) => (
      <Stack gap={4} align="flex-start">
        <Badge color={STATUS_COLOR[m.status]} variant="filled" size="sm" tt="none">
          {STATUS_LABEL[m.status]}
        </Badge>
        <Text fz="sm">{m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}</Text>
        {m.segments !== null && <Text fz="sm">{m.segments === 1 ? '1 part' : `${m.segments} parts`}</Text>}
        {m.lastError && (
          <Text fz="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {m.lastError}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'done',
    header: 'Sent or failed',
    render: (m) =>
      m.sentAt ? (
        <DateText value={m.sentAt} format="datetime" />
      ) : m.failedAt ? (
        <DateText value={m.failedAt} format="datetime" />
      ) : (
        '—'
      ),
  },
];

/**
 * `/admin/delivery-log` (decision 0112): every e-mail and text message, newest first, with its delivery state. Once a
 * provider sends messages the recipients are masked and the codes, links and card numbers redacted; without one (a
 * development server) the outbox shows each message whole. Filters and page live in the URL, so Back and a reload
 * show the same page.
 */
export default function DeliveryLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useDeliveryLog(filters);
  const count = useDeliveryCount(filters);
  const rows = log.data ?? [];
  const show = (next: DeliveryLogFilters) => setParams(searchOf(next));
  const redacted = count.data?.redacted;

  return (
    <Page title="Delivery Log">
      <Stack gap="md">
        <Text>
          Every e-mail and text message the portal sends, newest first.{' '}
          {redacted === false &&
            'No provider is configured: messages stay here and are shown whole, codes and links included.'}
          {redacted === true && 'Recipients are masked; one-time codes, links and card numbers are hidden.'}
        </Text>
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Delivery log filters">
          <Select
            label="Channel"
            placeholder="All channels"
            data={CHANNEL_OPTIONS}
            clearable
            value={filters.channel ?? null}
            onChange={(value) => show({ ...filters, channel: (value as DeliveryChannel) ?? undefined, page: 0 })}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            clearable
            value={filters.status ?? null}
            onChange={(value) => show({ ...filters, status: (value as DeliveryStatus) ?? undefined, page: 0 })}
          />
        </Group>
        {log.isError || count.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(log.error ?? count.error)} />
        ) : (
          <DataTable
            caption="Messages"
            columns={COLUMNS}
            rows={rows}
            rowKey={(m) => String(m.id)}
            pageSize={DELIVERY_PAGE_SIZE}
            loading={log.isFetching}
            emptyMessage={log.isSuccess && !log.isPlaceholderData ? 'No messages match these filters.' : undefined}
            serverPaging={
              count.data
                ? {
                    page: filters.page,
                    totalPages: Math.max(1, Math.ceil(count.data.totalCount / DELIVERY_PAGE_SIZE)),
                    totalCount: count.data.totalCount,
                    onPageChange: (page) => show({ ...filters, page }),
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </Page>
  );
}
