import { StaffNotificationPage, StaffNotificationsRead } from '@ebt/core/staff-notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// A staff user's own notifications (decision 0043): the list, the header's unread count, marking read.

const PATH = '/account-api/staff-notifications';
export const staffNotificationKeys = {
  all: ['staff-notifications'] as const,
  page: (page: number) => [...staffNotificationKeys.all, 'page', page] as const,
  unread: () => [...staffNotificationKeys.all, 'unread'] as const,
};

export function useStaffNotifications(page: number) {
  return useQuery({
    queryKey: staffNotificationKeys.page(page),
    queryFn: async ({ signal }) =>
      StaffNotificationPage.parse(await api.get<unknown>(PATH, { query: { page, pageSize: 10 }, signal })),
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
    queryKey: staffNotificationKeys.unread(),
    queryFn: async ({ signal }) =>
      StaffNotificationPage.parse(await api.get<unknown>(PATH, { query: { page: 0, pageSize: 1 }, signal }))
        .unreadCount,
    enabled,
    staleTime: 30_000,
  });
}

/** Marks one notification read (its id) or all of them (null). */
export function useMarkStaffNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notificationId: string | null) =>
      StaffNotificationsRead.parse(
        await api.put<unknown>(notificationId === null ? `${PATH}/read` : `${PATH}/${notificationId}/read`),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffNotificationKeys.all }),
  });
}
