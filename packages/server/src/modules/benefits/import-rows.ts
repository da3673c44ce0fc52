import {
  BENEFIT_IMPORT_MESSAGES,
  BENEFIT_MESSAGES,
  type BenefitFileColumn,
  type BenefitFileRowValues,
  type BenefitProgramSettings,
  benefitStatusName,
  issueRuleProblems,
} from '@ebt/core/benefits';
import { MAX_BENEFIT_AMOUNT_CENTS } from '@ebt/core/constants';
import { ACCOUNT_STATUS, BENEFIT_STATUS, BENEFIT_TYPE, PROGRAM_STATUS } from '@ebt/core/enums';
import { formatMoney, toCents } from '@ebt/core/format';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import type { ProgramRow } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import type { ExistingBenefit, ImportAccount, ProgramReferences } from './import-queries.js';

// How one row of a benefit file becomes an add, an update, "unchanged" or a refusal: the rules of
// POST /benefit-api/benefit (part 1 §5 "Issue") against look-ups the service read for the whole file at once
// (docs/benefit-file.md "What a row does").

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digits = /^\d{1,10}$/;
const lower = (text: string) => text.trim().toLowerCase();

/** One program of the file with its look-ups by the texts a row may use. */
export interface ProgramLookups {
  program: ProgramRow;
  settings: BenefitProgramSettings;
  /** Today in the program's time zone (resolution 26). */
  today: string;
  /** The zone date-times in the file are read in: the program's, or the platform's when the runtime lacks it. */
  timeZone: string;
  funding: { byName: Map<string, number>; ids: Set<number> };
  incentives: { byName: Map<string, number[]>; byUuid: Map<string, number>; ids: Set<number> };
  /** Options of the program's option type (none when it has no type). */
  options: { byDescr: Map<string, number>; ids: Set<number> };
  agencies: Map<string, number>;
}

export function programLookups(
  program: ProgramRow,
  refs: ProgramReferences,
  today: string,
  timeZone: string,
): ProgramLookups {
  const funding = refs.funding.filter((f) => f.programId === program.id);
  const incentiveRows = refs.incentives.filter((i) => i.programId === program.id);
  const optionRows =
    program.benefitOptionTypeId === null
      ? []
      : refs.options.filter((o) => o.optionTypeId === program.benefitOptionTypeId && o.active);
  const byName = new Map<string, number[]>();
  for (const i of incentiveRows) byName.set(lower(i.name), [...(byName.get(lower(i.name)) ?? []), i.id]);
  const agencies = new Map<string, number>();
  for (const a of refs.agencies.filter((x) => x.programId === program.id)) {
    // Name first, then code and uuid: a code is unique in the program, a name may not be, so the code wins a tie.
    agencies.set(lower(a.name), a.id);
  }
  for (const a of refs.agencies.filter((x) => x.programId === program.id)) {
    agencies.set(lower(a.code), a.id);
    agencies.set(lower(a.uuid), a.id);
  }
  return {
    program,
    today,
    timeZone,
    settings: {
      benefitAmountCents: program.benefitAmount === null ? null : toCents(program.benefitAmount),
      benefitExpirationDays: program.benefitExpirationDays,
      incentiveExpirationDays: program.incentiveExpirationDays,
      lastIssuanceDate: program.lastIssuanceDate,
      enableBenefitNote: program.enableBenefitNote,
      benefitOptionTypeId: program.benefitOptionTypeId,
    },
    funding: { byName: new Map(funding.map((f) => [lower(f.name), f.id])), ids: new Set(funding.map((f) => f.id)) },
    incentives: {
      byName,
      byUuid: new Map(incentiveRows.map((i) => [lower(i.uuid), i.id])),
      ids: new Set(incentiveRows.map((i) => i.id)),
    },
    options: {
      byDescr: new Map(optionRows.map((o) => [lower(o.descr), o.id])),
      ids: new Set(optionRows.map((o) => o.id)),
    },
    agencies,
  };
}

export interface RowProblem {
  column: BenefitFileColumn | null;
  reason: string;
}

/** What the file asks of one benefit once its references are resolved. */
export interface ResolvedValues {
  accountId: number;
  agencyId: number | null;
  authorizationNumber: string | null;
  availableDate: string;
  expirationDate: string;
  amountCents: number;
  fundingId: number | null;
  benefitTypeId: 1 | 2;
  incentiveId: number | null;
  benefitOptionId: number | null;
  note: string | null;
}

export type RowPlan =
  | { kind: 'add'; values: ResolvedValues }
  | { kind: 'update'; existing: ExistingBenefit; values: ResolvedValues; newBalanceCents: number }
  | { kind: 'unchanged'; existing: ExistingBenefit }
  | { kind: 'reject'; problems: RowProblem[] };

/** The request field of an issue rule and the file column it comes from. */
const COLUMN_OF_FIELD: Record<string, BenefitFileColumn> = {
  benefitAvailableDate: 'availableDate',
  benefitExpirationDate: 'expirationDate',
  benefitAmount: 'amount',
  note: 'note',
  benefitOptionId: 'option',
  incentiveUuid: 'incentive',
  fundingId: 'fundingSource',
};

/** Whether the caller may issue to this account: program admins in their programs, agency staff in their agencies. */
export function accountInScope(caller: Caller, account: ImportAccount): boolean {
  if (caller.scope === 'all') return true;
  if (caller.scope === 'programs') return caller.programIds.includes(account.programId);
  if (caller.scope === 'agencies') return account.agencyId !== null && caller.agencyIds.includes(account.agencyId);
  return false;
}

export interface PlanInput {
  caller: Caller;
  lookups: ProgramLookups;
  values: BenefitFileRowValues;
  account: ImportAccount | undefined;
  existing: ExistingBenefit | undefined;
}

/** Decides one row. Pure: everything it reads was loaded for the whole file. */
export function planRow(input: PlanInput): RowPlan {
  const { caller, lookups, values, existing } = input;
  const problems: RowProblem[] = [];
  const problem = (column: BenefitFileColumn | null, reason: string) => problems.push({ column, reason });

  // A recipient outside the caller's scope reads as a missing one (architecture.md "Access": 404 like a missing one).
  const account = input.account && accountInScope(caller, input.account) ? input.account : undefined;
  if (!account) problem('accountId', BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND);

  // As the issue form: the benefit's agency is the recipient's; a named agency must be that one, and gives a
  // program-level recipient (no agency) the agency of the benefit.
  let agencyId: number | null = account?.agencyId ?? null;
  if (values.agency !== '') {
    const named = lookups.agencies.get(lower(values.agency));
    if (named === undefined) problem('agency', BENEFIT_IMPORT_MESSAGES.AGENCY_NOT_FOUND);
    else if (account && account.agencyId !== null && account.agencyId !== named)
      problem('agency', BENEFIT_MESSAGES.AGENCY_MISMATCH);
    else agencyId = named;
  }

  const fundingId = resolveFunding(values.fundingSource, lookups, problem);
  const incentiveId = resolveIncentive(values.incentive, lookups, problem);
  const benefitOptionId = resolveOption(values.option, lookups, problem);

  if (existing) {
    if (!account) return { kind: 'reject', problems };
    const visible =
      caller.scope !== 'agencies' || (existing.agencyId !== null && caller.agencyIds.includes(existing.agencyId));
    if (existing.accountId !== account.id) {
      problem(
        'authorizationNumber',
        visible ? BENEFIT_MESSAGES.FILE_BENEFIT_OTHER_ACCOUNT : BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS,
      );
      return { kind: 'reject', problems };
    }
    if (
      existing.benefitTypeId !== values.benefitTypeId ||
      (incentiveId !== null && existing.incentiveId !== incentiveId)
    ) {
      const type = existing.benefitTypeId === BENEFIT_TYPE.INCENTIVE ? 'Incentive' : 'Regular';
      problem('type', fillMessage(BENEFIT_IMPORT_MESSAGES.TYPE_CHANGE, { type }));
    }
    if (problems.length) return { kind: 'reject', problems };
    return planUpdate(input, existing, {
      accountId: account.id,
      agencyId: existing.agencyId,
      authorizationNumber: existing.authorizationNumber,
      availableDate: values.availableDate,
      expirationDate: values.expirationDate,
      amountCents: values.amountCents,
      benefitTypeId: values.benefitTypeId,
      incentiveId: existing.incentiveId,
      // Part of "blank keeps the stored value": only a value the row gives replaces one.
      fundingId: fundingId ?? existing.fundingSourceId,
      benefitOptionId: benefitOptionId ?? existing.benefitOptionId,
      note: values.note ?? existing.note,
    });
  }

  if (lookups.program.statusId !== PROGRAM_STATUS.ENABLED) problem('program', BENEFIT_MESSAGES.PROGRAM_NOT_ENABLED);
  if (account && account.statusId !== ACCOUNT_STATUS.ACTIVE)
    problem('accountId', BENEFIT_MESSAGES.RECIPIENT_NOT_ACTIVE);
  if (fundingId === null && values.fundingSource === '') problem('fundingSource', BENEFIT_MESSAGES.FUNDING_REQUIRED);
  for (const rule of issueRuleProblems(
    {
      availableDate: values.availableDate,
      expirationDate: values.expirationDate,
      amountCents: values.amountCents,
      benefitTypeId: values.benefitTypeId,
      note: values.note,
      benefitOptionId,
    },
    lookups.settings,
    lookups.today,
  )) {
    // "Option is required" for a program with an option type is about the option column; any other rule names its field.
    problem(COLUMN_OF_FIELD[rule.field] ?? null, rule.message);
  }
  if (problems.length || !account) return { kind: 'reject', problems };
  return {
    kind: 'add',
    values: {
      accountId: account.id,
      agencyId,
      authorizationNumber: values.authorizationNumber,
      availableDate: values.availableDate,
      expirationDate: values.expirationDate,
      amountCents: values.amountCents,
      fundingId,
      benefitTypeId: values.benefitTypeId,
      incentiveId: values.benefitTypeId === BENEFIT_TYPE.INCENTIVE ? incentiveId : null,
      benefitOptionId,
      note: values.note,
    },
  };
}

function planUpdate(input: PlanInput, existing: ExistingBenefit, next: ResolvedValues): RowPlan {
  const storedAmountCents = toCents(existing.amount);
  const same =
    existing.availableDate === next.availableDate &&
    existing.expirationDate === next.expirationDate &&
    storedAmountCents === next.amountCents &&
    existing.fundingSourceId === next.fundingId &&
    existing.benefitOptionId === next.benefitOptionId &&
    (existing.note ?? null) === (next.note ?? null);
  // A row that names a benefit exactly as it is changes nothing, whatever the benefit's status: uploading a file twice
  // (or an edited export) is safe.
  if (same) return { kind: 'unchanged', existing };

  const problems: RowProblem[] = [];
  if (existing.statusId !== BENEFIT_STATUS.ISSUED) {
    problems.push({
      column: 'authorizationNumber',
      reason: fillMessage(BENEFIT_MESSAGES.FILE_BENEFIT_NOT_UPDATABLE, {
        status: benefitStatusName(existing.statusId),
      }),
    });
    return { kind: 'reject', problems };
  }
  const beforeToday = fillMessage(BENEFIT_MESSAGES.DATE_BEFORE_TODAY, { date: input.lookups.today });
  for (const rule of issueRuleProblems(
    {
      availableDate: next.availableDate,
      expirationDate: next.expirationDate,
      amountCents: next.amountCents,
      benefitTypeId: next.benefitTypeId,
      // Note and option are judged only when the row changes them: a program that later disabled notes does not
      // make every old benefit unchangeable.
      note: next.note === existing.note ? null : next.note,
      benefitOptionId: next.benefitOptionId,
    },
    input.lookups.settings,
    input.lookups.today,
  )) {
    // A benefit that is already available keeps its (past) available date: only a changed date must not be past.
    if (
      rule.field === 'benefitAvailableDate' &&
      rule.message === beforeToday &&
      next.availableDate === existing.availableDate
    )
      continue;
    problems.push({ column: COLUMN_OF_FIELD[rule.field] ?? null, reason: rule.message });
  }
  const newBalanceCents = toCents(existing.balance) + (next.amountCents - storedAmountCents);
  if (newBalanceCents < 0) problems.push({ column: 'amount', reason: BENEFIT_MESSAGES.FILE_BALANCE_BELOW_SPENT });
  else if (newBalanceCents > MAX_BENEFIT_AMOUNT_CENTS) {
    problems.push({
      column: 'amount',
      reason: fillMessage(MESSAGES.BENEFIT_BALANCE_TOO_HIGH, { max: formatMoney(MAX_BENEFIT_AMOUNT_CENTS / 100) }),
    });
  }
  if (problems.length) return { kind: 'reject', problems };
  return { kind: 'update', existing, values: next, newBalanceCents };
}

type Problem = (column: BenefitFileColumn | null, reason: string) => void;

/** A funding source by its name (any case) or its fundingId; null when the cell is blank. */
function resolveFunding(text: string, lookups: ProgramLookups, problem: Problem): number | null {
  if (text === '') return null;
  const byName = lookups.funding.byName.get(lower(text));
  if (byName !== undefined) return byName;
  if (digits.test(text) && lookups.funding.ids.has(Number(text))) return Number(text);
  problem('fundingSource', BENEFIT_IMPORT_MESSAGES.FUNDING_NOT_FOUND);
  return null;
}

/** An incentive of the program by its uuid or its name (any case); a name two incentives share must be a uuid. */
function resolveIncentive(text: string, lookups: ProgramLookups, problem: Problem): number | null {
  if (text === '') return null;
  if (uuidPattern.test(text)) {
    const id = lookups.incentives.byUuid.get(lower(text));
    if (id !== undefined) return id;
  } else {
    const ids = lookups.incentives.byName.get(lower(text)) ?? [];
    if (ids.length === 1) return ids[0]!;
    if (ids.length > 1) {
      problem('incentive', BENEFIT_IMPORT_MESSAGES.INCENTIVE_AMBIGUOUS);
      return null;
    }
  }
  problem('incentive', BENEFIT_IMPORT_MESSAGES.INCENTIVE_NOT_FOUND);
  return null;
}

/** A benefit option of the program's option type by its optionId or its text (any case). */
function resolveOption(text: string, lookups: ProgramLookups, problem: Problem): number | null {
  if (text === '') return null;
  if (lookups.settings.benefitOptionTypeId === null) {
    problem('option', BENEFIT_MESSAGES.OPTION_NOT_ALLOWED);
    return null;
  }
  const byDescr = lookups.options.byDescr.get(lower(text));
  if (byDescr !== undefined) return byDescr;
  if (digits.test(text) && lookups.options.ids.has(Number(text))) return Number(text);
  problem('option', BENEFIT_MESSAGES.OPTION_NOT_OF_TYPE);
  return null;
}
