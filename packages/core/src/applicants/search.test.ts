import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { applicantSearchCriteria, ApplicantSearchQuery, hasApplicantSearchCriterion } from './search.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('ApplicantSearchQuery (B§5 "Applicant search")', () => {
  it('takes names up to 100, e-mail up to 255 and phone up to 20 characters', () => {
    expect(
      ApplicantSearchQuery.safeParse({
        firstname: 'x'.repeat(100),
        lastname: 'y'.repeat(100),
        email: 'e'.repeat(255),
        mobilePhone: '1'.repeat(20),
        programId: '7',
      }).data,
    ).toEqual({
      firstname: 'x'.repeat(100),
      lastname: 'y'.repeat(100),
      email: 'e'.repeat(255),
      mobilePhone: '1'.repeat(20),
      programId: 7,
    });
  });

  it('refuses each text one past its limit with the length message', () => {
    for (const [field, max] of [
      ['firstname', 100],
      ['lastname', 100],
      ['email', 255],
      ['mobilePhone', 20],
    ] as const) {
      expect(messages(ApplicantSearchQuery.safeParse({ [field]: 'a'.repeat(max + 1) })), field).toEqual([
        `Must be at most ${max} characters.`,
      ]);
    }
  });

  it('reads an empty program as none and refuses one that is not a positive whole number', () => {
    expect(ApplicantSearchQuery.parse({ programId: '' }).programId).toBe('');
    for (const programId of ['abc', '0', '-1', '1.5']) {
      expect(ApplicantSearchQuery.safeParse({ programId }).success, programId).toBe(false);
    }
  });
});

describe('applicantSearchCriteria and hasApplicantSearchCriterion', () => {
  it('trims, drops empty values and keeps only the digits of the phone', () => {
    expect(
      applicantSearchCriteria({
        firstname: ' Ann ',
        lastname: '',
        email: '  ',
        mobilePhone: '(860) 555-01',
        programId: '',
      }),
    ).toEqual({ firstname: 'Ann', mobilePhone: '86055501' });
  });

  it('needs a name, e-mail, phone or program (A§5 text: at least one field)', () => {
    expect(hasApplicantSearchCriterion({})).toBe(false);
    expect(hasApplicantSearchCriterion({ firstname: ' ', mobilePhone: '() -', programId: '' })).toBe(false);
    expect(hasApplicantSearchCriterion({ lastname: 'P' })).toBe(true);
    expect(hasApplicantSearchCriterion({ mobilePhone: '860' })).toBe(true);
    expect(hasApplicantSearchCriterion({ programId: 3 })).toBe(true);
    expect(MESSAGES.AT_LEAST_ONE_FIELD).toBe('At least one field must be entered.');
  });
});
