import { describe, expect, it } from 'vitest';
import { shownDateText, typedDateValue } from './date-input';

describe('date field text', () => {
  it('shows a date as YYYY-MM-DD in English and day first in Spanish', () => {
    expect(shownDateText('2026-11-23', 'en')).toBe('2026-11-23');
    expect(shownDateText('2026-11-23', 'es')).toBe('23/11/2026');
  });

  it('shows text still being typed as it is', () => {
    expect(shownDateText('23/11', 'es')).toBe('23/11');
    expect(shownDateText('2026-1', 'en')).toBe('2026-1');
  });

  it('reads a day-first date typed on a Spanish page as YYYY-MM-DD', () => {
    expect(typedDateValue('23/11/2026', 'es')).toBe('2026-11-23');
    expect(typedDateValue(' 3/1/2026 ', 'es')).toBe('2026-01-03');
    expect(shownDateText(typedDateValue('23/11/2026', 'es'), 'es')).toBe('23/11/2026');
  });

  it('leaves other text for the form to judge', () => {
    expect(typedDateValue('23/11/2026', 'en')).toBe('23/11/2026');
    expect(typedDateValue('23/11/20', 'es')).toBe('23/11/20');
    expect(typedDateValue('2026-11-23', 'es')).toBe('2026-11-23');
  });
});
