import { z } from 'zod';
import { CURRENT_PASSWORD_MAX, LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/index.js';
import { MESSAGES } from '../messages/messages.js';
import { PAN_STATUS } from '../enums/statuses.js';
import { pagedAnswer } from '../pager/answers.js';
import { databaseId, databaseIdParam } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { PAN_MESSAGES } from './messages.js';
import { PIN_PATTERN, pinProblem } from './pin.js';
import { BULK_PAN_COUNT_MAX, CARD_ACTIONS, MASKED_PAN } from './rules.js';

// Requests and answers of the PAN area (part 2 §3 "Recipient account (PAN context)", "PAN", "PAN generation setup";
// §7 "PANs"), and the recipient's card controls (decision 0037). Wire names are the specification's.

const day = z.iso.date().nullable();

/**
 * A card's PIN as answers show it (docs/security.md "Card PINs"): whether one is set and since when, and whether the
 * card took PIN_TRIES_PER_DAY wrong PINs today (the program's day) and refuses PIN calls until midnight. Never the PIN
 * or its hash.
 */
const pinState = {
  pinSet: z.boolean(),
  pinSetAt: z.iso.datetime({ offset: true }).nullable(),
  pinTriesExceeded: z.boolean(),
};

// ---------------------------------------------------------------------------------------------------------------
// A recipient's PANs (staff)

/** GET /account-api/pans?programId&accountUuid. */
export const PanListQuery = z.object({ programId: databaseIdParam(), accountUuid: z.uuid() });
export type PanListQuery = z.infer<typeof PanListQuery>;

/**
 * One PAN as the PANs page lists it (B§3 "PAN"): `pan` is masked, '*' and the last four (B§9; decision 0097): the
 * schema refuses anything else, so a whole number can never leave in a list. The whole number is revealed one card
 * at a time (`PanRevealed`). `locked` is the recipient's own lock (decision 0037).
 */
export const Pan = z.object({
  panId: z.number().int(),
  pan: z.string().regex(MASKED_PAN),
  panTypeId: z.number().int(),
  panStatusId: z.number().int(),
  locked: z.boolean(),
  activeDate: day,
  expirationDate: day,
  ...pinState,
});
export type Pan = z.infer<typeof Pan>;
export const PanList = z.array(Pan);

/**
 * POST /account-api/pans/{panId}/reveal (ours, decision 0097): the whole number of one PAN, for a holder of the
 * printing privilege (BULK_PAN_GEN) within their scope; every answer writes an audit row. No body.
 */
export const PanRevealed = z.object({ panId: z.number().int(), pan: z.string() });
export type PanRevealed = z.infer<typeof PanRevealed>;

/** POST /account-api/pans: a new PAN for the recipient (B§7). */
export const GeneratePanBody = z.object({ programId: databaseId(), accountUuid: z.uuid() });
export type GeneratePanBody = z.infer<typeof GeneratePanBody>;

export const PanGenerated = z.object({ panId: z.number().int(), message: z.string() });
export type PanGenerated = z.infer<typeof PanGenerated>;

/** A PAN named by its id in the path. */
export const PanIdParams = z.object({ panId: databaseIdParam() });
export type PanIdParams = z.infer<typeof PanIdParams>;

/** PATCH /benefit-api/pans/{panId}: B§4 status actions Lost (1), Stolen (2), Inactive (4). */
export const PanStatusBody = z.object({
  panStatusId: z.union([z.literal(PAN_STATUS.LOST), z.literal(PAN_STATUS.STOLEN), z.literal(PAN_STATUS.INACTIVE)], {
    error: 'panStatusId must be 1 (Lost), 2 (Stolen) or 4 (Inactive).',
  }),
});
export type PanStatusBody = z.infer<typeof PanStatusBody>;

export const PanStatused = z.object({ panId: z.number().int(), panStatusId: z.number().int(), message: z.string() });
export type PanStatused = z.infer<typeof PanStatused>;

/** PUT /benefit-api/pans/{pan19}/{accountUuid}: 19 digits, or the last 10 (B§5). */
export const AssignPanParams = z.object({
  pan19: text(PAN_MESSAGES.INVALID_ASSIGN_PAN).regex(/^(\d{10}|\d{19})$/, PAN_MESSAGES.INVALID_ASSIGN_PAN),
  accountUuid: z.uuid(),
});
export type AssignPanParams = z.infer<typeof AssignPanParams>;

/** The program of the PANs page ("with program", B§7). */
export const AssignPanBody = z.object({ programId: databaseId() });
export type AssignPanBody = z.infer<typeof AssignPanBody>;

export const PanAssigned = z.object({ panId: z.number().int(), message: z.string() });
export type PanAssigned = z.infer<typeof PanAssigned>;

// ---------------------------------------------------------------------------------------------------------------
// Bulk printed PAN generation

export const PanGenerationProgramParams = z.object({ programId: databaseIdParam() });
export type PanGenerationProgramParams = z.infer<typeof PanGenerationProgramParams>;

/**
 * GET /account-api/account/pangen/{programId} (B§3 "PAN generation setup"): the program's printed-PAN account
 * (accountTypeId 1) and how many printed PANs it may still take; bin and series too, which the specification reads
 * from GET /admin-api/programs/{id}, an administrators' route (decision 0035).
 */
export const PanGenerationSetup = z.object({
  accountUuid: z.uuid(),
  accountTypeId: z.number().int(),
  maxPrintedPans: z.number().int(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  bin: z.string().nullable(),
  seriesNbr: z.string().nullable(),
});
export type PanGenerationSetup = z.infer<typeof PanGenerationSetup>;

/** B§5: count is digits only, at most 4 characters (a JSON number or its digits). */
const bulkCount = z
  .union([z.number(), text().regex(/^\d{1,4}$/, PAN_MESSAGES.INVALID_GENERATION_COUNT)], {
    error: PAN_MESSAGES.INVALID_GENERATION_COUNT,
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int(PAN_MESSAGES.INVALID_GENERATION_COUNT)
      .min(1, PAN_MESSAGES.INVALID_GENERATION_COUNT)
      .max(BULK_PAN_COUNT_MAX, PAN_MESSAGES.INVALID_GENERATION_COUNT),
  );

/** POST /account-api/pans/gen/printed (B§7). */
export const BulkPanGenerationBody = z.object({
  programId: databaseId(),
  accountUuid: z.uuid(),
  count: bulkCount,
});
export type BulkPanGenerationBody = z.input<typeof BulkPanGenerationBody>;

/** The accepted generation: panGenId, and panId the first PAN it made (resolution 18). */
export const BulkPanGenerated = z.object({
  panGenId: z.number().int(),
  panId: z.number().int(),
  count: z.number().int(),
  message: z.string(),
});
export type BulkPanGenerated = z.infer<typeof BulkPanGenerated>;

export const PanGenerationParams = z.object({ panGenId: databaseIdParam() });
export type PanGenerationParams = z.infer<typeof PanGenerationParams>;

/** GET /account-api/pans/printed: the program's printed PANs not yet assigned (B§2 "a list of printed PANs"). */
export const PrintedPanQuery = z.object({
  programId: databaseIdParam(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
});
export type PrintedPanQuery = z.input<typeof PrintedPanQuery>;

/** A printed PAN of the list, masked (B§9: only the PANs page shows whole numbers). */
export const PrintedPan = z.object({
  panId: z.number().int(),
  last4: z.string(),
  panGenId: z.number().int().nullable(),
  panStatusId: z.number().int(),
  expirationDate: day,
  createdDate: z.string(),
});
export type PrintedPan = z.infer<typeof PrintedPan>;
export const PrintedPanPage = pagedAnswer(PrintedPan);
export type PrintedPanPage = z.infer<typeof PrintedPanPage>;

// ---------------------------------------------------------------------------------------------------------------
// The recipient's own cards (decision 0037)

/** One of the recipient's cards: masked (the last four only), with its program. */
export const RecipientCard = z.object({
  panId: z.number().int(),
  last4: z.string(),
  panTypeId: z.number().int(),
  panStatusId: z.number().int(),
  locked: z.boolean(),
  activeDate: day,
  expirationDate: day,
  programUuid: z.uuid(),
  programName: z.string(),
  ...pinState,
});
export type RecipientCard = z.infer<typeof RecipientCard>;
export const RecipientCards = z.array(RecipientCard);

/** PATCH /account-api/pans/currentuser/{panId}. */
export const CardActionBody = z.object({
  action: z.enum(CARD_ACTIONS, { error: 'action must be lock, unlock, lost or stolen.' }),
});
export type CardActionBody = z.infer<typeof CardActionBody>;

export const CardChanged = z.object({ message: z.string(), card: RecipientCard });
export type CardChanged = z.infer<typeof CardChanged>;

// ---------------------------------------------------------------------------------------------------------------
// Card PINs (docs/security.md "Card PINs")

/**
 * PUT /account-api/pans/currentuser/{panId}/pin: four digits, not guessable (pinProblem: repeats, runs, common PINs;
 * the card's own last four digits is checked by the server, which knows them). `currentPassword`: the user's password,
 * required when the card already has a PIN (checked by the server, which knows whether it has).
 */
export const SetPinBody = z.object({
  pin: text(PAN_MESSAGES.PIN_FORMAT)
    .regex(PIN_PATTERN, PAN_MESSAGES.PIN_FORMAT)
    .refine((pin) => pinProblem(pin, null) !== 'trivial', PAN_MESSAGES.PIN_TRIVIAL),
  currentPassword: text(MESSAGES.PASSWORD_REQUIRED)
    .max(CURRENT_PASSWORD_MAX, MESSAGES.CURRENT_PASSWORD_TOO_LONG)
    .optional(),
});
export type SetPinBody = z.infer<typeof SetPinBody>;

/** DELETE /account-api/pans/{panId}/pin: the message only. */
export const PinCleared = z.object({ message: z.string() });
export type PinCleared = z.infer<typeof PinCleared>;
