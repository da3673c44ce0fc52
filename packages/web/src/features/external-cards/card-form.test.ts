import { EXTERNAL_CARD_MESSAGES as M } from '@ebt/core/external-cards';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  addCardBody,
  editCardBody,
  editValuesOf,
  EMPTY_ADD_CARD,
  programChoices,
  refusalOnForm,
  validateAddCard,
  validateEditCard,
} from './card-form';

const PAN = '6011000990139424';
const PROGRAM = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const card = {
  externalPanId: PROGRAM,
  pan: '*9424',
  name: 'My card',
  programUuid: PROGRAM,
  programName: 'Fresh Start',
  externalPanType: { externalPanTypeId: 3 as const, descr: 'SNAP and WIC' },
  externalPanStatus: { externalPanStatusId: 2 as const, descr: 'Inactive' },
};

describe('the attach form', () => {
  it('sends the number as digits and the type of the ticked boxes (1 SNAP, 2 WIC, 3 both)', () => {
    const base = { ...EMPTY_ADD_CARD, pan: ' 6011 0009-9013 9424 ', name: 'Card', programUuid: PROGRAM };
    expect(addCardBody({ ...base, types: ['snap'] })).toEqual({
      pan: PAN,
      name: 'Card',
      programUuid: PROGRAM,
      externalPanTypeId: 1,
    });
    expect(addCardBody({ ...base, types: ['wic'] }).externalPanTypeId).toBe(2);
    expect(addCardBody({ ...base, types: ['wic', 'snap'] }).externalPanTypeId).toBe(3);
    expect(addCardBody({ ...base, types: [] }).externalPanTypeId).toBeNull();
  });

  it("shows each rule's one message at its field, the type's at the boxes", () => {
    expect(validateAddCard(EMPTY_ADD_CARD)).toEqual({
      pan: M.INVALID_NUMBER,
      name: M.INVALID_NAME,
      programUuid: M.PROGRAM_REQUIRED,
      types: M.TYPE_REQUIRED,
    });
    expect(validateAddCard({ pan: PAN, name: 'card0990', programUuid: PROGRAM, types: [] })).toEqual({
      name: M.NAME_CONTAINS_PAN,
      types: M.TYPE_REQUIRED,
    });
    expect(validateAddCard({ pan: PAN, name: 'My card', programUuid: PROGRAM, types: ['snap'] })).toEqual({});
  });
});

describe('the edit form', () => {
  it('starts from the card and sends its masked number and program with the status of the active flag', () => {
    const values = editValuesOf(card);
    expect(values).toEqual({ name: 'My card', types: ['snap', 'wic'], active: false });
    expect(editCardBody({ ...values, active: true, types: ['wic'] }, card)).toEqual({
      pan: '*9424',
      name: 'My card',
      programUuid: PROGRAM,
      externalPanTypeId: 2,
      externalPanStatusId: 1,
    });
  });

  it('checks the name and the type', () => {
    const check = validateEditCard(card);
    expect(check({ name: 'x', types: [], active: true })).toEqual({ name: M.INVALID_NAME, types: M.TYPE_REQUIRED });
    expect(check({ name: 'Card 9424', types: ['snap'], active: true })).toEqual({});
  });
});

describe('a refused save', () => {
  it("puts the server's field messages on the fields and the rest in the banner, none twice", () => {
    const error = new ApiError(
      409,
      {
        status: 409,
        message: M.DUPLICATE,
        errorMessages: [
          { appErrorCode: 'CONFLICT', appErrorMessage: M.DUPLICATE, field: 'pan' },
          { appErrorCode: 'VALIDATION', appErrorMessage: M.TYPE_REQUIRED, field: 'externalPanTypeId' },
          { appErrorCode: 'BAD_REQUEST', appErrorMessage: 'Something else.' },
        ],
      },
      [M.DUPLICATE, M.TYPE_REQUIRED, 'Something else.'],
    );
    expect(refusalOnForm(error)).toEqual({
      fields: { pan: M.DUPLICATE, types: M.TYPE_REQUIRED },
      others: ['Something else.'],
    });
  });
});

describe('programChoices', () => {
  it('leaves out the programs whose account is Deleted and keeps Inactive ones', () => {
    const program = (programName: string, accountStatusId: number) => ({
      programUuid: `${programName}-uuid`,
      programName,
      accountStatusId,
    });
    expect(programChoices([program('Active', 0), program('Inactive', 1), program('Deleted', 2)])).toEqual([
      { value: 'Active-uuid', label: 'Active' },
      { value: 'Inactive-uuid', label: 'Inactive' },
    ]);
  });
});
