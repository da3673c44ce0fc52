import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  AddExternalCardBody,
  ExternalCard,
  ExternalCardAccountParams,
  ExternalCardList,
  ExternalCardParams,
  UpdateExternalCardBody,
} from './schemas.js';

// External EBT cards (A§7 "Recipient portal", B§7 "External cards"). Recipients list, attach, edit and remove their own
// cards; staff only read one recipient's cards (they cannot attach: the POST needs RECIPIENT_ACCESS). Every answer
// carries the number masked ('*' and the last four), never more.

const tags = ['external-cards'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

// A fixed segment beside /:id: the router prefers it (platform/route-conflicts.test.ts).
export const listOwn = endpoint({
  method: 'GET',
  path: '/account-api/external-pan/all',
  operationId: 'listOwnExternalCards',
  tags,
  summary: "The signed-in recipient's external EBT cards in all their programs (up to 1000)",
  access: RECIPIENT,
  answer: ExternalCardList,
  returns: "The recipient's external cards, numbers masked",
  refusals: [401, 403],
});

export const listForAccount = endpoint({
  method: 'GET',
  path: '/account-api/external-pan/all/:id',
  operationId: 'listAccountExternalCards',
  tags,
  summary: "One recipient account's external EBT cards, read-only; 404 when the account is outside the caller's scope",
  access: STAFF,
  params: ExternalCardAccountParams,
  answer: ExternalCardList,
  returns: "The account's external cards, numbers masked",
  refusals: REFUSED.record,
});

export const detail = endpoint({
  method: 'GET',
  path: '/account-api/external-pan/:id',
  operationId: 'getOwnExternalCard',
  tags,
  summary: "One of the signed-in recipient's cards; another person's answers 404",
  access: RECIPIENT,
  params: ExternalCardParams,
  answer: ExternalCard,
  returns: 'The card, its number masked',
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/account-api/external-pan',
  operationId: 'addExternalCard',
  tags,
  summary:
    'Attach a card (16-19 digits passing Luhn) to the recipient in one of their programs; 409 when another person ' +
    'holds the number or it is already in that program',
  access: RECIPIENT,
  body: AddExternalCardBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: ExternalCard,
  returns: 'The card attached, its number masked',
  refusals: REFUSED.change,
});

export const update = endpoint({
  method: 'PUT',
  path: '/account-api/external-pan/:id',
  operationId: 'updateExternalCard',
  tags,
  summary:
    'Change a card: name, type, status (1 active, 2 inactive); a full pan replaces the number, the masked one ' +
    "or none keeps it; programUuid moves it to another of the recipient's programs",
  access: RECIPIENT,
  params: ExternalCardParams,
  body: UpdateExternalCardBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ExternalCard,
  returns: 'The card saved, its number masked',
  refusals: REFUSED.change,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/account-api/external-pan/:id',
  operationId: 'deleteExternalCard',
  tags,
  summary: "Remove one of the signed-in recipient's cards",
  access: RECIPIENT,
  params: ExternalCardParams,
  format: 'none',
  status: 204,
  returns: 'Nothing: the card is removed',
  refusals: REFUSED.record,
});
