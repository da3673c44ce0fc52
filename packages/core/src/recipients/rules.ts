import { USERNAME_MAX, USERNAME_MIN } from '../constants/limits.js';
import { phoneDigits } from '../validation/patterns.js';

// Pure rules of the recipients area (part 1 §4, §5, §9; docs/decisions/0009-recipient-rules.md). The server and the
// web forms apply the same ones.

/**
 * The most rows a recipient search counts. Counting stops one past it (a LIMIT subquery), so a broad search over
 * millions of accounts costs a bounded index walk; the answer then says `countCapped: true` and `totalCount` equals
 * this cap. Pages past the cap answer no rows: a person narrows the search instead of paging 5,000 pages.
 */
export const RECIPIENT_SEARCH_COUNT_CAP = 10_000;

/** The most rows one recipient export holds (architecture.md "export sizes are capped"). */
export const RECIPIENT_EXPORT_ROW_CAP = 100_000;

/** Generated Account IDs are 8 digits, sequential per program, from this one (the demo set starts there too). */
export const RECIPIENT_IDENTIFIER_FIRST = 10_000_001;
export const RECIPIENT_IDENTIFIER_LAST = 99_999_999;
export const RECIPIENT_IDENTIFIER_PATTERN = /^[1-9][0-9]{7}$/;

/** The text criteria of the recipient search; program and agency only narrow a search (they are preselected). */
export const RECIPIENT_SEARCH_CRITERIA = [
  'recipientIdentifier',
  'firstname',
  'lastname',
  'email',
  'mobilePhone',
] as const;
export type RecipientSearchCriterion = (typeof RECIPIENT_SEARCH_CRITERIA)[number];

export interface RecipientSearchCriteria {
  recipientIdentifier?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  /** Digits only (part 1 §5: the mobile phone is stripped to digits). */
  mobilePhone?: string;
  programUuid?: string;
  agencyUuid?: string;
}

type SearchInput = Partial<Record<keyof RecipientSearchCriteria, string | null | undefined>>;

/**
 * The criteria a search form or query holds, trimmed, with empty values dropped and the phone reduced to its
 * digits. A phone of separators only counts as empty.
 */
export function recipientSearchCriteria(input: SearchInput): RecipientSearchCriteria {
  const text = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const phone = text(input.mobilePhone);
  const criteria: RecipientSearchCriteria = {
    recipientIdentifier: text(input.recipientIdentifier),
    firstname: text(input.firstname),
    lastname: text(input.lastname),
    email: text(input.email),
    mobilePhone: phone ? phoneDigits(phone) || undefined : undefined,
    programUuid: text(input.programUuid),
    agencyUuid: text(input.agencyUuid),
  };
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined)) as RecipientSearchCriteria;
}

/** Part 1 §5: at least one field must be entered ('At least one field must be entered.'). */
export function hasRecipientSearchCriterion(input: SearchInput): boolean {
  const criteria = recipientSearchCriteria(input);
  return RECIPIENT_SEARCH_CRITERIA.some((key) => criteria[key] !== undefined);
}

/** Part 1 §5: the target agency must differ from the current one. */
export function isSameAgencyMove(fromAgency: string | null | undefined, toAgency: string): boolean {
  return (fromAgency ?? '').toLowerCase() === toAgency.toLowerCase();
}

/**
 * The Account ID after the highest generated one of a program (8 digits, sequential); null when the 8-digit
 * range is used up. The caller holds the program's lock while it reads the highest one and inserts the next.
 */
export function nextRecipientIdentifier(highest: string | null | undefined): string | null {
  if (!highest || !RECIPIENT_IDENTIFIER_PATTERN.test(highest)) return String(RECIPIENT_IDENTIFIER_FIRST);
  const next = Number(highest) + 1;
  return next > RECIPIENT_IDENTIFIER_LAST ? null : String(next);
}

/** How many usernames a new recipient may be given before the add gives up (recipientUsernameCandidates). */
export const USERNAME_CANDIDATES = 12;

/**
 * Usernames to try, in order, for the portal user of a new recipient: the first initial and last name (letters and
 * digits only, lower case) followed by the Account ID, then the same with a suffix. Every candidate follows the
 * username rule of part 1 §5 (8 to 20 letters or digits starting with a letter). The database decides which one
 * is free (usernames are unique regardless of case).
 */
export function recipientUsernameCandidates(
  firstname: string,
  lastname: string,
  identifier: string,
  count = USERNAME_CANDIDATES,
): string[] {
  const letters = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
  let stem = letters(firstname).slice(0, 1) + letters(lastname);
  stem = stem.replace(/^[0-9]+/, '');
  if (!stem) stem = 'recipient';
  const digits = identifier.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  const candidates: string[] = [];
  for (let i = 0; candidates.length < count; i++) {
    const suffix = i === 0 ? '' : String(i + 1);
    const room = USERNAME_MAX - digits.length - suffix.length;
    let name = stem.slice(0, Math.max(1, room)) + digits + suffix;
    if (name.length > USERNAME_MAX) name = stem.slice(0, 1) + name.slice(-(USERNAME_MAX - 1));
    while (name.length < USERNAME_MIN) name += '0';
    if (!candidates.includes(name)) candidates.push(name);
  }
  return candidates;
}
