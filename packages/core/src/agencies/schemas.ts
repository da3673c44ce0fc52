import { z } from 'zod';

// Agency look-ups for program-side choices (part 1 §7 "Programs, agencies, users", part 2 §6 "agency queries add
// viewable=1"). Agency maintenance (add, update, users) has its own schemas.

/**
 * GET /account-api/agency: optional viewable=1 and programUuid. The server always limits the list to the caller's
 * scope (agency staff: their agencies; program admins: their programs' agencies; platform admins: all), so
 * viewable=1, which agency staff send, narrows nothing further (docs/decisions/0009-recipient-rules.md).
 */
export const AgencyOptionsQuery = z.object({
  viewable: z.enum(['0', '1', 'true', 'false']).optional(),
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
});
export type AgencyOptionsQuery = z.infer<typeof AgencyOptionsQuery>;

export const ProgramAgenciesParams = z.object({ programUuid: z.uuid() });
export type ProgramAgenciesParams = z.infer<typeof ProgramAgenciesParams>;

/** An agency as a choice: flat program fields for selects, and the nested program of part 2 §3 for lists. */
export const AgencyOption = z.object({
  agencyUuid: z.uuid(),
  agencyName: z.string(),
  agencyCode: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  program: z.object({ programUuid: z.uuid(), programName: z.string() }),
});
export type AgencyOption = z.infer<typeof AgencyOption>;

/** Ours: part 2 quotes no text for a program outside the caller's scope. */
export const AGENCY_LOOKUP_MESSAGES = { PROGRAM_NOT_FOUND: 'The program was not found.' } as const;
