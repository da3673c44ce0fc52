import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { USERNAME_PATTERN } from '../validation/patterns.js';
import { RECIPIENT_MESSAGES } from './messages.js';
import {
  hasRecipientSearchCriterion,
  isSameAgencyMove,
  nextRecipientIdentifier,
  recipientSearchCriteria,
  recipientUsernameCandidates,
} from './rules.js';
import {
  AddRecipientBody,
  MoveRecipientBody,
  RecipientFormValues,
  RecipientSearchQuery,
  UpdateRecipientBody,
} from './schemas.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const form = {
  firstname: 'Ann',
  middlename: '',
  lastname: 'Lee',
  address1: '1 Main St',
  address2: null,
  city: 'Hartford',
  stateCode: 'ct',
  zipcode: '06103',
  email: 'ann@example.com',
  mobilePhone: '203-555-0100',
  cardIssuanceCode: false,
};

describe('recipient search criteria', () => {
  it('trims, drops empty values and reduces the phone to digits', () => {
    expect(
      recipientSearchCriteria({ lastname: '  Lee ', firstname: '', email: undefined, mobilePhone: '(203) 555-01' }),
    ).toEqual({
      lastname: 'Lee',
      mobilePhone: '20355501',
    });
  });

  it("needs one of Account ID, names, e-mail and phone ('At least one field must be entered.')", () => {
    expect(hasRecipientSearchCriterion({})).toBe(false);
    expect(hasRecipientSearchCriterion({ programUuid: 'x', agencyUuid: 'y' })).toBe(false);
    expect(hasRecipientSearchCriterion({ mobilePhone: '() -' })).toBe(false);
    expect(hasRecipientSearchCriterion({ lastname: '  ' })).toBe(false);
    for (const key of ['recipientIdentifier', 'firstname', 'lastname', 'email', 'mobilePhone']) {
      expect(hasRecipientSearchCriterion({ [key]: '5' })).toBe(true);
    }
  });

  it('takes each limit of part 1 §5 and refuses one more', () => {
    const limits = { recipientIdentifier: 20, firstname: 100, lastname: 100, email: 255, mobilePhone: 20 };
    for (const [key, max] of Object.entries(limits)) {
      expect(RecipientSearchQuery.safeParse({ [key]: 'a'.repeat(max) }).success).toBe(true);
      expect(messagesOf(RecipientSearchQuery, { [key]: 'a'.repeat(max + 1) })).toEqual([
        `${key}: Must be at most ${max} characters.`,
      ]);
    }
  });

  it('defaults the page size to 2000, caps it there and pages from 0', () => {
    expect(RecipientSearchQuery.parse({})).toMatchObject({ pageSize: 2000, page: 0 });
    expect(RecipientSearchQuery.parse({ pageSize: '5000', page: '3' })).toMatchObject({ pageSize: 2000, page: 3 });
    expect(RecipientSearchQuery.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(RecipientSearchQuery.safeParse({ page: '-1' }).success).toBe(false);
    expect(RecipientSearchQuery.safeParse({ programUuid: '' }).success).toBe(true);
    expect(RecipientSearchQuery.safeParse({ programUuid: 'nope' }).success).toBe(false);
  });
});

describe('recipient form', () => {
  it('accepts a valid form and upper-cases the state', () => {
    expect(RecipientFormValues.parse(form).stateCode).toBe('CT');
  });

  it('applies each rule of part 1 §5 at its bound', () => {
    const ok = (patch: Record<string, unknown>) => RecipientFormValues.safeParse({ ...form, ...patch }).success;
    expect(ok({ firstname: 'a'.repeat(100), lastname: 'b'.repeat(100) })).toBe(true);
    expect(ok({ firstname: 'a'.repeat(101) })).toBe(false);
    expect(ok({ lastname: '' })).toBe(false);
    expect(ok({ middlename: 'Q' })).toBe(true);
    expect(ok({ middlename: 'QR' })).toBe(false);
    expect(ok({ address1: 'a'.repeat(60), address2: 'b'.repeat(60), city: 'c'.repeat(60) })).toBe(true);
    expect(ok({ address1: 'a'.repeat(61) })).toBe(false);
    expect(ok({ address2: 'a'.repeat(61) })).toBe(false);
    expect(ok({ city: '' })).toBe(false);
    expect(ok({ stateCode: '' })).toBe(false);
    expect(ok({ stateCode: 'PR' })).toBe(false);
    expect(ok({ zipcode: '06103-1234' })).toBe(true);
    expect(ok({ zipcode: '6103' })).toBe(false);
    expect(ok({ email: `${'a'.repeat(243)}@example.com` })).toBe(true); // 255
    expect(ok({ email: `${'a'.repeat(244)}@example.com` })).toBe(false); // 256
    expect(ok({ email: 'ann@' })).toBe(false);
    expect(ok({ mobilePhone: '2035550100' })).toBe(true);
    expect(ok({ mobilePhone: '203 555 010' })).toBe(false);
    expect(messagesOf(RecipientFormValues, { ...form, email: 'x' })).toEqual([`email: ${MESSAGES.INVALID_EMAIL}`]);
    expect(messagesOf(RecipientFormValues, { ...form, stateCode: 'XX' })).toEqual([
      `stateCode: ${MESSAGES.STATE_REQUIRED}`,
    ]);
  });

  it('needs a program on add and defaults the channel to API and card issuance to false', () => {
    const { cardIssuanceCode: _omit, ...withoutCard } = form;
    const parsed = AddRecipientBody.parse({ ...withoutCard, programUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' });
    expect(parsed).toMatchObject({ creationChannel: 'API', cardIssuanceCode: false });
    expect(AddRecipientBody.safeParse(form).success).toBe(false);
  });
});

describe('update body', () => {
  const accountUuid = '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

  it('is a status change with only accountUuid and accountStatusId 0 or 1', () => {
    expect(UpdateRecipientBody.safeParse({ accountUuid, accountStatusId: 1 }).success).toBe(true);
    expect(UpdateRecipientBody.safeParse({ accountUuid, accountStatusId: 0 }).success).toBe(true);
    expect(messagesOf(UpdateRecipientBody, { accountUuid, accountStatusId: 2 })).toEqual([
      `accountStatusId: ${RECIPIENT_MESSAGES.ACCOUNT_STATUS_INVALID}`,
    ]);
    expect(messagesOf(UpdateRecipientBody, { accountUuid })).toEqual([`: ${RECIPIENT_MESSAGES.NOTHING_TO_UPDATE}`]);
  });

  it('is a form save once a field is sent, needing every required field', () => {
    expect(UpdateRecipientBody.safeParse({ accountUuid, ...form }).success).toBe(true);
    expect(messagesOf(UpdateRecipientBody, { accountUuid, firstname: 'Ann' })).toEqual(
      ['lastname', 'address1', 'city', 'stateCode', 'zipcode', 'email', 'mobilePhone'].map(
        (k) => `${k}: ${MESSAGES.FIELD_REQUIRED}`,
      ),
    );
  });
});

describe('move', () => {
  it('compares agencies regardless of case', () => {
    expect(isSameAgencyMove('ABC', 'abc')).toBe(true);
    expect(isSameAgencyMove(null, 'abc')).toBe(false);
    expect(
      MoveRecipientBody.safeParse({ accountUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', toAgency: '' }).success,
    ).toBe(false);
  });
});

describe('Account IDs and usernames', () => {
  it('counts 8-digit Account IDs from 10000001 and stops at the end of the range', () => {
    expect(nextRecipientIdentifier(null)).toBe('10000001');
    expect(nextRecipientIdentifier('10000041')).toBe('10000042');
    expect(nextRecipientIdentifier('ABC')).toBe('10000001');
    expect(nextRecipientIdentifier('99999999')).toBeNull();
  });

  it('builds usernames that follow the username rule, the Account ID making them unique', () => {
    const candidates = recipientUsernameCandidates('Margaret', 'Kowalski', '10000001');
    expect(candidates[0]).toBe('mkowalski10000001');
    expect(new Set(candidates).size).toBe(candidates.length);
    for (const [first, last, id] of [
      ['José', "O'Brien-Núñez", '10000001'],
      ['', '李', '10000002'],
      ['A', 'Averyveryveryverylonglastname', '12345678'],
      ['9', '42', '1'],
    ] as const) {
      for (const name of recipientUsernameCandidates(first, last, id)) expect(name).toMatch(USERNAME_PATTERN);
    }
    expect(recipientUsernameCandidates('José', "O'Brien", '10000001')[0]).toBe('jobrien10000001');
  });
});
