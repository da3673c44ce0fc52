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
/** How often the header asks for new notifications while the portal is open. */
const UNREAD_POLL_MS = 60_000;

export function useStaffNotifications(page: number) {
  return useQuery({
    queryKey: staffNotificationKeys.page(page),
    queryFn: async ({ signal }) =>
      StaffNotificationPage.parse(await api.get<unknown>(PATH, { query: { page, pageSize: 10 }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The unread count of the header's bell: the smallest page, asked once a minute and when the window regains focus. */
export function useUnreadStaffNotifications(enabled: boolean) {
  return useQuery({
    queryKey: staffNotificationKeys.unread(),
    queryFn: async ({ signal }) =>
      StaffNotificationPage.parse(await api.get<unknown>(PATH, { query: { page: 0, pageSize: 1 }, signal }))
        .unreadCount,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
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
