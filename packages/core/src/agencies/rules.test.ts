import { describe, expect, it } from 'vitest';
import { AddAgencyBody, MoveAgencyUserBody, UpdateAgencyBody } from './schemas.js';
import { AGENCY_MESSAGES } from './messages.js';
import { agencyChanges, fundingAlertPct, fundingEnforced, fundingExceeded, fundingThresholdReached } from './rules.js';

const PROGRAM = '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40';
const valid = { agencyName: 'North', agencyCode: 'N1', programUuid: PROGRAM };
const issues = (body: unknown) =>
  AddAgencyBody.safeParse(body).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('AddAgencyBody (B§5 "Agency")', () => {
  it('needs name, code and program, and defaults fundingAlert to 1', () => {
    expect(AddAgencyBody.parse(valid)).toEqual({ ...valid, fundingAlert: 1 });
    expect(issues({ ...valid, agencyName: ' ' })[0]?.path).toBe('agencyName');
    expect(issues({ ...valid, agencyCode: '' })[0]?.path).toBe('agencyCode');
    expect(issues({ agencyName: 'N', agencyCode: 'C' })).toEqual([
      { path: 'programUuid', message: AGENCY_MESSAGES.PROGRAM_REQUIRED },
    ]);
  });

  it('takes a name of 50 and a code of 20 characters, not one more', () => {
    expect(issues({ ...valid, agencyName: 'n'.repeat(50), agencyCode: 'c'.repeat(20) })).toEqual([]);
    expect(issues({ ...valid, agencyName: 'n'.repeat(51) })[0]?.path).toBe('agencyName');
    expect(issues({ ...valid, agencyCode: 'c'.repeat(21) })[0]?.path).toBe('agencyCode');
  });

  it('takes a funding amount from 0.00 to 99999999 with two decimals', () => {
    expect(AddAgencyBody.parse({ ...valid, fundingAmount: 99999999 }).fundingAmount).toBe(99999999);
    expect(AddAgencyBody.parse({ ...valid, fundingAmount: '0.00' }).fundingAmount).toBe(0);
    expect(AddAgencyBody.parse({ ...valid, fundingAmount: null }).fundingAmount).toBeNull();
    expect(issues({ ...valid, fundingAmount: 100000000 })[0]?.message).toBe(
      'Funding Amount cannot be more than $99,999,999.00.',
    );
    expect(issues({ ...valid, fundingAmount: 99999999.01 })[0]?.path).toBe('fundingAmount');
    expect(issues({ ...valid, fundingAmount: -1 })[0]?.path).toBe('fundingAmount');
    expect(issues({ ...valid, fundingAmount: 1.234 })[0]?.path).toBe('fundingAmount');
  });

  it('takes a funding date from 2023-01-01 as YYYY-MM-DD', () => {
    expect(AddAgencyBody.parse({ ...valid, fundingDate: '2023-01-01' }).fundingDate).toBe('2023-01-01');
    expect(AddAgencyBody.parse({ ...valid, fundingDate: '' }).fundingDate).toBeNull();
    expect(issues({ ...valid, fundingDate: '2022-12-31' })).toEqual([
      { path: 'fundingDate', message: AGENCY_MESSAGES.FUNDING_DATE_TOO_EARLY },
    ]);
    expect(issues({ ...valid, fundingDate: '2023-02-30' })[0]?.path).toBe('fundingDate');
  });

  it('takes fundingAlert 0 or 1 only', () => {
    expect(AddAgencyBody.parse({ ...valid, fundingAlert: 0 }).fundingAlert).toBe(0);
    expect(issues({ ...valid, fundingAlert: 2 })[0]?.path).toBe('fundingAlert');
  });
});

describe('UpdateAgencyBody and MoveAgencyUserBody', () => {
  it('leaves out what is not sent', () => {
    expect(UpdateAgencyBody.parse({ agencyName: 'New' })).toEqual({ agencyName: 'New' });
  });

  it('passes a missing agency through for the service to answer "An agency must be selected."', () => {
    expect(MoveAgencyUserBody.parse({})).toEqual({});
    expect(MoveAgencyUserBody.parse({ agencyUuid: '' })).toEqual({ agencyUuid: '' });
    expect(MoveAgencyUserBody.safeParse({ agencyUuid: 'x' }).error?.issues[0]?.message).toBe(
      AGENCY_MESSAGES.AGENCY_SELECTION_REQUIRED,
    );
  });
});

describe('agencyChanges (B§6: name and code apart from funding)', () => {
  const stored = { agencyName: 'North', agencyCode: 'N1', fundingAmount: '100.00', fundingAlert: 1, fundingDate: null };

  it('sees no change in the same values sent back', () => {
    expect(agencyChanges(stored, { ...stored, fundingAmount: 100 })).toEqual({
      names: false,
      funding: false,
      fields: [],
    });
  });

  it('tells name and code changes from funding changes', () => {
    expect(agencyChanges(stored, { agencyCode: 'n1' })).toMatchObject({ names: true, funding: false });
    expect(agencyChanges(stored, { fundingDate: '2024-01-01' })).toMatchObject({ names: false, funding: true });
    expect(agencyChanges(stored, { fundingAmount: null, agencyName: 'South' }).fields).toEqual([
      'agencyName',
      'fundingAmount',
    ]);
  });
});

describe('funding thresholds (decision 0029)', () => {
  it('reads the alert percentage from configuration, 90 by default', () => {
    expect(fundingAlertPct(null)).toBe(90);
    expect(fundingAlertPct('75')).toBe(75);
    expect(fundingAlertPct('100')).toBe(100);
    for (const bad of ['0', '101', 'abc', '', '7.5']) expect(fundingAlertPct(bad)).toBe(90);
  });

  it('enforces only when switched on', () => {
    expect(fundingEnforced(null)).toBe(false);
    expect(fundingEnforced('off')).toBe(false);
    for (const on of ['1', 'true', 'Y', 'yes', 'ON']) expect(fundingEnforced(on)).toBe(true);
  });

  it('reaches the threshold at exactly pct percent of a positive funding amount', () => {
    expect(fundingThresholdReached(8999, 10000, 90)).toBe(false);
    expect(fundingThresholdReached(9000, 10000, 90)).toBe(true);
    expect(fundingThresholdReached(9000, null, 90)).toBe(false);
    expect(fundingThresholdReached(0, 0, 90)).toBe(false);
    expect(fundingExceeded(10001, 10000)).toBe(true);
    expect(fundingExceeded(10000, 10000)).toBe(false);
    expect(fundingExceeded(10000, null)).toBe(false);
  });
});
