import type { BenefitDetail } from '@ebt/core/benefits';
import { describe, expect, it } from 'vitest';
import { checkEdit, editValuesOf, updateRequest } from './edit-form';

const uuid = '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const benefit = {
  benefitUuid: uuid,
  benefitAuthorizationNumber: 'SF1',
  benefitAvailableDate: '2026-11-23',
  benefitExpirationDate: '2027-04-21',
  benefitBalance: 27.5,
  fundingId: 3,
  benefitOptionId: 2,
  benefitOptionTypeId: 1,
  notifiedRecipient: true,
  note: null,
  enableBenefitNote: false,
  maxBenefitAmount: 100,
  lastUpdatedDate: '2026-11-23T10:00:00.000Z',
} as BenefitDetail;

describe('the benefit edit form (A§5 "Edit")', () => {
  it('starts from the benefit and sends it back with its lastUpdatedDate, dates at 12:00, numbers as numbers', () => {
    const values = editValuesOf(benefit);
    expect(values).toMatchObject({ benefitBalance: '27.50', fundingId: '3', benefitOptionId: '2', note: '' });
    const body = updateRequest({ ...values, note: 'ignored' }, benefit);
    expect(body).toEqual({
      benefitUuid: uuid,
      benefitBalance: 27.5,
      benefitAvailableDate: '2026-11-23T12:00:00',
      benefitExpirationDate: '2027-04-21T12:00:00',
      benefitAuthorizationNumber: 'SF1',
      notifiedRecipient: true,
      fundingId: 3,
      benefitOptionId: 2,
      lastUpdatedDate: '2026-11-23T10:00:00.000Z',
      updationChannel: 'WEB',
    });
    // Decision 0004: on the wire the balance and the ids are JSON numbers, and a note the program has not is left out.
    expect(JSON.parse(JSON.stringify(body))).toMatchObject({ benefitBalance: 27.5, fundingId: 3, benefitOptionId: 2 });
    expect(JSON.stringify(body)).not.toContain('"note"');
    expect(updateRequest({ ...values, fundingId: '' }, benefit).fundingId).toBeNull();
    expect(checkEdit(values, benefit)).toEqual({});
  });

  it("bounds the balance by the benefit's maximum and the dates by 2022-02-01", () => {
    const values = editValuesOf(benefit);
    expect(checkEdit({ ...values, benefitBalance: '100.00' }, benefit)).toEqual({});
    expect(checkEdit({ ...values, benefitBalance: '100.01' }, benefit)).toEqual({
      benefitBalance: 'Balance cannot be more than $100.00.',
    });
    expect(checkEdit({ ...values, benefitBalance: '-1' }, benefit)).toEqual({
      benefitBalance: 'Amount cannot be negative.',
    });
    expect(checkEdit({ ...values, benefitBalance: '' }, benefit)).toEqual({
      benefitBalance: 'This field is required.',
    });
    expect(checkEdit({ ...values, benefitAvailableDate: '2022-01-31' }, benefit)).toEqual({
      benefitAvailableDate: 'Date cannot be before 2022-02-01.',
    });
    expect(checkEdit({ ...values, benefitExpirationDate: '2026-11-22' }, benefit)).toEqual({
      benefitExpirationDate: 'Expiration date cannot be before the available date.',
    });
  });
});
