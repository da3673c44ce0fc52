import { AddExternalCardBody, type ExternalCard, UpdateExternalCardBody } from '@ebt/core/external-cards';
import { EXTERNAL_PAN_MAX_LENGTH } from '@ebt/core/constants';
import {
  ACCOUNT_STATUS,
  externalPanStatusFromActive,
  externalPanTypeBoxes,
  externalPanTypeFrom,
} from '@ebt/core/enums';
import { errorMessagesOf } from '../../lib/errors';
import { formCheck } from '../../lib/form-check';
import { serverFieldErrors } from '../../lib/server-field-errors';

// The external card forms (A§5, B§5; docs/decisions/0038-external-card-rules.md). The rules are core's request
// schemas, the ones the server applies: the form turns its values into the request body and reads the schema's issues
// back onto its fields, one message a field (the first), so each rule's text shows once.

/** The card type boxes: SNAP, WIC or both (types 1, 2, 3). */
export type CardTypeBox = 'snap' | 'wic';

export interface AddCardValues {
  pan: string;
  name: string;
  programUuid: string;
  types: CardTypeBox[];
}

export interface EditCardValues {
  name: string;
  types: CardTypeBox[];
  /** A§4: the active flag maps to status 1, otherwise 2. */
  active: boolean;
}

export const EMPTY_ADD_CARD: AddCardValues = { pan: '', name: '', programUuid: '', types: [] };

/**
 * The Add form's program choices: the recipient's programs but those whose account is Deleted (status 2: the person
 * is no longer in that program, and the server refuses cards there; decision 0039). Inactive ones stay.
 */
export function programChoices(
  programs: readonly { programUuid: string; programName: string; accountStatusId: number }[],
): { value: string; label: string }[] {
  return programs
    .filter((p) => p.accountStatusId !== ACCOUNT_STATUS.DELETED)
    .map((p) => ({ value: p.programUuid, label: p.programName }));
}

/** The request field each form field stands for, where the names differ. */
const FORM_FIELD: Record<string, string> = { externalPanTypeId: 'types', externalPanStatusId: 'active' };
const REQUEST_FIELDS = ['pan', 'name', 'programUuid', 'externalPanTypeId', 'externalPanStatusId'];

const typeOf = (types: readonly CardTypeBox[]) =>
  externalPanTypeFrom({ snap: types.includes('snap'), wic: types.includes('wic') });

/** The number field takes the digits as printed, in groups: 19 digits and up to four spaces or dashes between them. */
export const PAN_ENTRY_MAX = EXTERNAL_PAN_MAX_LENGTH + 4;

/**
 * externalCardApi.add's body from the form: the number as digits (the spaces and dashes a person types
 * between groups dropped, as phones are sent as digits), the type from the boxes (null: none ticked, which the schema
 * refuses).
 */
export function addCardBody(values: AddCardValues) {
  return {
    pan: values.pan.replace(/[\s-]/g, ''),
    name: values.name,
    programUuid: values.programUuid,
    externalPanTypeId: typeOf(values.types),
  };
}

/**
 * externalCardApi.update's body: the form's fields, the card's masked number and its program as they are
 * (the screen changes neither; sending the masked number keeps the number, decision 0039).
 */
export function editCardBody(values: EditCardValues, card: Pick<ExternalCard, 'pan' | 'programUuid'>) {
  return {
    pan: card.pan,
    name: values.name,
    programUuid: card.programUuid,
    externalPanTypeId: typeOf(values.types),
    externalPanStatusId: externalPanStatusFromActive(values.active),
  };
}

export function editValuesOf(card: ExternalCard): EditCardValues {
  const boxes = externalPanTypeBoxes(card.externalPanType.externalPanTypeId);
  return {
    name: card.name,
    types: [...(boxes.snap ? (['snap'] as const) : []), ...(boxes.wic ? (['wic'] as const) : [])],
    active: card.externalPanStatus.externalPanStatusId === 1,
  };
}

export const validateAddCard = formCheck(AddExternalCardBody, addCardBody, { fields: FORM_FIELD });

/** The request a valid form sends, as core's schema reads it (the name trimmed). */
export function addCardRequest(values: AddCardValues): AddExternalCardBody {
  return AddExternalCardBody.parse(addCardBody(values));
}

export function editCardRequest(values: EditCardValues, card: Pick<ExternalCard, 'pan' | 'programUuid'>) {
  return UpdateExternalCardBody.parse(editCardBody(values, card));
}

export function validateEditCard(card: Pick<ExternalCard, 'pan' | 'programUuid'>) {
  return formCheck(UpdateExternalCardBody, (values: EditCardValues) => editCardBody(values, card), {
    fields: FORM_FIELD,
  });
}

/**
 * A refused save on the form: the messages the server tied to a field go to that field (409 'The PAN entered already
 * exists in the system.' on the card number, 400 'The EBT card name cannot contain part of the card number.' on the
 * name); `others` are the rest, for the banner, so no message shows twice.
 */
export function refusalOnForm(error: unknown) {
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(serverFieldErrors(error, REQUEST_FIELDS)))
    fields[FORM_FIELD[field] ?? field] = message;
  const placed = new Set(Object.values(fields));
  return { fields, others: errorMessagesOf(error).filter((message) => !placed.has(message)) };
}
