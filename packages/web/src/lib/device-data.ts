// What the app keeps on the device about the person signed in (decision 0051: the recipient's last balances, for a
// weak signal). Every such key starts with USER_DATA_PREFIX, and signing out removes them all, so the sign-out code
// needs no import of the features that wrote them (the recipient home and its schemas stay out of the start-up code).
// A preference of the device itself, such as the language, uses another key and stays.

export const USER_DATA_PREFIX = 'ebt.recipient.';

/**
 * The cards the Pay screen last showed (decision 0108): their last four, program and balance, and whose they are.
 * While they are kept (the app was closed, not signed out), the Pay screen and the offline home open without a session.
 */
export const KEPT_PAY_CARDS_KEY = `${USER_DATA_PREFIX}payCards`;

/** Whether the last person of this device left pay cards on it (closed the app without signing out). */
export function hasKeptPayCards(given?: Pick<Storage, 'getItem'>): boolean {
  try {
    return (given ?? window.localStorage).getItem(KEPT_PAY_CARDS_KEY) !== null;
  } catch {
    return false;
  }
}

/** Removes every key this app kept on the device about the person signed in. */
export function clearUserData(given?: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  try {
    const storage = given ?? window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(USER_DATA_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}
