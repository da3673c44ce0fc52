import { describe, expect, it } from 'vitest';
import { bankingDayAfter, federalReserveHolidays, isBankingDay } from './banking-days.js';

// The Federal Reserve's holiday schedule, 2026-2030, as it publishes it (written out by hand, not by the rule): a
// Saturday holiday has no closure (Jul 4 2026, Jun 19 and Dec 25 2027, Jan 1 and Nov 11 2028), a Sunday one closes the
// Monday after (Jul 5 2027, Nov 12 2029).
const PUBLISHED: Record<number, string[]> = {
  2026: ['01-01', '01-19', '02-16', '05-25', '06-19', '09-07', '10-12', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '07-05', '09-06', '10-11', '11-11', '11-25'],
  2028: ['01-17', '02-21', '05-29', '06-19', '07-04', '09-04', '10-09', '11-23', '12-25'],
  2029: ['01-01', '01-15', '02-19', '05-28', '06-19', '07-04', '09-03', '10-08', '11-12', '11-22', '12-25'],
  2030: ['01-01', '01-21', '02-18', '05-27', '06-19', '07-04', '09-02', '10-14', '11-11', '11-28', '12-25'],
};

describe('Federal Reserve banking days', () => {
  it('closes on the published holidays of 2026-2030, observed dates included', () => {
    for (const [year, days] of Object.entries(PUBLISHED))
      expect(federalReserveHolidays(Number(year)), year).toEqual(days.map((d) => `${year}-${d}`));
  });

  it('is open on weekdays but holidays, closed on weekends', () => {
    expect(isBankingDay('2026-12-07')).toBe(true); // a Monday
    expect(isBankingDay('2026-12-05')).toBe(false); // Saturday
    expect(isBankingDay('2026-12-06')).toBe(false); // Sunday
    expect(isBankingDay('2026-12-25')).toBe(false); // Christmas, a Friday
    expect(isBankingDay('2026-07-03')).toBe(true); // the Friday before a Saturday Independence Day
    expect(isBankingDay('2027-07-05')).toBe(false); // Independence Day on a Sunday, observed Monday
  });

  it('gives the next banking day: never a weekend, past a Monday holiday, with lead days', () => {
    expect(bankingDayAfter('2026-12-04')).toBe('2026-12-07'); // a Friday close settles Monday, not Saturday
    expect(bankingDayAfter('2026-12-05')).toBe('2026-12-07'); // nor Sunday
    expect(bankingDayAfter('2026-01-16')).toBe('2026-01-20'); // Friday before Martin Luther King Day: Tuesday
    expect(bankingDayAfter('2026-11-25')).toBe('2026-11-27'); // Wednesday before Thanksgiving: Friday
    expect(bankingDayAfter('2026-12-24')).toBe('2026-12-28'); // Christmas Eve: the Monday after
    expect(bankingDayAfter('2026-12-04', 2)).toBe('2026-12-08');
    expect(bankingDayAfter('2029-11-09', 1)).toBe('2029-11-13'); // Friday before Veterans Day observed Monday
  });
});
