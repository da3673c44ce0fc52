import { AGENCY_MESSAGES } from '@ebt/core/agencies';
import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import {
  agencyAddBody,
  agencyUpdateBody,
  EMPTY_AGENCY_FORM,
  sameAgencyForm,
  validateAgencyAdd,
  validateAgencyUpdate,
} from './agency-form';

const PROGRAM = '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40';
const filled = { ...EMPTY_AGENCY_FORM, agencyName: 'North', agencyCode: 'N1', programUuid: PROGRAM };

describe('the agency form (B§5 "Agency")', () => {
  it('needs name, code and program', () => {
    expect(validateAgencyAdd(EMPTY_AGENCY_FORM)).toMatchObject({
      agencyName: MESSAGES.FIELD_REQUIRED,
      agencyCode: MESSAGES.FIELD_REQUIRED,
      // The schema's own words for the empty select, as the server answers it.
      programUuid: AGENCY_MESSAGES.PROGRAM_REQUIRED,
    });
    expect(validateAgencyAdd(filled)).toEqual({});
  });

  it('checks the funding amount and date as the server does', () => {
    expect(validateAgencyAdd({ ...filled, fundingAmount: '100000000' }).fundingAmount).toBe(
      'Funding Amount cannot be more than $99,999,999.00.',
    );
    expect(validateAgencyAdd({ ...filled, fundingDate: '2022-12-31' }).fundingDate).toBe(
      AGENCY_MESSAGES.FUNDING_DATE_TOO_EARLY,
    );
    expect(validateAgencyAdd({ ...filled, agencyCode: 'C'.repeat(21) }).agencyCode).toBeDefined();
  });

  it('sends empty funding fields as null and the alert as 1 or 0', () => {
    expect(agencyAddBody(filled)).toEqual({ ...filled, fundingAmount: null, fundingAlert: 1, fundingDate: null });
    expect(agencyAddBody({ ...filled, fundingAmount: '12.50', fundingAlert: false }).fundingAmount).toBe(12.5);
  });

  it('leaves the funding fields out of an update by someone who may not change them', () => {
    const values = { ...filled, fundingAmount: '99', fundingDate: '2023-01-01' };
    expect(agencyUpdateBody(values, false)).toEqual({ agencyName: 'North', agencyCode: 'N1' });
    expect(agencyUpdateBody(values, true)).toMatchObject({ fundingAmount: 99, fundingDate: '2023-01-01' });
    expect(validateAgencyUpdate(false)({ ...values, fundingAmount: 'x' })).toEqual({});
    expect(validateAgencyUpdate(true)({ ...values, fundingAmount: 'x' }).fundingAmount).toBeDefined();
  });

  it('sees the same amount written two ways as no change', () => {
    expect(sameAgencyForm({ ...filled, fundingAmount: '5' }, { ...filled, fundingAmount: '5.00' })).toBe(true);
    expect(sameAgencyForm(filled, { ...filled, agencyCode: 'N2' })).toBe(false);
  });
});
