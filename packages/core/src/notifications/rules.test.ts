import { describe, expect, it } from 'vitest';
import { pageAfterRemoval, preferencePairs, unreadOf } from './rules.js';
import { NotificationPreferencesChange, NotificationStatusChange } from './schemas.js';

describe('notification rules', () => {
  it('steps back a page when dismissing empties the last one', () => {
    expect(pageAfterRemoval(2, 11, 1)).toBe(1);
    expect(pageAfterRemoval(1, 11, 1)).toBe(1);
    expect(pageAfterRemoval(0, 1, 1)).toBe(0);
  });
  it('picks the unread rows of a page', () => {
    expect(unreadOf([{ notificationStatusId: 0 }, { notificationStatusId: 1 }])).toEqual([{ notificationStatusId: 0 }]);
  });
  it('sends pairs as two arrays and refuses arrays of different lengths', () => {
    const pairs = preferencePairs([
      { eventId: 1, methodId: 1 },
      { eventId: 5, methodId: 2 },
    ]);
    expect(pairs).toEqual({ eventIds: [1, 5], methodIds: [1, 2] });
    expect(NotificationPreferencesChange.safeParse(pairs).success).toBe(true);
    expect(NotificationPreferencesChange.safeParse({ eventIds: [1], methodIds: [] }).success).toBe(false);
  });
  it('takes read and dismissed only, with a list of uuids', () => {
    const uuid = '0b5e6a8e-2f1c-4a51-9a51-5f6f2a1d9c11';
    expect(NotificationStatusChange.safeParse({ notificationStatusId: 2, notificationUuids: [uuid] }).success).toBe(
      true,
    );
    expect(NotificationStatusChange.safeParse({ notificationStatusId: 0, notificationUuids: [uuid] }).success).toBe(
      false,
    );
    expect(NotificationStatusChange.safeParse({ notificationStatusId: 1, notificationUuids: 'x' }).success).toBe(false);
    expect(NotificationStatusChange.safeParse({ notificationStatusId: 1, notificationUuids: [] }).success).toBe(false);
  });
});
