import { STAFF_NOTIFICATION_MESSAGES, type StaffNotification } from '@ebt/core/staff-notifications';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { useMarkStaffNotificationsRead, useStaffNotifications } from './api';

const TOPIC_LABEL: Record<string, string> = {
  'agency-funding': 'Agency funding',
  'card-report': 'Card report',
  'pin-throttle': 'Wrong PINs at a terminal',
};
const topicLabel = (topic: string) => TOPIC_LABEL[topic] ?? topic;

/**
 * The signed-in staff user's notifications (decision 0043), newest first, 10 a page: date, topic, text and whether
 * it is read; 'Mark as read' per unread row and 'Mark all as read'. Reached from the header's bell.
 */
export default function StaffNotificationsPage() {
  const [page, setPage] = useState(0);
  const list = useStaffNotifications(page);
  const mark = useMarkStaffNotificationsRead();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'danger'; messages: string[] } | null>(null);
  const outcomeRef = useOutcomeFocus(outcome);
  const markRead = (notificationId: string | null) => {
    setOutcome(null);
    mark.mutate(notificationId, {
      onSuccess: (answer) => setOutcome({ kind: 'success', messages: [answer.message] }),
      onError: (error) => setOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
    });
  };

  const columns: DataTableColumn<StaffNotification>[] = [
    { key: 'notifiedDate', header: 'Date', render: (r) => <DateText value={r.notifiedDate} format="datetime" /> },
    { key: 'topic', header: 'Topic', render: (r) => topicLabel(r.topic) },
    { key: 'text', header: 'Notification' },
    {
      key: 'read',
      header: 'Status',
      render: (r) =>
        r.read ? (
          'Read'
        ) : (
          <Badge color="blue.9" variant="filled">
            Unread
          </Badge>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (r) =>
        r.read ? null : (
          <Button
            size="xs"
            variant="outline"
            onClick={() => markRead(r.notificationId)}
            loading={mark.isPending && mark.variables === r.notificationId}
            aria-label={`Mark as read: ${r.text}`}
          >
            Mark as read
          </Button>
        ),
    },
  ];

  const unread = list.data?.unreadCount ?? 0;
  return (
    <Page
      title="Notifications"
      actions={
        <Button
          variant="default"
          onClick={() => markRead(null)}
          disabled={unread === 0}
          loading={mark.isPending && mark.variables === null}
        >
          Mark all as read
        </Button>
      }
    >
      <Stack gap="md">
        {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
        <MessageBanner kind="danger" messages={list.isError ? errorMessagesOf(list.error) : []} />
        {list.isPending && <LoadingStatus label="Loading your notifications" />}
        {list.data && (
          <>
            <Text fw={600}>{unread === 0 ? 'No unread notifications' : `${unread} unread`}</Text>
            <DataTable
              caption="Your notifications"
              columns={columns}
              rows={list.data.data}
              rowKey={(r) => r.notificationId}
              loading={list.isFetching}
              emptyMessage={STAFF_NOTIFICATION_MESSAGES.NO_NOTIFICATIONS}
              serverPaging={{
                page: list.data.page,
                totalPages: list.data.totalPages,
                totalCount: list.data.totalCount,
                onPageChange: setPage,
              }}
            />
          </>
        )}
      </Stack>
    </Page>
  );
}
