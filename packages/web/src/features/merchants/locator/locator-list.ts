import type { TFunction } from 'i18next';
import { displayPhone } from '../../../lib/person';
import type { LocatorMerchant } from './api';

/** A locator row with its number in the whole list (1 is the nearest): the list and its pin show the same number. */
export interface NumberedMerchant extends LocatorMerchant {
  number: number;
}

export function numberMerchants(rows: readonly LocatorMerchant[]): NumberedMerchant[] {
  return rows.map((row, index) => ({ ...row, number: index + 1 }));
}

/** The rows of one zero-based page (the pins drawn are the page's, so they match what the list shows). */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const last = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shown = Math.min(Math.max(0, page), last);
  return rows.slice(shown * pageSize, (shown + 1) * pageSize);
}

/**
 * B§2: distance in miles, to a tenth ('0.4 miles', '1.0 mile' reads oddly, so one is 'mile' only when exactly 1).
 * With the page's `t`, in its language ('0.4 millas'); English without it.
 */
export function formatMiles(distance: number, t?: TFunction): string {
  const rounded = Math.round(distance * 10) / 10;
  const one = rounded === 1;
  if (t) return t(one ? 'locator.mile' : 'locator.miles', { distance: rounded.toFixed(1) });
  return `${rounded.toFixed(1)} ${one ? 'mile' : 'miles'}`;
}

/** The address on one line: street, suite, city, 'ST 12345', leaving out what the merchant has not given. */
export function addressLine(row: Pick<LocatorMerchant, 'addressOne' | 'addressTwo' | 'city' | 'stateId' | 'zipCode'>) {
  const stateZip = [row.stateId, row.zipCode].filter((part) => part && part.trim()).join(' ');
  return [row.addressOne, row.addressTwo, row.city, stateZip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** The phone as the other screens show it (digits are stored). */
export function phoneText(row: Pick<LocatorMerchant, 'mobilePhone'>): string {
  return displayPhone(row.mobilePhone);
}

/** How a pin is named for the keyboard and screen readers: its number, the merchant and how far it is. */
export function markerLabel(row: NumberedMerchant, t?: TFunction): string {
  return `${row.number}. ${row.merchantName}, ${formatMiles(row.distance, t)}`;
}
