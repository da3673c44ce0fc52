import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { addressFields, contactFields, personNameFields } from '../validation/field-groups.js';
import { databaseId, databaseIdParam } from '../validation/numbers.js';

// The public online application (A§2 /apply/ct, A§3 "Application definition" and "Applicant", A§5 "Online
// application", A§7 "Online application").

export const ApplicationParams = z.object({ applicationId: databaseIdParam() });
export type ApplicationParams = z.infer<typeof ApplicationParams>;

export const ApplicationProgram = z.object({ programId: z.number().int(), programName: z.string() });
export type ApplicationProgram = z.infer<typeof ApplicationProgram>;

/**
 * GET /account-api/application/{id}: name, descr (HTML shown above the form), active and the enabled programs
 * an applicant may choose. Inactive or without programs, the form shows the 'unavailable' warning (A§2).
 */
export const ApplicationDefinition = z.object({
  applicationId: z.number().int(),
  name: z.string(),
  descr: z.string().nullable(),
  active: z.boolean(),
  programs: z.array(ApplicationProgram),
});
export type ApplicationDefinition = z.infer<typeof ApplicationDefinition>;

/** True when the form may be shown (A§2: inactive or no programs shows the 'unavailable' warning instead). */
export function isApplicationOpen(definition: Pick<ApplicationDefinition, 'active' | 'programs'>): boolean {
  return definition.active && definition.programs.length > 0;
}

/** The applicant's fields as the form has them (A§5 "Online application"), without the program and agreement. */
const applicantFields = {
  ...personNameFields(),
  ...addressFields('stateId'),
  ...contactFields(),
};

/**
 * POST /account-api/applicant (A§3 "Applicant", A§7). Submitting is agreeing: the agreement box is the form's
 * (ApplicantFormValues), and the server records the time of the submission as the time of agreement.
 * applicationId is optional: without it, the program must belong to some active application.
 */
export const ApplicantBody = z.object({
  ...applicantFields,
  programId: databaseId({ required: MESSAGES.FIELD_REQUIRED }),
  applicationId: databaseId().nullish(),
});
export type ApplicantBody = z.infer<typeof ApplicantBody>;

/** The form: the same fields plus the program choice and the agreement box with its quoted message (A§5). */
export const ApplicantFormValues = z.object({
  ...applicantFields,
  programId: databaseId({ required: MESSAGES.FIELD_REQUIRED }),
  agree: z.literal(true, { error: MESSAGES.APPLICATION_AGREEMENT_REQUIRED }),
});
export type ApplicantFormValues = z.infer<typeof ApplicantFormValues>;

export const ApplicantCreated = z.object({ applicantId: z.number().int() });
export type ApplicantCreated = z.infer<typeof ApplicantCreated>;

/** POST /account-api/application/{id}/{programId}: the admin test screen's check of a definition (A§7). */
export const ApplicationCheckParams = z.object({
  applicationId: databaseIdParam(),
  programId: databaseIdParam(),
});
export type ApplicationCheckParams = z.infer<typeof ApplicationCheckParams>;

export const ApplicationCheck = z.object({
  applicationId: z.number().int(),
  programId: z.number().int(),
  /** True when an applicant could submit for this program now. */
  accepting: z.boolean(),
  /** Why not, in the words the public form would show; null when accepting. */
  message: z.string().nullable(),
});
export type ApplicationCheck = z.infer<typeof ApplicationCheck>;
