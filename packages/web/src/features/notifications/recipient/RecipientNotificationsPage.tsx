import {
  NOTIFICATION_AUTO_READ_MS,
  NOTIFICATION_MESSAGES,
  pageAfterRemoval,
  unreadOf,
  type Notification as Notice,
} from '@ebt/core/notifications';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
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
  // The card that holds the focus, by its notification: when a list read again no longer has it (Dismiss removed it,
  // or a notification that arrived meanwhile pushed it to the next page), the focus goes to the Dismiss button now at
  // that place, or the list's last one, or the page's main region, never to the page body. It is carried
  // out by the first list without that card, whichever comes first of the refetch and the mutation's own callback (the
  // mutation waits for its refetch before calling back, so a focus set from the callback came after the card, and the
  // focus, were gone). A reader whose focus has left the list meanwhile keeps it where it is.
  const listRef = useRef<HTMLDivElement>(null);
  const focused = useRef<{ index: number; uuid: string } | null>(null);
  useEffect(() => {
    const held = focused.current;
    if (held === null || list.isPlaceholderData || !list.data) return;
    const index = list.data.data.findIndex((n) => n.notificationUuid === held.uuid);
    if (index >= 0) {
      focused.current = { index, uuid: held.uuid };
      return;
    }
    focused.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-dismiss]') ?? [];
    const target = buttons[Math.min(held.index, buttons.length - 1)] ?? document.getElementById('main-content');
    target?.focus();
  }, [list.data, list.isPlaceholderData]);
  const trackFocus = (event: FocusEvent<HTMLDivElement>) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>('li[data-uuid]');
    const uuid = card?.dataset.uuid;
    if (uuid) focused.current = { uuid, index: rows.findIndex((n) => n.notificationUuid === uuid) };
  };
  const leaveList = (event: FocusEvent<HTMLDivElement>) => {
    // Only a move to somewhere else on the page lets go: a card taken out of the page blurs with no next target.
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) focused.current = null;
  };
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
    focused.current = { index, uuid };
    status.mutate(
      { notificationStatusId: 2, notificationUuids: [uuid] },
      {
        onSuccess: () => setPage((p) => pageAfterRemoval(p, list.data?.totalCount ?? 0, 1)),
        onError: (error) => {
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
            onFocus={trackFocus}
            onBlur={leaveList}
          >
            {rows.map((n, index) => (
              <Card
                key={n.notificationUuid}
                component="li"
                withBorder
                padding="sm"
                data-testid="notification"
                data-uuid={n.notificationUuid}
              >
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
