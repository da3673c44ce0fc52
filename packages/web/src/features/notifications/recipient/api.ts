import {
  NotificationEventOption,
  NotificationPage,
  NotificationPreference,
  NotificationStatusAnswer,
  NOTIFICATION_PAGE_SIZE,
  PreferencesAnswer,
} from '@ebt/core/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/query-keys';

// The recipient's notifications and preferences (A§7 "Recipient portal"; decision 0048). A status change refreshes
// the list and the session user, whose unread count is the top bar's badge: it updates without a reload.

export const notificationKeys = {
  all: ['recipient-notifications'] as const,
  page: (page: number) => [...notificationKeys.all, 'page', page] as const,
  events: [...['recipient-notifications'], 'events'] as const,
  preferences: [...['recipient-notifications'], 'preferences'] as const,
};

/** GET /account-api/notifications: one page of 5 (zero-based page). */
export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: async ({ signal }) =>
      NotificationPage.parse(
        await api.get<unknown>('/account-api/notifications', {
          query: { page, pageSize: NOTIFICATION_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT /account-api/notifications: read (1) or dismiss (2). */
export function useNotificationStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { notificationStatusId: 1 | 2; notificationUuids: string[] }) =>
      NotificationStatusAnswer.parse(await api.put<unknown>('/account-api/notifications', body)),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [...notificationKeys.all, 'page'] }),
        client.invalidateQueries({ queryKey: currentUserKey }),
      ]);
    },
  });
}

/** GET /account-api/notifications/events. */
export function useNotificationEvents() {
  return useQuery({
    queryKey: notificationKeys.events,
    queryFn: async ({ signal }) =>
      z.array(NotificationEventOption).parse(await api.get<unknown>('/account-api/notifications/events', { signal })),
  });
}

/** GET /account-api/notifications/preferences. */
export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: async ({ signal }) =>
      z
        .array(NotificationPreference)
        .parse(await api.get<unknown>('/account-api/notifications/preferences', { signal })),
  });
}

/** PUT /account-api/notifications/preferences. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { eventIds: number[]; methodIds: number[] }) =>
      PreferencesAnswer.parse(await api.put<unknown>('/account-api/notifications/preferences', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}
