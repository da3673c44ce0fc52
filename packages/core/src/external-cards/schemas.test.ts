import { describe, expect, it } from 'vitest';
import { luhnValid } from '../validation/cards.js';
import { EXTERNAL_CARD_MESSAGES as M } from './messages.js';
import { AddExternalCardBody, ExternalCard, UpdateExternalCardBody } from './schemas.js';

/** Appends the Luhn check digit to a digit string. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

const PAN_16 = withCheckDigit('600054123456789'); // first 13: 6000541234567
const PAN_19 = withCheckDigit('610054123456789012');
const PROGRAM = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const valid = { pan: PAN_16, name: 'My SNAP card', programUuid: PROGRAM, externalPanTypeId: 1 };

/** Each field's messages, as a form shows them. */
function messagesOf(result: ReturnType<typeof AddExternalCardBody.safeParse>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('AddExternalCardBody', () => {
  it('takes 16 and 19 digits passing Luhn, names of 2 and 35 characters, and each type', () => {
    for (const pan of [PAN_16, PAN_19]) expect(AddExternalCardBody.safeParse({ ...valid, pan }).success).toBe(true);
    for (const name of ['ab', 'x'.repeat(35)])
      expect(AddExternalCardBody.safeParse({ ...valid, name }).success).toBe(true);
    for (const externalPanTypeId of [1, 2, 3])
      expect(AddExternalCardBody.safeParse({ ...valid, externalPanTypeId }).success).toBe(true);
  });

  it("refuses 15 and 20 digits, a failed Luhn check and letters with 'Invalid EBT card number.'", () => {
    const fifteen = withCheckDigit('60005412345678');
    const twenty = withCheckDigit('6100541234567890123');
    const badCheck = PAN_16.slice(0, -1) + ((Number(PAN_16.at(-1)) + 1) % 10);
    for (const pan of [fifteen, twenty, badCheck, '6000abcd12345678', '', undefined])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, pan }))).toEqual({ pan: [M.INVALID_NUMBER] });
  });

  it("refuses names of 1 and 36 characters with 'Invalid EBT card name.', spaces not counted", () => {
    for (const name of ['a', 'x'.repeat(36), '  a  ', undefined])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, name }))).toEqual({ name: [M.INVALID_NAME] });
    expect(AddExternalCardBody.parse({ ...valid, name: '  My card  ' }).name).toBe('My card');
  });

  it('refuses a letters-and-digits name holding a 4-digit run of the first 13 digits', () => {
    for (const name of ['card6000', 'x4567', '2345', 'Snap1234Card'])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, name }))).toEqual({ name: [M.NAME_CONTAINS_PAN] });
    // Digits 13-16 are outside the rule.
    const lastFour = PAN_16.slice(-4);
    expect(AddExternalCardBody.safeParse({ ...valid, name: `x${PAN_16.slice(12, 16)}` }).success).toBe(true);
    expect(AddExternalCardBody.safeParse({ ...valid, name: `card ${lastFour}` }).success).toBe(true);
  });

  it('refuses the number written with separators in the name (decision 0038)', () => {
    const grouped = (sep: string) => PAN_16.match(/.{1,4}/g)!.join(sep);
    for (const name of [
      grouped(' '),
      grouped('-'),
      `card ${PAN_16.slice(0, 13)}`,
      `${PAN_16.slice(0, 13)}.`,
      'card 6000',
    ])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, name })), name).toEqual({
        name: [M.NAME_CONTAINS_PAN],
      });
    expect(
      UpdateExternalCardBody.safeParse({
        name: grouped(' '),
        pan: PAN_16,
        externalPanTypeId: 1,
        externalPanStatusId: 1,
      }).error?.issues[0]?.message,
    ).toBe(M.NAME_CONTAINS_PAN);
  });

  it('refuses no type, or one outside 1 to 3, with the card-type message', () => {
    for (const externalPanTypeId of [undefined, null, 0, 4, '1', 1.5])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, externalPanTypeId }))).toEqual({
        externalPanTypeId: [M.TYPE_REQUIRED],
      });
  });

  it('needs a program', () => {
    for (const programUuid of [undefined, '', 'not-a-uuid'])
      expect(messagesOf(AddExternalCardBody.safeParse({ ...valid, programUuid }))).toEqual({
        programUuid: [M.PROGRAM_REQUIRED],
      });
  });

  it('gives each field its one message in a single pass', () => {
    expect(messagesOf(AddExternalCardBody.safeParse({ pan: '123', name: 'a', programUuid: PROGRAM }))).toEqual({
      pan: [M.INVALID_NUMBER],
      name: [M.INVALID_NAME],
      externalPanTypeId: [M.TYPE_REQUIRED],
    });
    // The name rule runs beside a missing type, so both show at once.
    expect(
      messagesOf(AddExternalCardBody.safeParse({ ...valid, name: 'card6000', externalPanTypeId: undefined })),
    ).toEqual({ name: [M.NAME_CONTAINS_PAN], externalPanTypeId: [M.TYPE_REQUIRED] });
  });
});

describe('UpdateExternalCardBody', () => {
  const update = { name: 'My SNAP card', externalPanTypeId: 3, externalPanStatusId: 2 };

  it('takes no pan, an empty one, the masked form or a full number; the program is optional', () => {
    for (const pan of [undefined, null, '', '*1234', PAN_19])
      expect(UpdateExternalCardBody.safeParse({ ...update, pan }).success).toBe(true);
    expect(UpdateExternalCardBody.safeParse({ ...update, programUuid: PROGRAM }).success).toBe(true);
  });

  it('refuses a pan that is neither, a status other than 1 or 2, and the name rule against a new number', () => {
    expect(UpdateExternalCardBody.safeParse({ ...update, pan: '1234' }).error?.issues[0]?.message).toBe(
      M.INVALID_NUMBER,
    );
    for (const externalPanStatusId of [undefined, 0, 3])
      expect(UpdateExternalCardBody.safeParse({ ...update, externalPanStatusId }).error?.issues[0]?.message).toBe(
        M.STATUS_INVALID,
      );
    expect(
      UpdateExternalCardBody.safeParse({ ...update, pan: PAN_16, name: 'card0541' }).error?.issues[0]?.message,
    ).toBe(M.NAME_CONTAINS_PAN);
    expect(UpdateExternalCardBody.safeParse({ ...update, pan: '*1234', name: 'card1234' }).success).toBe(true);
  });
});

describe('a body that is not a JSON object', () => {
  // Each wrapped in a tuple: it.each spreads an array row into arguments.
  const notObjects: [unknown][] = [[null], [[1, 2]], [[]], ['x'], [5], [true], [undefined]];

  it.each(notObjects)('refuses %j on both schemas without throwing', (value) => {
    for (const schema of [AddExternalCardBody, UpdateExternalCardBody]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.some((issue) => issue.message === M.NAME_CONTAINS_PAN)).toBe(false);
    }
  });
});

describe('ExternalCard (the answer)', () => {
  const card = {
    externalPanId: PROGRAM,
    pan: '*1234',
    name: 'My card',
    programUuid: PROGRAM,
    programName: 'Fresh Start',
    externalPanType: { externalPanTypeId: 1, descr: 'SNAP' },
    externalPanStatus: { externalPanStatusId: 1, descr: 'Active' },
  };

  it('holds only the masked number', () => {
    expect(ExternalCard.safeParse(card).success).toBe(true);
    for (const pan of [PAN_16, '1234', '*12345', `*${PAN_16}`])
      expect(ExternalCard.safeParse({ ...card, pan }).success).toBe(false);
  });
});
