import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableDateMax,
  daysBetween,
  displayDate,
  expirationFromDays,
  expiryMarker,
  isIsoDate,
  localDateTime,
  searchDateMax,
  timeZoneName,
  todayIn,
} from './dates.js';
import { maskPan } from './pan.js';

describe('isIsoDate', () => {
  it('takes real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('2023-1-01')).toBe(false);
    expect(isIsoDate('2023-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2023-04-31')).toBe(false);
    expect(isIsoDate('2023-00-10')).toBe(false);
    expect(isIsoDate('2023-01-00')).toBe(false);
  });

  it('answers as the Date round trip it replaced, for every shape of YYYY-MM-DD', () => {
    const roundTrip = (text: string) => {
      const [y, m, d] = text.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === text;
    };
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const year = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));
    fc.assert(
      fc.property(year, two, two, (y, m, d) => {
        const text = `${y}-${m}-${d}`;
        expect(isIsoDate(text)).toBe(roundTrip(text));
      }),
      { numRuns: 20_000 },
    );
    // 20,000 generated dates: about a second alone, several on a machine shared with a browser run.
  }, 30_000);
});

describe('addDays and daysBetween', () => {
  it('crosses months, years and DST changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2024-01-02', '2024-01-01')).toBe(-1);
  });
});

describe('todayIn', () => {
  it("takes the date in the program's time zone", () => {
    const now = new Date('2024-07-01T02:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2024-06-30');
    expect(todayIn('UTC', now)).toBe('2024-07-01');
  });
});

describe('expiryMarker', () => {
  const today = '2024-05-01';

  it('marks a past date expired', () => {
    expect(expiryMarker('2024-04-30', today)).toBe('expired');
  });

  it('marks today through 14 days ahead as expiring soon', () => {
    expect(expiryMarker(today, today)).toBe('expiring soon');
    expect(expiryMarker('2024-05-15', today)).toBe('expiring soon');
  });

  it('leaves 15 days ahead unmarked', () => {
    expect(expiryMarker('2024-05-16', today)).toBeNull();
  });
});

describe('expirationFromDays', () => {
  it('counts the available day as the first day', () => {
    expect(expirationFromDays('2024-05-01', 1)).toBe('2024-05-01');
    expect(expirationFromDays('2024-05-01', 30)).toBe('2024-05-30');
  });

  it('gives no default for 0 days', () => {
    expect(expirationFromDays('2024-05-01', 0)).toBeNull();
  });
});

describe('date maximums', () => {
  it('uses the last issuance date, or else today plus 366 days', () => {
    expect(availableDateMax('2024-01-01', '2024-03-01')).toBe('2024-03-01');
    expect(availableDateMax('2024-01-01', null)).toBe('2025-01-01');
    expect(availableDateMax('2024-01-01', '')).toBe('2025-01-01');
  });

  it('allows searches up to today plus 183 days', () => {
    expect(searchDateMax('2024-01-01')).toBe('2024-07-02');
  });
});

describe('maskPan', () => {
  it("shows '*' and the last four digits", () => {
    expect(maskPan('1234567890123456789')).toBe('*6789');
    expect(maskPan('')).toBe('');
    expect(maskPan(null)).toBe('');
  });
});

describe('displayDate', () => {
  it('shows a date-only value as written, in any time zone and format', () => {
    expect(displayDate('2024-03-01', undefined, 'Pacific/Honolulu')).toEqual({
      text: '2024-03-01',
      dateTime: '2024-03-01',
    });
    expect(displayDate('2024-03-01', 'datetime', 'Asia/Tokyo')).toEqual({ text: '2024-03-01', dateTime: '2024-03-01' });
  });

  it('shows an instant in the given time zone with seconds', () => {
    expect(displayDate('2024-07-01T02:30:05Z', undefined, 'America/New_York')).toEqual({
      text: '2024-06-30 22:30:05',
      dateTime: '2024-07-01T02:30:05.000Z',
      instant: true,
    });
    expect(displayDate('2024-07-01T02:30:05+02:00', 'datetime', 'UTC')?.text).toBe('2024-07-01 00:30:05');
  });

  it("takes an instant's local date for the date format", () => {
    expect(displayDate('2024-07-01T02:30:05Z', 'date', 'America/New_York')).toEqual({
      text: '2024-06-30',
      dateTime: '2024-06-30',
      instant: true,
    });
  });

  it('shows midnight as 00, not 24', () => {
    expect(displayDate('2024-01-01T05:00:00Z', 'datetime', 'America/New_York')?.text).toBe('2024-01-01 00:00:00');
  });

  it('takes Date objects and a space between date and time', () => {
    expect(displayDate(new Date('2024-01-02T03:04:05Z'), undefined, 'UTC')?.text).toBe('2024-01-02 03:04:05');
    expect(displayDate('2024-01-02 03:04:05Z', undefined, 'UTC')?.text).toBe('2024-01-02 03:04:05');
  });

  it('answers null for empty values and keeps unreadable text without a dateTime', () => {
    expect(displayDate(null)).toBeNull();
    expect(displayDate(undefined)).toBeNull();
    expect(displayDate('  ')).toBeNull();
    expect(displayDate('2023-02-30')).toEqual({ text: '2023-02-30' });
    expect(displayDate('soon')).toEqual({ text: 'soon' });
  });
});

describe('localDateTime', () => {
  it("writes an instant as the zone's wall clock with the zone's offset at that instant", () => {
    expect(localDateTime('2026-12-04T23:00:00.000Z', 'America/New_York')).toEqual({
      text: '2026-12-04T18:00:00-05:00',
      wall: '2026-12-04T18:00:00',
    });
    expect(localDateTime(new Date('2026-07-04T03:30:09.999Z'), 'America/New_York')?.text).toBe(
      '2026-07-03T23:30:09-04:00',
    );
    expect(localDateTime('2026-01-01T00:00:00Z', 'UTC')?.text).toBe('2026-01-01T00:00:00+00:00');
    expect(localDateTime('2026-01-01T00:00:00Z', 'Asia/Kolkata')?.text).toBe('2026-01-01T05:30:00+05:30');
    expect(localDateTime('2026-11-01T06:30:00Z', 'America/New_York')?.text).toBe('2026-11-01T01:30:00-05:00');
    expect(localDateTime('2026-11-01T05:30:00Z', 'America/New_York')?.text).toBe('2026-11-01T01:30:00-04:00');
  });

  it('answers null for what is not an instant', () => {
    expect(localDateTime('not a time', 'UTC')).toBeNull();
  });

  it('names the same instant it was given', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(
          'UTC',
          'America/New_York',
          'America/Los_Angeles',
          'Pacific/Honolulu',
          'Asia/Kolkata',
          'Australia/Lord_Howe',
        ),
        (instant, zone) => {
          const text = localDateTime(instant, zone)!.text;
          expect(Date.parse(text)).toBe(Math.floor(instant.getTime() / 1000) * 1000);
        },
      ),
    );
  });
});

describe('timeZoneName', () => {
  it('names a zone as people say it, with its city, in English and Spanish', () => {
    expect(timeZoneName('America/Chicago')).toBe('Central Time (Chicago)');
    expect(timeZoneName('America/New_York', 'es-US')).toBe('hora oriental (New York)');
    expect(timeZoneName('America/Phoenix')).toBe('Mountain Standard Time (Phoenix)');
  });

  it('keeps the id of a zone without a name, and of an unknown one', () => {
    expect(timeZoneName('UTC')).toBe('UTC');
    expect(timeZoneName('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });
});
