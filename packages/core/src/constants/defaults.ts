// Defaults of A§9 and B§9 that are neither limits nor durations.

/** A§3/A§9. */
export const DEFAULT_CREATION_CHANNEL = 'API';

/** B§9 map zoom levels. */
export const MAP_ZOOM_TRANSACTION = 16;
export const MAP_ZOOM_LOCATOR = 10;
/**
 * B§7: the locator falls back to "a default point in the south-central United States" when the browser position
 * fails; ours: Oklahoma City.
 */
export const DEFAULT_MAP_CENTER = { latitude: 35.4676, longitude: -97.5164 } as const;
/**
 * The locator's radius steps in miles (decision 0114; the specification names none). The last is the locator's
 * reach (decision 0022: within 100 miles); the screen starts at the first and 'Search a wider area' takes the next.
 */
export const LOCATOR_RADIUS_STEPS = [25, 50, 100] as const;
export type LocatorRadius = (typeof LOCATOR_RADIUS_STEPS)[number];
export const LOCATOR_MAX_RADIUS: LocatorRadius = 100;

/** B§9 dashboard: YTD on the main filter, last 30 days per chart until data is retrieved. */
export const DASHBOARD_DEFAULT_DATE_RANGE = 'YTD';
export const DASHBOARD_CHART_DEFAULT_DATE_RANGE = '30';

/**
 * B§9: a new program's card settings: issuer number, account number length 9, expiration, three service codes and
 * the secret keys, left blank (an administrator sets them; they are never shipped in code). The issuer number is
 * the program's own.
 */
export function defaultProgramConfiguration(issuerNumber: string): string {
  return JSON.stringify({
    issuerNumber,
    accountNumberLength: '9',
    expirationDate: '4Y',
    serviceCode1: '101',
    serviceCode2: '120',
    serviceCode3: '201',
    qrSigningKey: '',
    pinOffsetKey: '',
  });
}
