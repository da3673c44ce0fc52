import { NOTIFICATION_PAGE_SIZE, notificationApi } from '@ebt/core/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';
import { currentUserKey } from '../../../lib/query-keys';

// The recipient's notifications and preferences (A§7 "Recipient portal"; decision 0048), each through its contract in
// notificationApi. A status change refreshes the list and the session user, whose unread count is the top bar's
// badge: it updates without a reload.

/** One page of 5 (zero-based page). */
export function useNotifications(page: number) {
  return useQuery({
    ...endpointQuery(notificationApi.list, { query: { page, pageSize: NOTIFICATION_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Read (1) or dismiss (2). */
export function useNotificationStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { notificationStatusId: 1 | 2; notificationUuids: string[] }) =>
      callEndpoint(notificationApi.setStatus, { body }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: endpointKey(notificationApi.list) }),
        client.invalidateQueries({ queryKey: currentUserKey }),
      ]);
    },
  });
}

/** The events a recipient can be told about. */
export function useNotificationEvents() {
  return useQuery(endpointQuery(notificationApi.events, {}));
}

/** Every event × method, each marked whether the recipient chose it. */
export function usePreferences() {
  return useQuery(endpointQuery(notificationApi.preferences, {}));
}

/** The recipient's choices saved. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { eventIds: number[]; methodIds: number[] }) =>
      callEndpoint(notificationApi.savePreferences, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(notificationApi.preferences) }),
  });
}
