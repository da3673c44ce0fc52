import { ProgramBalance } from '@ebt/core/benefits';
import { z } from 'zod';
import { USER_DATA_PREFIX } from '../../lib/device-data';

// The last balances read, kept on the phone so that a recipient with a weak signal still sees them
// (decision 0051): written after every successful read, shown only when the read fails, with the time they were read.
// Only the balance cards are kept (no names of people, no card numbers); signing out clears them.

// Under the prefix that signing out clears (lib/device-data.ts).
const KEY = `${USER_DATA_PREFIX}lastBalances`;
const Stored = z.object({ readAt: z.iso.datetime(), userUuid: z.string(), cards: z.array(ProgramBalance) });
export type StoredBalances = z.infer<typeof Stored>;

export function saveBalances(userUuid: string, cards: ProgramBalance[], readAt = new Date()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ readAt: readAt.toISOString(), userUuid, cards }));
  } catch {
    // Storage full or refused (private mode): nothing to show offline, nothing else lost.
  }
}

/**
 * The stored balances of this user, or null. Offline the user cannot be read: without `userUuid` the stored ones are
 * answered (they belong to whoever is signed in on this device; signing out clears them).
 */
export function loadBalances(userUuid?: string): StoredBalances | null {
  try {
    const parsed = Stored.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success && (userUuid === undefined || parsed.data.userUuid === userUuid) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearBalances(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
