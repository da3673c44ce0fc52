import { z } from 'zod';

/**
 * A program as the program-side screens use it (part 1 §7 GET /account-api/account/programs): the benefit
 * defaults the issue form applies and the zone its "today" is taken in. Money is a JSON number with at most two decimals; dates are YYYY-MM-DD.
 */
export const CallerProgram = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  programStatusId: z.number().int(),
  benefitExpiration: z.number().int().nullable(),
  incentiveExpiration: z.number().int().nullable(),
  benefitAmount: z.number().nullable(),
  enableBenefitNote: z.boolean(),
  benefitOptionTypeId: z.number().int().nullable(),
  lastIssuanceDate: z.iso.date().nullable(),
  /** The program's IANA time zone: "today" of the benefit rules is taken in it, on screen as on the server (res. 26). */
  timeZone: z.string().min(1),
});
export type CallerProgram = z.infer<typeof CallerProgram>;
