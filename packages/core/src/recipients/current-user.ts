import { z } from 'zod';
import { RecipientAccount } from './schemas.js';

// The recipient portal's own reads (part 1 §2 "Recipient area", §3 "Recipient account", §7 "Recipient portal"):
// the signed-in recipient's accounts and programs, never anyone else's. A person enrolled in two programs has two
// accounts on one user (docs/data-model.md), so both answers are lists, one item per program, in the order of the
// balance cards (GET /benefit-api/benefit/balances: program name); each carries accountStatusId for the screen.

/**
 * GET /account-api/account/currentuser: each of the caller's own accounts with the fields of part 1 §3 a recipient
 * may see of themselves. Staff-only fields of the full account (portal username, applicant, PAN maximum, channels,
 * dates) are not part of it.
 */
export const CurrentRecipientAccount = RecipientAccount.pick({
  accountUuid: true,
  recipientIdentifier: true,
  accountStatusId: true,
  firstname: true,
  middlename: true,
  lastname: true,
  address1: true,
  address2: true,
  city: true,
  stateCode: true,
  zipcode: true,
  email: true,
  mobilePhone: true,
  cardIssuanceCode: true,
  accountTypeId: true,
  programId: true,
  programUuid: true,
  programName: true,
  agencyUuid: true,
  agencyName: true,
});
export type CurrentRecipientAccount = z.infer<typeof CurrentRecipientAccount>;

/**
 * GET /account-api/account/currentuser/programs: the programs the caller holds an account in, for the home page's
 * balance card per program (a card opens /recipient/program/{programUuid}) and the program choice of the recipient
 * searches. Carries the program's public contact fields of the program detail screen (part 1 §2) and the caller's
 * account in it.
 */
export const CurrentRecipientProgram = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  programStatusId: z.number().int(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactStateCode: z.string().nullable(),
  accountUuid: z.uuid(),
  recipientIdentifier: z.string(),
  accountStatusId: z.number().int(),
});
export type CurrentRecipientProgram = z.infer<typeof CurrentRecipientProgram>;
