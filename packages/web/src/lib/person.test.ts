import { describe, expect, it } from 'vitest';
import { displayPhone, personName } from './person';

describe('a person on screen', () => {
  it('shows a phone and a name as people read them', () => {
    expect(displayPhone('8605550142')).toBe('(860) 555-0142');
    expect(displayPhone('555-0142')).toBe('555-0142');
    expect(displayPhone(null)).toBe('');
    expect(personName({ firstname: 'Margaret', middlename: 'A', lastname: 'Kowalski' })).toBe('Margaret A Kowalski');
    expect(personName({ firstname: 'Ann', middlename: null, lastname: 'Lee' })).toBe('Ann Lee');
  });
});
