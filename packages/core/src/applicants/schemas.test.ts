import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { ApplicantBody, ApplicantFormValues, isApplicationOpen } from './schemas.js';

const valid = {
  firstname: 'Rosa',
  lastname: 'Parks',
  address1: '12 Elm Street',
  city: 'Hartford',
  stateId: 'CT',
  zipcode: '06103',
  email: 'rosa@example.com',
  mobilePhone: '860-555-0142',
  programId: 1,
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('ApplicantBody (A§5 online application)', () => {
  it('takes the applicant fields at their limits', () => {
    expect(ApplicantBody.safeParse(valid).success).toBe(true);
    expect(
      ApplicantBody.safeParse({
        ...valid,
        firstname: 'x'.repeat(100),
        lastname: 'x'.repeat(100),
        middlename: 'L',
        address1: 'x'.repeat(60),
        address2: 'x'.repeat(60),
        city: 'x'.repeat(60),
        zipcode: '06103-1234',
        email: `${'r'.repeat(243)}@example.com`,
      }).success,
    ).toBe(true);
  });

  it('refuses each field past its limit', () => {
    for (const change of [
      { firstname: 'x'.repeat(101) },
      { lastname: '' },
      { middlename: 'LL' },
      { address1: 'x'.repeat(61) },
      { address2: 'x'.repeat(61) },
      { city: '' },
      { zipcode: '0610' },
      { email: `${'r'.repeat(244)}@example.com` },
      { mobilePhone: '555-0142' },
    ]) {
      expect(ApplicantBody.safeParse({ ...valid, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });

  it('reads the state as an upper-case US code and says so when it is not one', () => {
    expect(ApplicantBody.parse({ ...valid, stateId: ' dc ' }).stateId).toBe('DC');
    expect(messages(ApplicantBody.safeParse({ ...valid, stateId: 'XX' }))).toEqual([MESSAGES.STATE_REQUIRED]);
  });
});

describe('ApplicantFormValues', () => {
  it('requires the agreement box with the quoted text', () => {
    expect(ApplicantFormValues.safeParse({ ...valid, agree: true }).success).toBe(true);
    expect(messages(ApplicantFormValues.safeParse({ ...valid, agree: false }))).toEqual([
      'You must agree to the above statements to submit the application.',
    ]);
  });
});

describe('isApplicationOpen', () => {
  it('is open only when active with at least one program (A§2)', () => {
    expect(isApplicationOpen({ active: true, programs: [{ programId: 1, programName: 'P' }] })).toBe(true);
    expect(isApplicationOpen({ active: false, programs: [{ programId: 1, programName: 'P' }] })).toBe(false);
    expect(isApplicationOpen({ active: true, programs: [] })).toBe(false);
  });
});
