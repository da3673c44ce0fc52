import { staffNotificationApi } from '@ebt/core/staff-notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

// A staff user's own notifications (decision 0043): the list, the header's unread count, marking read, each through
// its contract in staffNotificationApi.

export function useStaffNotifications(page: number) {
  return useQuery({
    ...endpointQuery(staffNotificationApi.list, { query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The unread count of the header's bell: the smallest page, asked on each page the user opens (the layout stays, the
 * answer is kept 30 s) and when the window regains focus. Never on a timer: a background poll would keep the server
 * session alive for a person who walked away from the desk (the session's idle time-out, A§9).
 */
export function useUnreadStaffNotifications(enabled: boolean) {
  return useQuery({
    ...endpointQuery(staffNotificationApi.list, { query: { page: 0, pageSize: 1 } }),
    select: (answer) => answer.unreadCount,
    enabled,
    staleTime: 30_000,
  });
}

/** Marks one notification read (its id) or all of them (null); the list and the bell's count reload. */
export function useMarkStaffNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string | null) =>
      notificationId === null
        ? callEndpoint(staffNotificationApi.markAllRead, {})
        : callEndpoint(staffNotificationApi.markRead, { params: { id: notificationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(staffNotificationApi.list) }),
  });
}
