import { describe, expect, it } from 'vitest';
import { clearUserData, USER_DATA_PREFIX } from './device-data';

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
