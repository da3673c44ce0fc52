import { describe, expect, it } from 'vitest';
import type { LocatorMerchant } from './api';
import { addressLine, formatMiles, markerLabel, numberMerchants, pageRows } from './locator-list';

const merchant = (name: string, distance: number): LocatorMerchant => ({
  merchantUuid: `uuid-${name}`,
  merchantName: name,
  addressOne: '1 Main St',
  addressTwo: null,
  city: 'Tulsa',
  stateId: 'OK',
  zipCode: '74103',
  mobilePhone: '9185550100',
  email: null,
  distance,
  latitude: 36.15,
  longitude: -95.99,
});

describe('the locator list', () => {
  const rows = numberMerchants(Array.from({ length: 23 }, (_, i) => merchant(`M${i + 1}`, i * 1.25)));

  it('numbers the whole list from 1, so page 2 starts at 11 as its pins do', () => {
    expect(rows.map((r) => r.number).slice(0, 3)).toEqual([1, 2, 3]);
    expect(pageRows(rows, 1, 10).map((r) => r.number)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageRows(rows, 2, 10).map((r) => r.merchantName)).toEqual(['M21', 'M22', 'M23']);
  });

  it('shows the last page when asked for one past it, and nothing for no rows', () => {
    expect(pageRows(rows, 7, 10).map((r) => r.number)).toEqual([21, 22, 23]);
    expect(pageRows([], 0, 10)).toEqual([]);
  });

  it('gives distances in miles to a tenth', () => {
    expect(formatMiles(0.04)).toBe('0.0 miles');
    expect(formatMiles(1)).toBe('1.0 mile');
    expect(formatMiles(12.345)).toBe('12.3 miles');
  });

  it('writes the address on one line without the parts not given', () => {
    expect(addressLine(rows[0]!)).toBe('1 Main St, Tulsa, OK 74103');
    expect(
      addressLine({ addressOne: '2 Elm', addressTwo: ' Suite 4 ', city: null, stateId: null, zipCode: '73102' }),
    ).toBe('2 Elm, Suite 4, 73102');
  });

  it('names a pin by its number, the merchant and the distance', () => {
    expect(markerLabel(rows[2]!)).toBe('3. M3, 2.5 miles');
  });
});
