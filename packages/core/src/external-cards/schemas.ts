import { z } from 'zod';
import { RECIPIENT_PORTAL_FETCH_SIZE } from '../constants/lists.js';
import { EXTERNAL_PAN_STATUS, EXTERNAL_PAN_TYPE, ExternalPanStatus, ExternalPanType } from '../enums/statuses.js';
import { cappedAnswer } from '../pager/answers.js';
import { externalCardName, externalCardPan } from '../validation/fields.js';
import { text } from '../validation/text.js';
import { EXTERNAL_CARD_MESSAGES } from './messages.js';
import { cardNameContainsPan } from '../validation/cards.js';
import { isMaskedExternalPan, isUpdatePanEntry, MASKED_EXTERNAL_PAN } from './rules.js';

// External EBT cards (A§2, A§4, A§5, A§7, A§8; B§2, B§3 "External EBT card", B§4, B§5, B§7 "External cards", B§8, B§9;
// resolutions 5 and 9; docs/decisions/0038-external-card-rules.md and 0039-external-card-ownership.md).

/** A§9/B§9: the recipient-side lists fetch up to 1000 (a person has a handful of cards; the cap bounds the answer). */
export const EXTERNAL_CARD_LIST_CAP = RECIPIENT_PORTAL_FETCH_SIZE;

/** GET/PUT/DELETE /account-api/external-pan/{id}: the card's externalPanId (its public uuid; decision 0039). */
export const ExternalCardParams = z.object({ id: z.uuid() });
export type ExternalCardParams = z.infer<typeof ExternalCardParams>;

/** GET /account-api/external-pan/all/{id} (staff): the recipient's accountUuid, as the recipient detail links it. */
export const ExternalCardAccountParams = z.object({ id: z.uuid() });
export type ExternalCardAccountParams = z.infer<typeof ExternalCardAccountParams>;

/** B§3: a card as every answer shows it. `pan` is only ever the masked form (the schema refuses anything else). */
export const ExternalCard = z.object({
  externalPanId: z.uuid(),
  pan: z.string().regex(MASKED_EXTERNAL_PAN),
  name: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  externalPanType: z.object({ externalPanTypeId: ExternalPanType, descr: z.string() }),
  externalPanStatus: z.object({ externalPanStatusId: ExternalPanStatus, descr: z.string() }),
});
export type ExternalCard = z.infer<typeof ExternalCard>;

/** GET /account-api/external-pan/all and /all/{id}: the cards, whole up to the cap (10 a page on screen). */
export const ExternalCardList = cappedAnswer(ExternalCard);
export type ExternalCardList = z.infer<typeof ExternalCardList>;

/** A§5: SNAP, WIC or both (1, 2, 3); none or anything else is 'At least one card type (SNAP or WIC) must be selected.' */
const cardType = () => z.enum(EXTERNAL_PAN_TYPE, { error: EXTERNAL_CARD_MESSAGES.TYPE_REQUIRED });

/** The program the card is attached in: one of the recipient's own (the service answers 404 for any other). */
const programChoice = () => z.uuid({ error: EXTERNAL_CARD_MESSAGES.PROGRAM_REQUIRED });

/**
 * Whether the body is an object and no field named here has an issue yet: a rule over two fields waits until both
 * are valid on their own. A body that is not a JSON object (null, an array, a string, a number) gets the object's
 * own issue (empty path) and the rule never runs on it, so it is a 400, not a TypeError.
 */
const fieldsValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/**
 * POST /account-api/external-pan (A§7): pan, name, programUuid, externalPanTypeId. A name, read without its spaces,
 * dashes and other separators, must not hold a 4-digit run of the PAN's first 13 digits (A§5, decision 0038); that
 * rule runs once pan and name are valid, so a form shows each field's one message in one pass, the type's beside them.
 */
export const AddExternalCardBody = z
  .object({
    pan: externalCardPan(),
    name: externalCardName(),
    programUuid: programChoice(),
    externalPanTypeId: cardType(),
  })
  .refine((body) => !cardNameContainsPan(body.name, body.pan), {
    message: EXTERNAL_CARD_MESSAGES.NAME_CONTAINS_PAN,
    path: ['name'],
    when: fieldsValid('pan', 'name'),
  });
export type AddExternalCardBody = z.infer<typeof AddExternalCardBody>;

/**
 * PUT /account-api/external-pan/{id} (A§7): the same plus externalPanStatusId (A§4: active 1, otherwise 2). The client
 * holds only the masked number, so `pan` may be left out, empty or the masked form (the card keeps its number) or a
 * full number (it replaces it); `programUuid` left out keeps the program (decision 0039). With the number kept, the
 * server checks the name against the stored one.
 */
export const UpdateExternalCardBody = z
  .object({
    pan: text(EXTERNAL_CARD_MESSAGES.INVALID_NUMBER)
      .trim()
      .refine(isUpdatePanEntry, EXTERNAL_CARD_MESSAGES.INVALID_NUMBER)
      .nullish(),
    name: externalCardName(),
    programUuid: programChoice().optional(),
    externalPanTypeId: cardType(),
    externalPanStatusId: z.enum(EXTERNAL_PAN_STATUS, { error: EXTERNAL_CARD_MESSAGES.STATUS_INVALID }),
  })
  .refine((body) => !body.pan || isMaskedExternalPan(body.pan) || !cardNameContainsPan(body.name, body.pan), {
    message: EXTERNAL_CARD_MESSAGES.NAME_CONTAINS_PAN,
    path: ['name'],
    when: fieldsValid('pan', 'name'),
  });
export type UpdateExternalCardBody = z.infer<typeof UpdateExternalCardBody>;
