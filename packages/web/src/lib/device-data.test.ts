import { describe, expect, it } from 'vitest';
import { clearUserData, hasKeptPayCards, KEPT_PAY_CARDS_KEY, USER_DATA_PREFIX } from './device-data';

/** A Storage over a Map (the web project's tests run in Node, without a DOM). */
function memoryStorage(entries: Record<string, string>) {
  const store = new Map(Object.entries(entries));
  return {
    store,
    get length() {
      return store.size;
    },
    key: (index: number) => [...store.keys()][index] ?? null,
    removeItem: (key: string) => void store.delete(key),
  };
}

describe('clearUserData', () => {
  it('removes every key kept about the person signed in and leaves the device preferences', () => {
    const storage = memoryStorage({
      [`${USER_DATA_PREFIX}lastBalances`]: '{}',
      [`${USER_DATA_PREFIX}other`]: '1',
      'marketlink.language': 'es',
    });
    clearUserData(storage);
    expect([...storage.store.keys()]).toEqual(['marketlink.language']);
  });

  it('does nothing when storage is refused', () => {
    const refusing = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      removeItem: () => undefined,
    };
    expect(() => clearUserData(refusing)).not.toThrow();
  });
});

describe('hasKeptPayCards', () => {
  it('answers whether the pay cards are kept, and that signing out removes them', () => {
    const storage = memoryStorage({ [KEPT_PAY_CARDS_KEY]: '{}' });
    const reader = { getItem: (key: string) => storage.store.get(key) ?? null };
    expect(hasKeptPayCards(reader)).toBe(true);
    clearUserData(storage);
    expect(hasKeptPayCards(reader)).toBe(false);
  });

  it('answers no when storage is refused', () => {
    expect(
      hasKeptPayCards({
        getItem: () => {
          throw new Error('refused');
        },
      }),
    ).toBe(false);
  });
});
