import type { FarmerApplicationStatus, FarmerQuestion, OpenFarmerProgram } from './schemas.js';
import { FARMER_APPLICATION_MESSAGES as M } from './messages.js';

// The rules of the farmers' online application (docs/farmer-applications.md), as pure functions.

/** The questions a program asks on a day: those whose dates (inclusive, the end optional) hold it. */
export function questionsInEffect<Q extends Pick<FarmerQuestion, 'effectiveFrom' | 'effectiveTo'>>(
  questions: readonly Q[],
  today: string,
): Q[] {
  return questions.filter((q) => q.effectiveFrom <= today && (!q.effectiveTo || today <= q.effectiveTo));
}

export interface AnswerIssue {
  /** The index of the answer in the body, or -1 for a required question left out. */
  index: number;
  programId: number;
  key: string;
  message: string;
}

/**
 * What is wrong with the answers to the chosen programs' questions: a required question unanswered, a yes/no
 * question answered otherwise, an answer to a question the program does not ask today (the form is stale). Answers to
 * programs not chosen are refused the same way.
 */
export function answerIssues(
  programs: readonly Pick<OpenFarmerProgram, 'programId' | 'questions'>[],
  answers: readonly { programId: number; key: string; value: string }[],
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const asked = new Map<string, OpenFarmerProgram['questions'][number]>();
  for (const p of programs) for (const q of p.questions) asked.set(`${p.programId}:${q.key}`, q);
  const given = new Map<string, string>();
  answers.forEach((a, index) => {
    const id = `${a.programId}:${a.key}`;
    const question = asked.get(id);
    if (!question || given.has(id)) {
      issues.push({ index, programId: a.programId, key: a.key, message: M.QUESTION_UNKNOWN });
      return;
    }
    given.set(id, a.value);
    if (a.value === '') {
      if (question.required) issues.push({ index, programId: a.programId, key: a.key, message: M.ANSWER_REQUIRED });
    } else if (question.kind === 'yes-no' && a.value !== 'yes' && a.value !== 'no')
      issues.push({ index, programId: a.programId, key: a.key, message: M.ANSWER_YES_NO });
  });
  for (const p of programs)
    for (const q of p.questions)
      if (q.required && !given.has(`${p.programId}:${q.key}`))
        issues.push({ index: -1, programId: p.programId, key: q.key, message: M.ANSWER_REQUIRED });
  return issues;
}

/** A name compared as people type it: case, accents' case and runs of spaces do not matter. */
function comparableName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** The typed signature must be the contact person's full name (first and last, a middle name allowed between). */
export function signatureMatchesContact(signature: string, firstName: string, lastName: string): boolean {
  const signed = comparableName(signature);
  const first = comparableName(firstName);
  const last = comparableName(lastName);
  return signed === `${first} ${last}` || (signed.startsWith(`${first} `) && signed.endsWith(` ${last}`));
}

/** Staff may ask for more information while the application is with them or already waiting on the farmer. */
export function canAskMoreInfo(status: FarmerApplicationStatus): boolean {
  return status === 'submitted' || status === 'more-info';
}

/** Staff approve only what the farmer has submitted (not while it waits on the farmer's answer). */
export function canApprove(status: FarmerApplicationStatus): boolean {
  return status === 'submitted';
}

/** Staff may refuse an application with them or one the farmer never completed. */
export function canRefuse(status: FarmerApplicationStatus): boolean {
  return status === 'submitted' || status === 'more-info';
}

/** The farmer may change the application only while staff wait for their answer. */
export function farmerMayUpdate(status: FarmerApplicationStatus): boolean {
  return status === 'more-info';
}

/** The number a farmer and staff quote: FA-000123. */
export function applicationNumber(id: number): string {
  return `FA-${String(id).padStart(6, '0')}`;
}

/** The Merchant ID an approval offers first (FA000123); the taken ones the server reads start with it. */
export function merchantIdentifierBase(id: number): string {
  return `FA${String(id).padStart(6, '0')}`;
}

/** A Merchant ID staff are offered on approval (max 20): FA000123, then -2, -3 … when taken. */
export function suggestedMerchantIdentifier(id: number, taken: ReadonlySet<string>): string {
  const base = merchantIdentifierBase(id);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Whole days a draft nobody submitted, and a refused application, are kept (the defaults of the settings). */
export const DEFAULT_ABANDONED_DRAFT_DAYS = 30;
export const DEFAULT_REFUSED_APPLICATION_DAYS = 180;

/** A number shown masked: '****' and its last four. */
export function maskedNumber(last4: string): string {
  return `****${last4}`;
}
