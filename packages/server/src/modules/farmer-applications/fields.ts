import { APP_ERROR_CODE } from '@ebt/core/errors';
import {
  answerIssues,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerAnswer,
  signatureMatchesContact,
} from '@ebt/core/farmer-applications';
import { PROGRAM_STATUS } from '@ebt/core/enums';
import type { StoredFarmerAddress, StoredFarmerAnswer } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type ProgramWithSettings, programsWithSettings } from './queries.js';
import { formProgram } from './view.js';

// The rules of the form the schema cannot see (docs/decisions/0111): the programs take applications, the answers fit
// the programs' questions in effect, the signature is the contact's name. Every problem is answered at once, one
// errorMessages entry each with its field, so the form shows each beside its input:
// - programIds: a program not taking applications (NOT_TAKING);
// - answers.<programId>.<key>: a question unanswered, answered otherwise than yes or no, or no longer asked;
// - signature: not the contact's full name.

export interface FieldProblem {
  field: string;
  message: string;
}

/** Refuses with 400 and one entry per problem (each names its field), when there is any. */
export function refuseProblems(problems: readonly FieldProblem[]): void {
  const [first] = problems;
  if (!first) return;
  const entries = problems.map((p) => ({
    appErrorCode: APP_ERROR_CODE.VALIDATION,
    appErrorMessage: p.message,
    field: p.field,
  }));
  throw new AppError(400, first.message, APP_ERROR_CODE.VALIDATION, first.field, entries);
}

export const answerField = (programId: number, key: string) => `answers.${programId}.${key}`;

interface FormFields {
  programIds: number[];
  answers: FarmerAnswer[];
  contactFirstName: string;
  contactLastName: string;
  signature: string;
}

export interface CheckedForm {
  programs: ProgramWithSettings[];
  /** The answers with the question as it was asked beside each. */
  answers: StoredFarmerAnswer[];
}

/**
 * Checks the form against the programs it names, and answers them with the answers to store; 400 with every problem.
 * `kept`: programs already on the application, taken even when they no longer take applications (an update).
 */
export async function checkForm(
  ctx: RequestContext,
  body: FormFields,
  kept: ReadonlySet<number> = new Set(),
): Promise<CheckedForm> {
  const now = ctx.now();
  const found = await programsWithSettings(ctx.db, body.programIds);
  const problems: FieldProblem[] = [];
  const taking = (p: ProgramWithSettings) => p.open && p.statusId === PROGRAM_STATUS.ENABLED;
  const programs = found.filter((p) => kept.has(p.programId) || taking(p));
  if (programs.length < body.programIds.length) problems.push({ field: 'programIds', message: M.NOT_TAKING });

  // The questions of every program named that exists, so answers to a program refused above are not flagged twice.
  const asked = found.map((p) => formProgram(p, now));
  for (const issue of answerIssues(asked, body.answers))
    problems.push({ field: answerField(issue.programId, issue.key), message: issue.message });

  if (!signatureMatchesContact(body.signature, body.contactFirstName, body.contactLastName))
    problems.push({ field: 'signature', message: M.SIGNATURE_NOT_CONTACT });
  refuseProblems(problems);

  const questions = new Map(asked.flatMap((p) => p.questions.map((q) => [`${p.programId}:${q.key}`, q] as const)));
  const answers = body.answers.map((a): StoredFarmerAnswer => {
    const q = questions.get(`${a.programId}:${a.key}`)!;
    return { programId: a.programId, key: a.key, label: q.label, labelEs: q.labelEs, kind: q.kind, value: a.value };
  });
  return { programs, answers };
}

/** An address of the form as stored: empty second line as null. */
export function storedAddress(address: {
  addressOne: string;
  addressTwo?: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
}): StoredFarmerAddress {
  return {
    addressOne: address.addressOne,
    addressTwo: address.addressTwo || null,
    city: address.city,
    stateCode: address.stateCode,
    zipcode: address.zipcode,
  };
}
