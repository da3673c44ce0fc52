import { beforeEach, describe, expect, it } from 'vitest';
import { clearBalances, loadBalances, saveBalances } from './offline-balances';

// The last balances kept for offline use (decision 0051). The web project runs in node: a Map stands in for storage.

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as unknown as Storage;
});

const card = {
  programUuid: '0b5e6a8e-2f1c-4a51-9a51-5f6f2a1d9c11',
  programName: 'Farmers Market',
  programId: 1,
  recipientIdentifier: '10000001',
  totalAmount: 12.5,
  upcomingAmount: 0,
  soonestExpirationDate: '2026-12-20',
  expiringSoon: true,
};
const USER = '4f3c1c9e-51b2-4b8e-9d6a-1f0c2e7a9b10';

describe('offline balances', () => {
  it('keeps the cards with their read time, for their user only, until cleared', () => {
    saveBalances(USER, [card], new Date('2026-11-26T15:00:00Z'));
    expect(loadBalances(USER)).toEqual({ readAt: '2026-11-26T15:00:00.000Z', userUuid: USER, cards: [card] });
    expect(loadBalances('9a0e7c55-0000-4000-8000-000000000000')).toBeNull();
    expect(loadBalances()?.cards).toEqual([card]);
    clearBalances();
    expect(loadBalances()).toBeNull();
  });

  it('ignores what is not a stored set of balances', () => {
    store.set('ebt.recipient.lastBalances', '{"cards": "nope"}');
    expect(loadBalances()).toBeNull();
    store.set('ebt.recipient.lastBalances', 'not json');
    expect(loadBalances()).toBeNull();
  });
});
