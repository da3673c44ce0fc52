/**
 * The rights statement the applicant agrees to before submitting (A§1 "agree to a rights statement", A§2
 * "agreement"). The specification does not quote it; this wording is ours, modelled on the certification and
 * non-discrimination notices of the USDA nutrition programs. The server records the submission time as the time of
 * agreement (core ApplicantBody).
 */
export const RIGHTS_STATEMENT_INTRO = 'By submitting this application, I certify and understand that:';

export const RIGHTS_STATEMENT_ITEMS = [
  'The information I have given is true and complete to the best of my knowledge.',
  'The program may check the information I have given, and giving false information on purpose may end my participation.',
  'Submitting this application does not guarantee that I will receive benefits; eligibility is decided by the program.',
  'The program and its agencies may contact me by e-mail, phone or mail about this application.',
  'My information is used only to run the program and is shared only as the law allows.',
] as const;

export const RIGHTS_STATEMENT_NOTICE =
  'In accordance with federal civil rights law, this program may not discriminate on the basis of race, color, ' +
  'national origin, sex, age, disability or reprisal for prior civil rights activity. This institution is an equal ' +
  'opportunity provider.';

export const AGREEMENT_LABEL = 'I have read and agree to the above statements.';
