/**
 * Texts of the staff applicant screen that the specification implies but does not quote (ours,
 * docs/decisions/0013-applicant-processing.md). The quoted ones ('No applicants found.', 'At least one field must be
 * entered.', 'Recipient added with Account Id {id}.') stay in MESSAGES of core/messages.
 */
export const APPLICANT_MESSAGES = {
  SEARCH_CAPPED: 'More than {cap} applicants match; the newest {cap} are listed. Narrow the search to see the others.',
  PROCESS_INTRO:
    'The form is filled in from the application of {name} to {program}. Check it, choose an agency if needed, and add the recipient.',
  /** Why 'Process' is unavailable for an applicant of a disabled program (the server refuses it too). */
  PROGRAM_NOT_ENABLED: 'Program {program} is not enabled.',
} as const;
