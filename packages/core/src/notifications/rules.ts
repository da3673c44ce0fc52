import { NOTIFICATION_PAGE_SIZE } from './schemas.js';

/** The page to show after `removed` items left the current one: the previous page when this one is now empty. */
export function pageAfterRemoval(page: number, totalCount: number, removed: number): number {
  const left = Math.max(0, totalCount - removed);
  const last = Math.max(0, Math.ceil(left / NOTIFICATION_PAGE_SIZE) - 1);
  return Math.min(page, last);
}

/** The unread items of a page: what the page marks read after 4 seconds (A§4). */
export function unreadOf<T extends { notificationStatusId: number }>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.notificationStatusId === 0);
}

/** The (event, method) pairs as the PUT's two arrays. */
export function preferencePairs(selected: readonly { eventId: number; methodId: number }[]) {
  return { eventIds: selected.map((s) => s.eventId), methodIds: selected.map((s) => s.methodId) };
}
