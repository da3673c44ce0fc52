import { describe, expect, it } from 'vitest';
import { CARD_ISSUANCE_FALSE, CARD_ISSUANCE_TRUE, parseCardIssuance, TAX_CLASSES, TIN_TYPES } from './codes.js';
import { StateCode, US_STATES } from './states.js';
import {
  BENEFIT_STATUS,
  BENEFIT_STATUS_WIRE,
  BenefitStatus,
  EXTERNAL_PAN_STATUS,
  EXTERNAL_PAN_TYPE,
  externalPanStatusFromActive,
  externalPanTypeBoxes,
  externalPanTypeFrom,
  isAccountEditable,
  merchantProgramStatusLabel,
  merchantStatusToggle,
  PAN_STATUS,
  PAN_STATUS_ACTIONS,
  parseBenefitStatusWire,
  USER_STATUS,
} from './statuses.js';
import { ROLE, ROLE_LABEL, roleTakesAgency, roleTakesProgram } from './roles.js';

describe('benefit status', () => {
  it('pins the ids of A§3', () => {
    expect(BENEFIT_STATUS).toEqual({ ISSUED: 0, EXPIRED: 1, EXPUNGED: 2, VOIDED: 3 });
    expect(BenefitStatus.safeParse(3).success).toBe(true);
    expect(BenefitStatus.safeParse(4).success).toBe(false);
  });

  it('answers and shows VOID for status 3 (resolution 1)', () => {
    expect(BENEFIT_STATUS_WIRE[3]).toBe('VOID');
    expect(BENEFIT_STATUS_WIRE[3]).toBe('VOID');
  });

  it('parses VOIDED and VOID as the same status', () => {
    expect(parseBenefitStatusWire('VOIDED')).toBe(3);
    expect(parseBenefitStatusWire('VOID')).toBe(3);
    expect(parseBenefitStatusWire(' issued ')).toBe(0);
    expect(parseBenefitStatusWire('EXPIRED')).toBe(1);
    expect(parseBenefitStatusWire('EXPUNGED')).toBe(2);
    expect(parseBenefitStatusWire('CANCELLED')).toBeNull();
  });
});

describe('lookups', () => {
  it('pins user and card statuses', () => {
    expect(Object.values(USER_STATUS)).toEqual([0, 1, 2, 3, 4]);
    expect(PAN_STATUS).toEqual({ ACTIVE: 0, LOST: 1, STOLEN: 2, USED: 3, INACTIVE: 4 });
    expect(PAN_STATUS_ACTIONS).toEqual([1, 2, 4]);
  });

  it('lists tax classes 1..7 and TIN types SSN and EIN', () => {
    expect(TAX_CLASSES.map((t) => t.taxClassId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(TAX_CLASSES[0]?.descr).toBe('Individual (Sole Proprietor)');
    expect(TIN_TYPES).toEqual([
      { tinTypeId: 1, descr: 'SSN' },
      { tinTypeId: 2, descr: 'EIN' },
    ]);
  });

  it('lists 50 states and DC with unique codes', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(StateCode.safeParse('DC').success).toBe(true);
    expect(StateCode.safeParse('PR').success).toBe(false);
  });

  it('labels every role, 4 being the platform admin and 7 the farmer user', () => {
    expect(ROLE_LABEL[ROLE.PLATFORM_ADMIN]).toBe('Platform Admin');
    expect(ROLE_LABEL[ROLE.FARMER]).toBe('Farmer');
    expect(Object.keys(ROLE_LABEL)).toHaveLength(7);
  });

  it('takes a program for role 1, and role 2 on the admin screen; an agency for roles 5 and 6', () => {
    expect(roleTakesProgram(1, false)).toBe(true);
    expect(roleTakesProgram(2, false)).toBe(false);
    expect(roleTakesProgram(2, true)).toBe(true);
    expect(roleTakesProgram(5, true)).toBe(false);
    expect([1, 2, 3, 4, 5, 6].filter(roleTakesAgency)).toEqual([5, 6]);
  });
});

describe('card issuance values', () => {
  it('accepts each listed value in any case', () => {
    for (const v of CARD_ISSUANCE_TRUE) {
      expect(parseCardIssuance(v)).toBe(true);
      expect(parseCardIssuance(v.toLowerCase())).toBe(true);
      expect(parseCardIssuance(v.toUpperCase())).toBe(true);
    }
    for (const v of CARD_ISSUANCE_FALSE) {
      expect(parseCardIssuance(v)).toBe(false);
      expect(parseCardIssuance(v.toUpperCase())).toBe(false);
    }
    expect(parseCardIssuance(' y ')).toBe(true);
  });

  it('answers null for anything else', () => {
    for (const v of ['', 'yes', 'no', '2', 'TRUEX']) expect(parseCardIssuance(v)).toBeNull();
  });
});

describe('external card type and status', () => {
  it('maps the SNAP and WIC boxes to type ids and back', () => {
    expect(externalPanTypeFrom({ snap: true, wic: false })).toBe(EXTERNAL_PAN_TYPE.SNAP);
    expect(externalPanTypeFrom({ snap: false, wic: true })).toBe(EXTERNAL_PAN_TYPE.WIC);
    expect(externalPanTypeFrom({ snap: true, wic: true })).toBe(EXTERNAL_PAN_TYPE.BOTH);
    expect(externalPanTypeFrom({ snap: false, wic: false })).toBeNull();
    expect(externalPanTypeBoxes(3)).toEqual({ snap: true, wic: true });
    expect(externalPanTypeBoxes(2)).toEqual({ snap: false, wic: true });
  });

  it('maps the active flag to status 1, otherwise 2', () => {
    expect(externalPanStatusFromActive(true)).toBe(EXTERNAL_PAN_STATUS.ACTIVE);
    expect(externalPanStatusFromActive(false)).toBe(EXTERNAL_PAN_STATUS.INACTIVE);
  });
});

describe('merchant and account rules', () => {
  it('offers Activate for status 1 and Inactivate otherwise', () => {
    expect(merchantStatusToggle(1)).toBe(0);
    expect(merchantStatusToggle(0)).toBe(1);
  });

  it('shows a mapping status of 1 as Inactive, anything else as Active', () => {
    expect(merchantProgramStatusLabel(1)).toBe('Inactive');
    expect(merchantProgramStatusLabel(0)).toBe('Active');
    expect(merchantProgramStatusLabel(7)).toBe('Active');
  });

  it('disables edits for account type 1 only', () => {
    expect(isAccountEditable(1)).toBe(false);
    expect(isAccountEditable(0)).toBe(true);
    expect(isAccountEditable(null)).toBe(true);
  });
});
