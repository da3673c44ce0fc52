import type { FarmerMerchant } from '@ebt/core/farmer';
import { useSyncExternalStore } from 'react';
import { useFarmerMerchants } from './api';

// Which merchant the farmer user sells for now (a person may sell for several: a farmer who also minds a neighbour's
// stall). Remembered on the device, so the phone opens on the stall it sold for last; the server still answers only
// the caller's merchants, so a stale choice is merely not found and falls back to the first.

const KEY = 'marketlink.merchant';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return memory;
  }
}
let memory: string | null = null;

/** Chooses the merchant to sell for; every screen that reads it follows. */
export function chooseMerchant(merchantUuid: string): void {
  memory = merchantUuid;
  try {
    window.localStorage.setItem(KEY, merchantUuid);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice among `merchants`, else the first of them; null when there is none. */
export function pickMerchant(merchants: readonly FarmerMerchant[], chosen: string | null): FarmerMerchant | null {
  return merchants.find((m) => m.merchantUuid === chosen) ?? merchants[0] ?? null;
}

/**
 * The merchants of the caller and the one they sell for now. `merchant` is null while loading, on an error (the
 * query's), or when no merchant is linked to the user any more.
 */
export function useCurrentMerchant() {
  const query = useFarmerMerchants();
  const chosen = useSyncExternalStore(subscribe, read, () => null);
  const merchants = query.data ?? [];
  return { query, merchants, merchant: pickMerchant(merchants, chosen), choose: chooseMerchant };
}
