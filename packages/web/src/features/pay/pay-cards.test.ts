import { beforeEach, describe, expect, it } from 'vitest';
import { clearUserData } from '../../lib/device-data';
import { loadPayCard, savePayCards } from './pay-cards';

// The cards the Pay screen shows offline (decision 0108). The web project runs in node: a Map stands in for storage.

const store = new Map<string, string>();
const storage = {
  get length() {
    return store.size;
  },
  key: (i: number) => [...store.keys()][i] ?? null,
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
} as unknown as Storage;
beforeEach(() => {
  store.clear();
  globalThis.localStorage = storage;
});

const card = { panId: 7, last4: '4321', programName: 'Farmers Market Bucks', balance: 12.5 };

describe('the kept pay cards', () => {
  it('answers a card as last read, for its user or for whoever is signed in when offline', () => {
    savePayCards('user-1', [card], new Date('2026-12-06T10:00:00Z'));
    expect(loadPayCard(7, 'user-1')).toEqual({ readAt: '2026-12-06T10:00:00.000Z', card });
    expect(loadPayCard(7)).toEqual({ readAt: '2026-12-06T10:00:00.000Z', card });
    expect(loadPayCard(7, 'user-2')).toBeNull();
    expect(loadPayCard(8, 'user-1')).toBeNull();
  });

  it('keeps no card number or name, ignores bad content, and is cleared by signing out', () => {
    savePayCards('user-1', [card]);
    expect([...store.values()].join()).not.toMatch(/\d{10}/);
    store.set('ebt.recipient.payCards', '{"cards": 3}');
    expect(loadPayCard(7)).toBeNull();
    savePayCards('user-1', [card]);
    clearUserData(storage);
    expect(loadPayCard(7)).toBeNull();
  });
});
