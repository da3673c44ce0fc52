import { describe, expect, it } from 'vitest';
import { PAN_STATUS, PAN_TYPE } from '../enums/statuses.js';
import { maskPan } from '../format/pan.js';
import { luhnValid } from '../validation/cards.js';
import { PAN_MESSAGES } from './messages.js';
import {
  activePanLimit,
  assignPanDigits,
  bulkCountProblem,
  canSetPanStatus,
  canTakeCardAction,
  cardExpirationDate,
  cardLifeMonths,
  fullAssignPan,
  groupPan,
  isReassignable,
  luhnCheckDigit,
  MASKED_PAN,
  panPrefixOf,
  panStatusProblem,
  programPan,
  remainingPans,
} from './rules.js';
import { AssignPanParams, BulkPanGenerationBody, CardActionBody, Pan, PanStatusBody } from './schemas.js';

describe('program PANs (resolution 5)', () => {
  it('are 19 digits: the prefix, the account number and a Luhn check digit', () => {
    const pan = programPan('600000001', '123456789');
    expect(pan).toHaveLength(19);
    expect(pan.startsWith('600000001123456789')).toBe(true);
    expect(luhnValid(pan)).toBe(true);
    for (const partial of ['7992739871', '900100001000000000', '000000000000000000'])
      expect(luhnValid(partial + luhnCheckDigit(partial))).toBe(true);
  });

  it('refuse a prefix or account number of the wrong length', () => {
    expect(() => programPan('60000001', '123456789')).toThrow();
    expect(() => programPan('600000001', '12345678')).toThrow();
  });

  it('take their prefix from bin and series together, nine digits', () => {
    expect(panPrefixOf({ bin: '900100', seriesNbr: '001' })).toBe('900100001');
    expect(panPrefixOf({ bin: '900100', seriesNbr: null })).toBeNull();
    expect(panPrefixOf({ bin: '9001', seriesNbr: '001' })).toBeNull();
  });

  it('print in groups of four', () => {
    expect(groupPan('9001000011234567890')).toBe('9001 0000 1123 4567 890');
  });

  it("are listed to staff masked, '*' and the last four, and the list's schema refuses a whole number (B§9)", () => {
    expect(maskPan('9001000011234567890')).toBe('*7890');
    expect(MASKED_PAN.test('*7890')).toBe(true);
    for (const bad of ['9001000011234567890', '*789', '**7890', '*78901', '7890', '*7890\n'])
      expect(MASKED_PAN.test(bad), bad).toBe(false);
    const row = {
      panId: 1,
      panTypeId: 1,
      panStatusId: 0,
      locked: false,
      activeDate: null,
      expirationDate: null,
      pinSet: false,
      pinSetAt: null,
      pinTriesExceeded: false,
    };
    expect(Pan.safeParse({ ...row, pan: '*7890' }).success).toBe(true);
    expect(Pan.safeParse({ ...row, pan: '9001000011234567890' }).success).toBe(false);
  });
});

describe('assign entry (B§5)', () => {
  it('takes 10 or 19 digits, spaces and dashes ignored', () => {
    expect(assignPanDigits('1234567890')).toBe('1234567890');
    expect(assignPanDigits('9001 0000 1123 4567 890')).toBe('9001000011234567890');
    expect(assignPanDigits('123456789012')).toBeNull();
    expect(assignPanDigits('12345abcde')).toBeNull();
    expect(assignPanDigits('')).toBeNull();
  });

  it('prefixes a 10-digit entry with the program nine digits', () => {
    expect(fullAssignPan('1234567890', '900100001')).toBe('9001000011234567890');
    expect(fullAssignPan('9001000011234567890', null)).toBe('9001000011234567890');
    expect(fullAssignPan('1234567890', null)).toBeNull();
  });

  it('refuses a 12-digit PAN and letters in the path', () => {
    const uuid = '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40';
    expect(AssignPanParams.safeParse({ pan19: '1234567890', accountUuid: uuid }).success).toBe(true);
    expect(AssignPanParams.safeParse({ pan19: '123456789012', accountUuid: uuid }).error?.issues[0]?.message).toBe(
      PAN_MESSAGES.INVALID_ASSIGN_PAN,
    );
    expect(AssignPanParams.safeParse({ pan19: 'abcdefghij', accountUuid: uuid }).success).toBe(false);
  });

  it('reassigns only an unassigned printed PAN that is not Lost, Stolen or Used', () => {
    const printed = { panTypeId: PAN_TYPE.PRINTED, panStatusId: PAN_STATUS.ACTIVE, unassigned: true };
    expect(isReassignable(printed)).toBe(true);
    expect(isReassignable({ ...printed, panStatusId: PAN_STATUS.INACTIVE })).toBe(true);
    expect(isReassignable({ ...printed, unassigned: false })).toBe(false);
    expect(isReassignable({ ...printed, panTypeId: PAN_TYPE.VIRTUAL })).toBe(false);
    for (const status of [PAN_STATUS.LOST, PAN_STATUS.STOLEN, PAN_STATUS.USED])
      expect(isReassignable({ ...printed, panStatusId: status })).toBe(false);
  });
});

describe('PAN status (B§4)', () => {
  it('keeps Lost, Stolen and Used final and lets an Active PAN become Inactive', () => {
    expect(canSetPanStatus(PAN_STATUS.ACTIVE, PAN_STATUS.LOST)).toBe(true);
    expect(canSetPanStatus(PAN_STATUS.ACTIVE, PAN_STATUS.STOLEN)).toBe(true);
    expect(canSetPanStatus(PAN_STATUS.ACTIVE, PAN_STATUS.INACTIVE)).toBe(true);
    expect(canSetPanStatus(PAN_STATUS.INACTIVE, PAN_STATUS.LOST)).toBe(true);
    expect(canSetPanStatus(PAN_STATUS.INACTIVE, PAN_STATUS.INACTIVE)).toBe(false);
    for (const from of [PAN_STATUS.LOST, PAN_STATUS.STOLEN, PAN_STATUS.USED])
      for (const to of [PAN_STATUS.LOST, PAN_STATUS.STOLEN, PAN_STATUS.INACTIVE])
        expect(canSetPanStatus(from, to)).toBe(false);
    expect(panStatusProblem(PAN_STATUS.LOST, PAN_STATUS.INACTIVE)).toBe('A Lost PAN cannot be statused Inactive.');
    expect(panStatusProblem(PAN_STATUS.ACTIVE, PAN_STATUS.LOST)).toBeNull();
  });

  it('takes only 1, 2 and 4 on the wire', () => {
    for (const panStatusId of [1, 2, 4]) expect(PanStatusBody.safeParse({ panStatusId }).success).toBe(true);
    for (const panStatusId of [0, 3, 5, '1', null])
      expect(PanStatusBody.safeParse({ panStatusId }).success).toBe(false);
  });
});

describe('maxPrintedPans of a recipient (decision 0036)', () => {
  it("is the account's limit, else the program configuration's maxActivePans, else 2, less its Active PANs", () => {
    expect(activePanLimit(null, null)).toBe(2);
    expect(activePanLimit(null, '{"maxActivePans":"3"}')).toBe(3);
    expect(activePanLimit(null, '{"maxActivePans":1}')).toBe(1);
    expect(activePanLimit(5, '{"maxActivePans":1}')).toBe(5);
    expect(activePanLimit(null, '{"maxActivePans":"many"}')).toBe(2);
    expect(activePanLimit(null, 'not json')).toBe(2);
    expect(remainingPans(2, 1)).toBe(1);
    expect(remainingPans(1, 3)).toBe(0);
  });
});

describe('card expiration', () => {
  it("reads the program's expirationDate setting ('4Y', '36M'), four years otherwise", () => {
    expect(cardLifeMonths('{"expirationDate":"4Y"}')).toBe(48);
    expect(cardLifeMonths('{"expirationDate":"36M"}')).toBe(36);
    expect(cardLifeMonths('{"expirationDate":"soon"}')).toBe(48);
    expect(cardLifeMonths(null)).toBe(48);
  });

  it('is the last day of the month the life ends in', () => {
    expect(cardExpirationDate('2026-11-23', 48)).toBe('2030-11-30');
    expect(cardExpirationDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(cardExpirationDate('2027-12-01', 2)).toBe('2028-02-29');
  });
});

describe('bulk count (B§5)', () => {
  it('is 1 to 9999 digits, not above the maximum for a non-administrator', () => {
    expect(bulkCountProblem(10, 200, false)).toBeNull();
    expect(bulkCountProblem(200, 200, false)).toBeNull();
    expect(bulkCountProblem(201, 200, false)).toBe('Pan generation count cannot be more than 200.');
    expect(bulkCountProblem(1, 0, false)).toBe('Pan generation count cannot be more than 0.');
    expect(bulkCountProblem(201, 200, true)).toBeNull();
    expect(bulkCountProblem(0, 200, true)).toBe(PAN_MESSAGES.INVALID_GENERATION_COUNT);
    expect(bulkCountProblem(10_000, 20_000, true)).toBe(PAN_MESSAGES.INVALID_GENERATION_COUNT);
  });

  it('takes a number or its digits, at most 4 characters', () => {
    const body = { programId: 1, accountUuid: '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40' };
    expect(BulkPanGenerationBody.parse({ ...body, count: '25' }).count).toBe(25);
    expect(BulkPanGenerationBody.parse({ ...body, count: 9999 }).count).toBe(9999);
    for (const count of [10_000, '10000', 'ten', 1.5, 0, -1, '', null])
      expect(BulkPanGenerationBody.safeParse({ ...body, count }).success, String(count)).toBe(false);
  });
});

describe('card controls (decision 0037)', () => {
  it('act only on an Active card: lock when unlocked, unlock when locked, report either', () => {
    const card = { panStatusId: PAN_STATUS.ACTIVE, locked: false };
    expect(canTakeCardAction(card, 'lock')).toBe(true);
    expect(canTakeCardAction(card, 'unlock')).toBe(false);
    expect(canTakeCardAction({ ...card, locked: true }, 'unlock')).toBe(true);
    expect(canTakeCardAction({ ...card, locked: true }, 'stolen')).toBe(true);
    expect(canTakeCardAction({ panStatusId: PAN_STATUS.LOST, locked: false }, 'lock')).toBe(false);
    expect(canTakeCardAction({ panStatusId: PAN_STATUS.INACTIVE, locked: false }, 'lost')).toBe(false);
    expect(CardActionBody.safeParse({ action: 'freeze' }).success).toBe(false);
  });
});
