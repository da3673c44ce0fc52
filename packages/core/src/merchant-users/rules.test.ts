import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '../validation/patterns.js';
import { freeUsername, usernameBase, usernameCandidate } from './rules.js';

describe('a farmer user’s username from their e-mail', () => {
  it('keeps the local part’s letters and digits, lower case, starting with a letter', () => {
    expect(usernameBase('Maria.Lopez-2@Example.com')).toBe('marialopez2');
    expect(usernameBase('123abc@example.com')).toBe('abc');
    expect(usernameBase('__@example.com')).toBe('farmer');
    expect(usernameBase('averyveryverylongmailboxname@example.com')).toBe('averyveryverylon');
  });

  it('pads a short base with zeros to the shortest username, then counts', () => {
    expect(usernameCandidate('jo', 0)).toBe('jo000000');
    expect(usernameCandidate('jo', 12)).toBe('jo000012');
    expect(usernameCandidate('marialopez', 0)).toBe('marialopez');
    expect(usernameCandidate('marialopez', 3)).toBe('marialopez3');
  });

  it('answers the first free candidate, always one the sign-in form accepts', () => {
    expect(freeUsername('maria.lopez@example.com', new Set())).toBe('marialopez');
    expect(freeUsername('maria.lopez@example.com', new Set(['marialopez', 'marialopez1']))).toBe('marialopez2');
    expect(freeUsername('jo@example.com', new Set(['jo000000']))).toBe('jo000001');
    for (const email of ['a@b.co', '9@b.co', 'averyveryverylongmailboxname@example.com', 'x.y@b.co'])
      expect(freeUsername(email, new Set())).toMatch(USERNAME_PATTERN);
  });
});
