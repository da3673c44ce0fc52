import { USERNAME_PATTERN } from '../validation/patterns.js';

// A farmer user's username (decision 0109): nobody types one when staff invite a person, so the server derives it from
// the e-mail. The result always passes the sign-in form's rule (USERNAME_PATTERN: a letter, then 7 to 19 letters or
// digits), so the person can sign in with it as any user does.

const MIN = 8;
const MAX = 20;
/** Room left for the digits that make a username unique (up to 9999 people with the same e-mail name). */
const BASE_MAX = MAX - 4;

/** The e-mail's local part, letters and digits only, lower case, starting with a letter ('farmer' when none is left). */
export function usernameBase(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@'))).toLowerCase();
  const kept = local.replace(/[^a-z0-9]/g, '').replace(/^[0-9]+/, '');
  return (kept || 'farmer').slice(0, BASE_MAX);
}

/**
 * The `n`th candidate for a base: the base itself (n = 0) when long enough, else the base with the digits of n,
 * padded with zeros to the shortest username allowed ('jo' gives 'jo000000', 'jo000001', …).
 */
export function usernameCandidate(base: string, n: number): string {
  const digits = n === 0 ? '' : String(n);
  const short = MIN - base.length - digits.length;
  return short > 0 ? `${base}${'0'.repeat(short)}${digits}` : `${base}${digits}`;
}

/** The first candidate of the e-mail's base that `taken` (lower-cased usernames) does not hold. */
export function freeUsername(email: string, taken: ReadonlySet<string>): string {
  const base = usernameBase(email);
  for (let n = 0; ; n++) {
    const candidate = usernameCandidate(base, n);
    if (!taken.has(candidate) && USERNAME_PATTERN.test(candidate)) return candidate;
  }
}
