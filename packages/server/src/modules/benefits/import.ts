import { APP_ERROR_CODE } from '@ebt/core/errors';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BENEFIT_FILE_COLUMNS,
  BENEFIT_FILE_REQUIRED_COLUMNS,
  BENEFIT_IMPORT_MESSAGES,
  BENEFIT_MESSAGES,
  type BenefitFileAnswer,
  type BenefitFileCells,
  type BenefitFileColumn,
  type BenefitFileRowValues,
  incentiveAuthorizationNumber,
  readBenefitFileRow,
} from '@ebt/core/benefits';
import { fromCents, todayIn, toCents } from '@ebt/core/format';
import type { FileCheckAnswer } from '@ebt/core/imports';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import type { Tx } from '../../db/client.js';
import type { ProgramRow } from '../../db/schema/index.js';
import type { AuditEntry } from '../../platform/audit.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import { type CallerContext, type RequestContext, requireCaller } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/file-import.js';
import { checkFileImport, type FileImportRunner, runFileImport } from '../../platform/import-run.js';
import {
  type BenefitChange,
  type ExistingBenefit,
  type ImportAccount,
  insertBenefits,
  type IssueInsert,
  loadAccounts,
  loadProgramReferences,
  lockBenefitsByAuthNumber,
  updateBenefits,
} from './import-queries.js';
import {
  planRow,
  programLookups,
  type ProgramLookups,
  type ResolvedValues,
  type RowPlan,
  type RowProblem,
} from './import-rows.js';
import { benefitAuditView } from './audit-view.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { holdFundingSources } from '../../platform/funding-sources.js';
import { benefitInsertRow, benefitNoticeTemplates, noticeMessage, RECIPIENT_BENEFITS_PATH } from './issue-effects.js';
import { smsUnlessPlain } from '../../platform/notice-mail.js';
import { noticeBaseUrl } from '../../platform/recipient-notices.js';

// POST /benefit-api/benefit/file (part 1 §2 "Upload Benefit File", §5, §7, §8; docs/benefit-file.md; decision 0011).
// One file, one transaction: every valid row is applied whole and every refused row changed nothing and is reported
// with its row, column and reason. The file is checked against look-ups read for all its rows at once.

const CHANNEL = 'FILE';

/** Tries of a generated incentive authorization number that met a taken one (61 random bits: practically never). */
const GENERATE_TRIES = 3;

/** A row whose program is known; its own field rules run inside the transaction, beside the look-ups. */
interface ProgramRowCells {
  rowNumber: number;
  lookups: ProgramLookups;
  cells: BenefitFileCells;
}

interface ReadRow {
  rowNumber: number;
  lookups: ProgramLookups;
  values: BenefitFileRowValues;
}

interface Read {
  rows: ProgramRowCells[];
  lookupsByProgram: Map<number, ProgramLookups>;
}

/** Rows checked between two turns of the event loop while the look-ups run (see `checkRows`). */
const CHECK_SLICE = 500;

interface PlannedRow {
  rowNumber: number;
  lookups: ProgramLookups;
  plan: Exclude<RowPlan, { kind: 'reject' }>;
}

interface Plan {
  rows: PlannedRow[];
  /** The programs the file's rows named (the file's audit row). */
  programIds: number[];
}

/** Runs on the import skeleton (platform/import-run.ts). */
export function importBenefitFile(context: RequestContext, upload: UploadedFile): Promise<BenefitFileAnswer> {
  return benefitFile(context, upload, runFileImport);
}

/** The import run and rolled back: what each row would do (decision 0117). */
export function checkBenefitFile(context: RequestContext, upload: UploadedFile): Promise<FileCheckAnswer> {
  return benefitFile(context, upload, checkFileImport);
}

async function benefitFile<A>(context: RequestContext, upload: UploadedFile, run: FileImportRunner<A>): Promise<A> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  const scope = { program: upload.fields.programUuid ?? '' };
  return run<BenefitFileColumn, Read, Plan>(
    ctx,
    upload,
    {
      entity: 'benefit_file',
      message: MESSAGES.BENEFIT_FILE_PROCESSED,
      columns: BENEFIT_FILE_COLUMNS,
      keyColumn: 'authorizationNumber',
      missingColumns: (present, label) => {
        const missing = BENEFIT_FILE_REQUIRED_COLUMNS.filter((column) => !present.includes(column));
        return missing.length
          ? [fillMessage(BENEFIT_MESSAGES.FILE_MISSING_COLUMNS, { columns: missing.map((c) => label[c]).join(', ') })]
          : [];
      },
      noRowsReason: BENEFIT_IMPORT_MESSAGES.NO_DATA_ROWS,
      invalidFile,

      // 1. Each row's program and field rules, against the look-ups of the caller's programs (read once).
      async read({ rows, columns, problems }) {
        const programs = await callerProgramsQuery(ctx);
        const chosen = chosenProgram(programs, upload.fields.programUuid);
        const fallback = chosen ?? (programs.length === 1 ? programs[0] : undefined);
        // Without a Program column the file is for one program: the one sent with it, or the caller's only one.
        if (!columns.includes('program') && !fallback)
          throw AppError.badRequest(BENEFIT_MESSAGES.PROGRAM_REQUIRED, 'programUuid');
        const refs = await loadProgramReferences(
          ctx.db,
          programs.map((p) => p.id),
          [...new Set(programs.map((p) => p.benefitOptionTypeId).filter((id): id is number => id !== null))],
        );
        const lookupsByProgram = new Map<number, ProgramLookups>();
        const lookupsOf = (program: ProgramRow) => {
          let lookups = lookupsByProgram.get(program.id);
          if (!lookups) {
            const timeZone = knownTimeZone(program, ctx);
            lookups = programLookups(program, refs, todayIn(timeZone, now), timeZone);
            lookupsByProgram.set(program.id, lookups);
          }
          return lookups;
        };
        const read: ProgramRowCells[] = [];
        for (const { rowNumber, cells } of rows) {
          const program = rowProgram(cells.program ?? '', programs, chosen, fallback, (p) =>
            problems.refuse(rowNumber, p.column ?? undefined, p.reason),
          );
          if (program) read.push({ rowNumber, lookups: lookupsOf(program), cells });
        }
        return { rows: read, lookupsByProgram };
      },

      async plan(tx, { problems, lap }, { rows: programRows, lookupsByProgram }) {
        // 2. The recipients and existing benefits the rows name, per program, in a few statements (the benefits
        //    locked). Programs in id order, and benefits by id within each: every import locks in the same order.
        //    The statements go out first and each row's field rules run while the database reads and locks
        //    (decision 0078): the keys are the cells as the rules trim them, so a row the rules refuse may add a key
        //    that no decision reads.
        const lookedUp = lookUp(
          tx,
          programRows,
          [...lookupsByProgram.keys()].sort((a, b) => a - b),
        );
        lookedUp.catch(() => undefined); // awaited below; this only keeps a failure meanwhile from counting as unheard
        const rows = await checkRows(programRows, problems);
        const { accounts, existing } = await lookedUp;
        lap('looked-up');

        // 3. Each row decided, in file order; a number seen earlier in the file refuses the later rows.
        const firstRowOf = new Map<string, number>();
        const planned: PlannedRow[] = [];
        for (const { rowNumber, lookups, values } of rows) {
          const programId = lookups.program.id;
          const number = values.authorizationNumber;
          let duplicate = false;
          if (number !== null) {
            const key = `${programId}:${number}`;
            const first = firstRowOf.get(key);
            if (first !== undefined) {
              duplicate = true;
              problems.refuse(
                rowNumber,
                'authorizationNumber',
                fillMessage(BENEFIT_MESSAGES.FILE_DUPLICATE_AUTH_NUMBER, { row: first }),
              );
            } else firstRowOf.set(key, rowNumber);
          }
          const plan = planRow({
            caller: ctx.caller,
            lookups,
            values,
            account: accounts.get(`${programId}:${values.accountId}`),
            existing: number === null ? undefined : existing.get(`${programId}:${number}`),
          });
          if (plan.kind === 'reject')
            for (const p of plan.problems) problems.refuse(rowNumber, p.column ?? undefined, p.reason);
          else if (!duplicate) planned.push({ rowNumber, lookups, plan });
        }
        return { rows: planned, programIds: [...lookupsByProgram.keys()] };
      },

      // 4. Writes.
      async apply(tx, { problems, lap }, { rows: planned, programIds }) {
        const adds = planned.flatMap((p) =>
          p.plan.kind === 'add' ? [{ rowNumber: p.rowNumber, lookups: p.lookups, values: p.plan.values }] : [],
        );
        const updates = planned.flatMap((p) =>
          p.plan.kind === 'update'
            ? [{ rowNumber: p.rowNumber, existing: p.plan.existing, values: p.plan.values }]
            : [],
        );
        const unchangedRows = planned.flatMap((p) => (p.plan.kind === 'unchanged' ? [p.rowNumber] : []));

        const refuse: Refuse = (row, problem) => problems.refuse(row, problem.column ?? undefined, problem.reason);
        // The sources the file gives stay until it commits; a row whose source a program save removed since the file
        // was read is refused.
        const held = await holdFundingSources(
          tx,
          [...adds, ...updates].map((r) => r.values.fundingId),
        );
        const sourceGone = (r: { rowNumber: number; values: ResolvedValues }) => {
          const gone = r.values.fundingId !== null && !held.has(r.values.fundingId);
          if (gone) refuse(r.rowNumber, { column: 'fundingSource', reason: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM });
          return gone;
        };
        const [addsKept, updatesKept] = [adds.filter((a) => !sourceGone(a)), updates.filter((u) => !sourceGone(u))];
        const { added, created, addedRows } = await addBenefits(tx, ctx, addsKept, now, refuse, lap);
        lap('added');
        const { updated, audit } = await changeBenefits(tx, updatesKept, now, refuse);
        lap('updated');
        // The agencies' funding (decision 0029): a file that takes an agency past its funding amount is refused whole
        // with agency.funding.enforce on; otherwise the alert goes out at the threshold. Updates are never refused: only
        // agencies whose issued total the file raises (adds, higher amounts, net) are enforced, so a file that edits
        // notes or dates or lowers amounts of an agency already over its funding goes through.
        const raisedCents = new Map<number, number>();
        const raise = (agencyId: number | null, cents: number) => {
          if (agencyId !== null) raisedCents.set(agencyId, (raisedCents.get(agencyId) ?? 0) + cents);
        };
        for (const a of addsKept) raise(a.values.agencyId, a.values.amountCents);
        for (const u of updatesKept) raise(u.existing.agencyId, u.values.amountCents - toCents(u.existing.amount));
        await checkAgencyFunding(tx, ctx, [...raisedCents.keys()], {
          enforce: new Set([...raisedCents].filter(([, cents]) => cents > 0).map(([agencyId]) => agencyId)),
        });
        return {
          added,
          updated,
          unchanged: unchangedRows.length,
          audit,
          fileEntityId: null,
          // The benefits the file created have no audit row of their own: this row names them (decision 0090).
          fileDetail: { programIds, created },
          addedRows,
          unchangedRows,
        };
      },
    },
    scope,
  );
}

type Refuse = (row: number, problem: RowProblem) => void;

/** The recipients and the (locked) existing benefits the rows name, keyed `programId:identifier`. */
async function lookUp(tx: Tx, rows: readonly ProgramRowCells[], programIds: readonly number[]) {
  const accounts = new Map<string, ImportAccount>();
  const existing = new Map<string, ExistingBenefit>();
  for (const programId of programIds) {
    const accountIds: string[] = [];
    const numbers: string[] = [];
    for (const { lookups, cells } of rows) {
      if (lookups.program.id !== programId) continue;
      const accountId = (cells.accountId ?? '').trim();
      const number = (cells.authorizationNumber ?? '').trim();
      if (accountId !== '') accountIds.push(accountId);
      if (number !== '') numbers.push(number);
    }
    for (const a of await loadAccounts(tx, programId, accountIds))
      accounts.set(`${programId}:${a.recipientIdentifier}`, a);
    for (const b of await lockBenefitsByAuthNumber(tx, programId, numbers))
      existing.set(`${programId}:${b.authorizationNumber}`, b);
  }
  return { accounts, existing };
}

/**
 * Each row's field rules (readBenefitFileRow), in file order, refusing the rows that break them. A slice at a time
 * with a turn of the event loop between: the look-up statements queued on the transaction's connection go out
 * meanwhile, so the database works while Node checks.
 */
async function checkRows(
  rows: readonly ProgramRowCells[],
  problems: { refuse(row: number, column: BenefitFileColumn | undefined, reason: string): void },
): Promise<ReadRow[]> {
  const checked: ReadRow[] = [];
  for (let start = 0; start < rows.length; start += CHECK_SLICE) {
    await nextTurn();
    for (const { rowNumber, lookups, cells } of rows.slice(start, start + CHECK_SLICE)) {
      const { values, problems: fieldProblems } = readBenefitFileRow(cells, lookups.timeZone);
      for (const p of fieldProblems) problems.refuse(rowNumber, p.column ?? undefined, p.message);
      if (values) checked.push({ rowNumber, lookups, values });
    }
  }
  return checked;
}

function invalidFile(lines: string[]): AppError {
  return new AppError(422, MESSAGES.INVALID_FILE_CONTENT, APP_ERROR_CODE.INVALID_FILE_CONTENT, undefined, [
    { appErrorCode: APP_ERROR_CODE.INVALID_FILE_CONTENT, appErrorMessage: MESSAGES.INVALID_FILE_CONTENT },
    ...lines.map((detail) => ({ appErrorCode: APP_ERROR_CODE.INVALID_FILE_LAYOUT, appErrorMessage: detail })),
  ]);
}

/** The program sent with the file (form field programUuid), which must be one of the caller's. */
function chosenProgram(programs: ProgramRow[], programUuid: string | undefined): ProgramRow | undefined {
  if (!programUuid) return undefined;
  const program = programs.find((p) => p.uuid.toLowerCase() === programUuid.toLowerCase());
  if (!program) throw AppError.notFound(BENEFIT_MESSAGES.PROGRAM_NOT_FOUND);
  return program;
}

/** A row's program: its Program cell (short name, uuid, id or name of one of the caller's programs), else the file's. */
function rowProgram(
  text: string,
  programs: ProgramRow[],
  chosen: ProgramRow | undefined,
  fallback: ProgramRow | undefined,
  refuse: (problem: RowProblem) => void,
): ProgramRow | undefined {
  if (text === '') {
    if (!fallback) refuse({ column: 'program', reason: BENEFIT_MESSAGES.PROGRAM_REQUIRED });
    return fallback;
  }
  const key = text.toLowerCase();
  const program =
    programs.find((p) => p.shortName.toLowerCase() === key || p.uuid.toLowerCase() === key || String(p.id) === text) ??
    programs.find((p) => p.name.toLowerCase() === key);
  if (!program) {
    refuse({ column: 'program', reason: BENEFIT_IMPORT_MESSAGES.NOT_A_PROGRAM_OF_CALLER });
    return undefined;
  }
  if (chosen && program.id !== chosen.id) {
    refuse({ column: 'program', reason: BENEFIT_MESSAGES.PROGRAM_IDENTIFIER_MISMATCH });
    return undefined;
  }
  return program;
}

/** The program's time zone (resolution 26); one the runtime does not know falls back to the platform's. */
function knownTimeZone(program: ProgramRow, ctx: CallerContext): string {
  try {
    todayIn(program.timeZone);
    return program.timeZone;
  } catch {
    ctx.log.warn({ programId: program.id }, 'program time zone unknown; using the default time zone');
    return ctx.config.defaultTimeZone;
  }
}

function randomAuthorizationNumber(today: string): string {
  return incentiveAuthorizationNumber(today, randomBytes(8).readBigUInt64BE());
}

interface PendingAdd {
  rowNumber: number;
  lookups: ProgramLookups;
  values: ResolvedValues;
}

/**
 * Inserts the new benefits, then their issue effects (funding roll-up and notifications, decision 0010). A row whose
 * number another request took meanwhile is refused; a generated number that met a taken one is drawn again. Answers
 * how many were added and their uuids in file order, which the file's own audit row lists (decision 0090).
 */
async function addBenefits(
  tx: Tx,
  ctx: CallerContext,
  adds: PendingAdd[],
  now: Date,
  refuse: Refuse,
  lap: (phase: string) => void,
): Promise<{ added: number; created: string[]; addedRows: number[] }> {
  const taken = new Set<string>();
  let pending = adds.map((a) => {
    let number = a.values.authorizationNumber;
    if (number === null) {
      do number = randomAuthorizationNumber(a.lookups.today);
      while (taken.has(`${a.lookups.program.id}:${number}`));
    }
    taken.add(`${a.lookups.program.id}:${number}`);
    return { ...a, number, generated: a.values.authorizationNumber === null };
  });
  const createdByRow = new Map<number, string>();
  const notifiedAt = now.toISOString();
  let queued = 0;
  // A new benefit's row and what its notification says, from the row about to be inserted (nothing is read back);
  // insertBenefits builds them a chunk at a time.
  const build = (a: (typeof pending)[number]): IssueInsert => {
    const row = benefitInsertRow(
      {
        programId: a.lookups.program.id,
        accountId: a.values.accountId,
        agencyId: a.values.agencyId,
        fundingId: a.values.fundingId,
        incentiveId: a.values.incentiveId,
        authorizationNumber: a.number,
        benefitTypeId: a.values.benefitTypeId,
        availableDate: a.values.availableDate,
        expirationDate: a.values.expirationDate,
        amountCents: a.values.amountCents,
        note: a.values.note,
        benefitOptionId: a.values.benefitOptionId,
        creationChannel: CHANNEL,
      },
      now,
    );
    const notice = noticeMessage(
      {
        typeId: row.benefitTypeId!,
        authNumber: row.authorizationNumber,
        amount: row.amount,
        availableDate: row.availableDate,
        expirationDate: row.expirationDate,
        programName: a.lookups.program.name,
      },
      'issued',
    );
    return {
      row,
      notice,
      sms: {
        en: smsUnlessPlain('en', notice.text, benefitsUrl),
        es: smsUnlessPlain('es', notice.es.text, benefitsUrl),
      },
    };
  };
  // The e-mails of the file's programs, rendered once (the statement fills each row's values in).
  const base = noticeBaseUrl(ctx);
  const benefitsUrl = `${base}${RECIPIENT_BENEFITS_PATH}`;
  const programsOfFile = new Map(adds.map((a) => [a.lookups.program.id, a.lookups.program]));
  const templates = [...programsOfFile.values()].flatMap((program) => benefitNoticeTemplates(program, base));
  for (let attempt = 0; attempt < GENERATE_TRIES && pending.length; attempt++) {
    // The benefits, their notifications and messages (issue-effects.ts, decision 0010).
    const written = await insertBenefits(tx, pending, build, notifiedAt, templates);
    queued += written.queued;
    const inserted = new Map(written.inserted.map((r) => [`${r.programId}:${r.authorizationNumber}`, r.uuid]));
    const retry: typeof pending = [];
    for (const a of pending) {
      const uuid = inserted.get(`${a.lookups.program.id}:${a.number}`);
      if (uuid !== undefined) {
        createdByRow.set(a.rowNumber, uuid);
      } else if (a.generated && attempt + 1 < GENERATE_TRIES) {
        let number: string;
        do number = randomAuthorizationNumber(a.lookups.today);
        while (taken.has(`${a.lookups.program.id}:${number}`));
        taken.add(`${a.lookups.program.id}:${number}`);
        retry.push({ ...a, number });
      } else {
        refuse(a.rowNumber, { column: 'authorizationNumber', reason: BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS });
      }
    }
    pending = retry;
  }
  lap('inserted');
  // As issue-effects.ts logs it: the messages counted, never their bodies or addresses.
  if (queued > 0) ctx.log.info({ count: queued, notice: 'issued' }, 'benefit notifications queued in the outbox');
  const byRow = [...createdByRow].sort(([a], [b]) => a - b);
  return { added: createdByRow.size, created: byRow.map(([, uuid]) => uuid), addedRows: byRow.map(([row]) => row) };
}

interface PendingUpdate {
  rowNumber: number;
  existing: ExistingBenefit;
  values: ResolvedValues;
}

/**
 * Changes Issued benefits; the balance moves with the amount, and the funding roll-up with amount and source. Answers
 * how many changed and their audit entries.
 */
async function changeBenefits(
  tx: Tx,
  updates: PendingUpdate[],
  now: Date,
  refuse: Refuse,
): Promise<{ updated: number; audit: AuditEntry[] }> {
  if (updates.length === 0) return { updated: 0, audit: [] };
  const changes: BenefitChange[] = updates.map((u) => ({
    id: u.existing.id,
    availableDate: u.values.availableDate,
    expirationDate: u.values.expirationDate,
    amount: fromCents(u.values.amountCents),
    amountDeltaCents: u.values.amountCents - toCents(u.existing.amount),
    fundingSourceId: u.values.fundingId,
    benefitOptionId: u.values.benefitOptionId,
    note: u.values.note,
  }));
  const done = new Map((await updateBenefits(tx, changes, now)).map((r) => [r.id, r]));
  const audit: AuditEntry[] = [];
  for (const u of updates) {
    const row = done.get(u.existing.id);
    if (!row) {
      // The row lock makes this unreachable in practice; should the benefit have left Issued anyway, say so.
      refuse(u.rowNumber, {
        column: 'authorizationNumber',
        reason: fillMessage(BENEFIT_MESSAGES.FILE_BENEFIT_NOT_UPDATABLE, { status: 'no longer ISSUED' }),
      });
      continue;
    }
    const e = u.existing;
    // The fields a file row can change, as the audit log names them (benefitAuditView keeps the wire names).
    const before = benefitAuditView({
      availableDate: e.availableDate,
      expirationDate: e.expirationDate,
      amount: e.amount,
      balance: e.balance,
      fundingSourceId: e.fundingSourceId,
      benefitOptionId: e.benefitOptionId,
      note: e.note,
      updationChannel: e.updationChannel,
    });
    const after = benefitAuditView({
      availableDate: u.values.availableDate,
      expirationDate: u.values.expirationDate,
      amount: fromCents(u.values.amountCents),
      balance: row.balance,
      fundingSourceId: u.values.fundingId,
      benefitOptionId: u.values.benefitOptionId,
      note: u.values.note,
      updationChannel: CHANNEL,
    });
    audit.push({ action: 'update', entity: 'benefit', entityId: e.uuid, before, after });
  }
  return { updated: done.size, audit };
}
