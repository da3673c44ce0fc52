import { z } from 'zod';

/**
 * A program as the program-side screens use it (part 1 §7 GET /account-api/account/programs): the benefit
 * defaults the issue form applies, the zone its "today" is taken in, and the dates and contact data of the program view. Money is a JSON number with at most two decimals; dates are YYYY-MM-DD.
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
  // Dates and contact data (A§3 "Program"): the program view (/program/program) shows them.
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress1: z.string().nullable(),
  contactAddress2: z.string().nullable(),
  contactCity: z.string().nullable(),
  contactStateCode: z.string().nullable(),
  contactZip: z.string().nullable(),
});
export type CallerProgram = z.infer<typeof CallerProgram>;
