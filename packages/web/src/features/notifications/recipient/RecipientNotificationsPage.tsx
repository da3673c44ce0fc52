import {
  NOTIFICATION_AUTO_READ_MS,
  NOTIFICATION_MESSAGES,
  pageAfterRemoval,
  unreadOf,
  type Notification as Notice,
} from '@ebt/core/notifications';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { useNotifications, useNotificationStatus } from './api';
import { PreferencesForm } from './PreferencesForm';
import { useI18n } from '../../../lib/i18n';

/**
 * `/recipient/notifications` (A§2, A§4, A§9; resolution 24): the recipient's notifications, 5 a page, newest first.
 * The unread ones of the page shown are marked read 4 seconds after it is displayed; Dismiss removes one and lowers the
 * unread count (the top bar's badge follows). The preferences sit under the list.
 */
export default function RecipientNotificationsPage() {
  const { t, language } = useI18n();
  // The notice as it was written in the page's language (its e-mail or SMS said the same); the English otherwise.
  const textOf = (n: Notice) =>
    language === 'es' && n.notificationTextEs !== null ? n.notificationTextEs : n.notificationText;
  const [page, setPage] = useState(0);
  const list = useNotifications(page);
  const status = useNotificationStatus();
  const [problem, setProblem] = useState<string[] | null>(null);
  const rows = list.data?.data ?? [];
  // Dismiss removes the card that holds the focused button: focus then goes to the Dismiss button now at that place
  // (the next item), or the list's last one, or the page's main region, never to the page body (issue 23).
  // The intent is set when Dismiss is pressed and carried out by the first list without that notification, whichever
  // comes first of the refetch and the mutation's own callback (the mutation waits for its refetch before calling
  // back, so a focus set from the callback came after the card, and the focus, were gone).
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfterDismiss = useRef<{ index: number; uuid: string } | null>(null);
  useEffect(() => {
    const intent = focusAfterDismiss.current;
    if (intent === null || list.isPlaceholderData || !list.data) return;
    if (list.data.data.some((n) => n.notificationUuid === intent.uuid)) return;
    focusAfterDismiss.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-dismiss]') ?? [];
    const target = buttons[Math.min(intent.index, buttons.length - 1)] ?? document.getElementById('main-content');
    target?.focus();
  }, [list.data, list.isPlaceholderData]);
  const unread = unreadOf(rows)
    .map((r) => r.notificationUuid)
    .join(',');

  // A§4: unread items on the page shown become read after 4 seconds on screen (a new page starts a new wait).
  useEffect(() => {
    if (!unread || list.isPlaceholderData) return;
    const timer = setTimeout(() => {
      status.mutate({ notificationStatusId: 1, notificationUuids: unread.split(',') });
    }, NOTIFICATION_AUTO_READ_MS);
    return () => clearTimeout(timer);
    // `status` is stable enough: a new mutation object must not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, list.isPlaceholderData]);

  const dismiss = (uuid: string, index: number) => {
    setProblem(null);
    focusAfterDismiss.current = { index, uuid };
    status.mutate(
      { notificationStatusId: 2, notificationUuids: [uuid] },
      {
        onSuccess: () => setPage((p) => pageAfterRemoval(p, list.data?.totalCount ?? 0, 1)),
        onError: (error) => {
          focusAfterDismiss.current = null;
          setProblem(isApiError(error, 404) ? [NOTIFICATION_MESSAGES.NOT_FOUND] : errorMessagesOf(error));
        },
      },
    );
  };

  return (
    <Page title={t('notifications.title')}>
      <Stack gap="lg">
        {problem && <MessageBanner kind="warning" messages={problem} onClose={() => setProblem(null)} />}
        {list.isPending ? (
          <LoadingStatus label={t('notifications.loading')} />
        ) : list.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(list.error)} />
        ) : rows.length === 0 ? (
          <MessageBanner kind="warning" messages={NOTIFICATION_MESSAGES.NO_NOTIFICATIONS} />
        ) : (
          <Stack
            ref={listRef}
            gap="sm"
            component="ul"
            aria-label={t('notifications.title')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {rows.map((n, index) => (
              <Card key={n.notificationUuid} component="li" withBorder padding="sm" data-testid="notification">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fz="sm" c="dimmed">
                        <DateText value={n.notifiedDate} format="datetime" />
                      </Text>
                      {n.notificationStatusId === 0 && (
                        <Badge color="blue.9" variant="filled" size="sm">
                          {t('notifications.unread')}
                        </Badge>
                      )}
                    </Group>
                    <Text style={{ overflowWrap: 'anywhere' }}>{textOf(n)}</Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => dismiss(n.notificationUuid, index)}
                    data-dismiss
                    aria-label={t('notifications.dismissLabel', { text: textOf(n) })}
                  >
                    {t('notifications.dismiss')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Pager
          page={page + 1}
          total={list.data?.totalPages ?? 0}
          onChange={(p) => setPage(p - 1)}
          label={t('notifications.pages')}
        />
        <PreferencesForm />
      </Stack>
    </Page>
  );
}
