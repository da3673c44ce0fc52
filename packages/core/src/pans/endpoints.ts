import { OWN_CARDS_PATH } from '../early-reads/index.js';
import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  AssignPanBody,
  AssignPanParams,
  BulkPanGenerated,
  BulkPanGenerationBody,
  CardActionBody,
  CardChanged,
  GeneratePanBody,
  PanAssigned,
  PanGenerated,
  PanGenerationParams,
  PanGenerationProgramParams,
  PanGenerationSetup,
  PanIdParams,
  PanList,
  PanListQuery,
  PanRevealed,
  PanStatusBody,
  PanStatused,
  PinCleared,
  PrintedPanPage,
  PrintedPanQuery,
  RecipientCards,
  SetPinBody,
} from './schemas.js';

// PANs (B§2 "Recipient PANs", "Bulk PAN generation", B§4, B§5, B§7; decisions 0035-0037, 0097). A recipient's PANs
// are for every staff member within their scope, masked; the whole number of one is revealed to holders of
// BULK_PAN_GEN (the printing privilege), audited; bulk generation needs BULK_PAN_GEN (administrators: any program,
// others their own); the card controls are the recipient's, on their own cards.

const tags = ['pans'];
const BULK = privileges(PRIVILEGE.BULK_PAN_GEN);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

// ---------------------------------------------------------------------------------------------------------------
// A recipient's PANs (staff)

export const list = endpoint({
  method: 'GET',
  path: '/account-api/pans',
  operationId: 'listRecipientPans',
  tags,
  summary:
    "A recipient's PANs, newest first, masked ('*' and the last four, B§9), the newest 100 at most; 404 outside " +
    "the caller's scope",
  access: STAFF,
  query: PanListQuery,
  answer: PanList,
  returns: "The recipient's PANs, numbers masked",
  refusals: REFUSED.record,
});

export const reveal = endpoint({
  method: 'POST',
  path: '/account-api/pans/:panId/reveal',
  operationId: 'revealPan',
  tags,
  summary:
    "The whole number of one PAN, for holders of the printing privilege (BULK_PAN_GEN), audited ('reveal' on " +
    "pan); 404 when missing or outside the caller's scope (decision 0097)",
  access: BULK,
  params: PanIdParams,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PanRevealed,
  returns: 'The PAN with its whole number',
  refusals: REFUSED.record,
});

export const generate = endpoint({
  method: 'POST',
  path: '/account-api/pans',
  operationId: 'generatePan',
  tags,
  summary:
    "A new PAN for the recipient: 'A new Pan has been generated.'; 422 for account type 1 or when maxPrintedPans is below 1",
  access: STAFF,
  body: GeneratePanBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PanGenerated,
  returns: "The new PAN's id and the message",
  refusals: [400, 401, 403, 404, 422],
});

export const setStatus = endpoint({
  method: 'PATCH',
  path: '/benefit-api/pans/:panId',
  operationId: 'setPanStatus',
  tags,
  summary: "Status a PAN Lost (1), Stolen (2) or Inactive (4): 'The pan has been statused.'; 422 when not allowed",
  access: STAFF,
  params: PanIdParams,
  body: PanStatusBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PanStatused,
  returns: "The PAN's id, its new status and the message",
  refusals: [400, 401, 403, 404, 422],
});

export const assign = endpoint({
  method: 'PUT',
  path: '/benefit-api/pans/:pan19/:accountUuid',
  operationId: 'assignPan',
  tags,
  summary:
    "Assign a printed PAN (19 digits, or the last 10) to the recipient: 'PAN reassigned.'; 404 not found, " +
    '400 another program, 422 not reassignable',
  access: STAFF,
  params: AssignPanParams,
  body: AssignPanBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PanAssigned,
  returns: "The assigned PAN's id and the message",
  refusals: [400, 401, 403, 404, 422],
});

export const cardPdf = endpoint({
  method: 'GET',
  path: '/benefit-api/pan/:panId/qrcode/pdf',
  audited: true,
  operationId: 'getPanCardPdf',
  tags,
  summary: 'The QR card of one PAN, as a PDF',
  access: STAFF,
  params: PanIdParams,
  format: 'pdf',
  returns: "The PAN's QR card",
  refusals: REFUSED.record,
});

// ---------------------------------------------------------------------------------------------------------------
// Bulk printed PAN generation

export const generationSetup = endpoint({
  method: 'GET',
  path: '/account-api/account/pangen/:programId',
  audited: true,
  operationId: 'getPanGenerationSetup',
  tags,
  summary: "Bulk PAN generation setup: the program's printed-PAN account and how many printed PANs it may take",
  access: BULK,
  params: PanGenerationProgramParams,
  answer: PanGenerationSetup,
  returns: "The program's printed-PAN account and how many printed PANs it may still take",
  refusals: REFUSED.record,
});

export const generatePrinted = endpoint({
  method: 'POST',
  path: '/account-api/pans/gen/printed',
  operationId: 'generatePrintedPans',
  tags,
  summary:
    "Generate printed PANs: 'New Pans have been generated.'; 409 while a generation is in process for the " +
    'program, 422 when the count available changed',
  access: BULK,
  body: BulkPanGenerationBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: BulkPanGenerated,
  returns: "The generation's id, its first PAN's id, how many it made and the message",
  refusals: [400, 401, 403, 404, 409, 422],
});

export const printed = endpoint({
  method: 'GET',
  path: '/account-api/pans/printed',
  operationId: 'listPrintedPans',
  tags,
  summary: 'The printed PANs of a program not yet assigned, newest first, paged (masked)',
  access: BULK,
  query: PrintedPanQuery,
  answer: PrintedPanPage,
  returns: "A page of the program's unassigned printed PANs, numbers masked",
  refusals: REFUSED.record,
});

export const generationPdf = endpoint({
  method: 'GET',
  path: '/benefit-api/pans/qrcode/pdfs/:panGenId',
  audited: true,
  operationId: 'getPanGenerationPdf',
  tags,
  summary: "A generation's QR cards as one PDF, streamed; the first time it ends the generation's in-process state",
  access: BULK,
  params: PanGenerationParams,
  format: 'pdf',
  returns: "The generation's QR cards",
  refusals: REFUSED.record,
});

// ---------------------------------------------------------------------------------------------------------------
// The recipient's own cards (decision 0037)

export const ownCards = endpoint({
  method: 'GET',
  path: OWN_CARDS_PATH,
  operationId: 'listOwnCards',
  tags,
  summary: "The recipient's own cards, masked, with Lock / Unlock and lost or stolen reports",
  access: RECIPIENT,
  answer: RecipientCards,
  returns: "The recipient's cards, numbers masked",
  refusals: [401, 403],
});

export const changeOwnCard = endpoint({
  method: 'PATCH',
  path: '/account-api/pans/currentuser/:panId',
  operationId: 'changeOwnCard',
  tags,
  summary: "Lock, unlock, or report lost or stolen one of the recipient's own cards",
  access: RECIPIENT,
  params: PanIdParams,
  body: CardActionBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: CardChanged,
  returns: 'The message and the card as it now is',
  refusals: [400, 401, 403, 404, 422],
});

// ---------------------------------------------------------------------------------------------------------------
// Card PINs (docs/security.md "Card PINs"): the recipient sets or changes the PIN of one of their own cards (a change
// needs their password); staff who may manage the recipient's PANs clear it, and the recipient is told to set a new
// one. Answers say whether a PIN is set, never the PIN or its hash.

export const setOwnCardPin = endpoint({
  method: 'PUT',
  path: '/account-api/pans/currentuser/:panId/pin',
  operationId: 'setOwnCardPin',
  tags,
  summary:
    "Set or change the PIN of one of the recipient's own Active cards: four digits, not guessable, not the card's " +
    "last four; a change needs currentPassword. Resets the day's wrong tries; audited without the PIN; 404 for " +
    "another's card, 422 for a card not Active",
  access: RECIPIENT,
  params: PanIdParams,
  body: SetPinBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: CardChanged,
  returns: 'The message and the card as it now is (pinSet, pinSetAt)',
  refusals: [400, 401, 403, 404, 422, 429],
});

export const clearPin = endpoint({
  method: 'DELETE',
  path: '/account-api/pans/:panId/pin',
  operationId: 'clearCardPin',
  tags,
  summary:
    "Clear a card's PIN (staff within the recipient's scope): the recipient is told to set a new one before paying; " +
    "audited; 404 when missing or outside the caller's scope, 422 when the card has no PIN",
  access: STAFF,
  params: PanIdParams,
  answer: PinCleared,
  returns: 'The message',
  refusals: [401, 403, 404, 422],
});
