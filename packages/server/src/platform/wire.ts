import { toCents } from '@ebt/core/format';

/**
 * Money crosses the wire as a JSON number with at most two decimals (docs/decisions/0004-money-on-the-wire.md);
 * the database gives numeric(12,2) as text, converted through integer cents so no float arithmetic happens.
 */
export function moneyOut(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return toCents(value) / 100;
}
