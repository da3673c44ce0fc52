import { setImmediate as nextTurn } from 'node:timers/promises';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { ACCOUNT_FILE_ACTION, ACCOUNT_STATUS, ACCOUNT_TYPE, CREATION_CHANNEL, PROGRAM_STATUS } from '@ebt/core/enums';
import type { AppErrorEntry } from '@ebt/core/errors';
import type { FileCheckAnswer, FileImportAnswer } from '@ebt/core/imports';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import {
  ACCOUNT_FILE_COLUMNS,
  ACCOUNT_FILE_FIELD,
  ACCOUNT_FILE_HEADER_NAMES,
  type AccountFileCells,
  type AccountFileProblem,
  type AccountFileColumnKey,
  type AccountFileRowValues,
  missingAccountFileColumns,
  missingColumnMessages,
  nextRecipientIdentifier,
  parseAccountFileAction,
  readAccountFileRow,
  RECIPIENT_MESSAGES,
  recipientUsernameCandidates,
  USERNAME_CANDIDATES,
} from '@ebt/core/recipients';
import type { recipientAccounts } from '../../db/schema/index.js';
import { canSeeAgency, type Caller } from '../../platform/caller.js';
import type { Tx } from '../../db/client.js';
import type { AuditEntry } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/file-import.js';
import {
  CHECK_SLICE,
  checkedRows,
  checkFileImport,
  type FileImportRunner,
  type ImportRow,
  type RowChecks,
  runFileImport,
} from '../../platform/import-run.js';
import { chunks } from '../../platform/import-sql.js';
import { programInScope } from '../../platform/search.js';
import {
  auditView,
  RECIPIENT_ACCOUNT_ENTITY,
  type RecipientColumns,
  recipientColumns,
  recipientUserValues,
} from './accounts.js';
import {
  type AccountUpdate,
  FIRST_RECIPIENT_CHUNK,
  type ImportAgency,
  liveEmailHolders,
  type NewRecipient,
  lockAccountsByIdentifier,
  type PendingUserSync,
  programAgencies,
  RECIPIENT_CHUNK,
  recipientWriter,
  syncPendingUsers,
  updateAccounts,
} from './import-queries.js';
import { highestGeneratedIdentifier, lockProgramRecipients } from './queries.js';

// The account file (part 2 §5, §7, §8, §9): POST /account-api/account/file/{programUuid}. The layout and its rules are
// in core (recipients/import.ts) and docs/account-file.md; the choices in docs/decisions/0009-recipient-rules.md.
//
// A row is applied whole or not at all: every check that can refuse a row runs before anything is written, and all
// writes happen in one transaction, so a failure of the database itself leaves nothing behind. Rows with problems
// are reported (row number as the spreadsheet shows it, column as the file names it, reason) and the others applied.
// The work is batched: a fixed handful of reads for the whole file and multi-row writes, never a query per row.

type AccountRow = typeof recipientAccounts.$inferSelect;

/** A row that passed the checks that need no database, with the agency it names. */
interface ReadRow {
  rowNumber: number;
  values: AccountFileRowValues;
  agency: ImportAgency | null;
}

interface PlannedAdd {
  rowNumber: number;
  inactive: boolean;
  agencyId: number | null;
  columns: RecipientColumns;
  identifier: string;
}

interface PlannedUpdate {
  before: AccountRow;
  after: AccountUpdate;
}

const COLUMN_ORDER = ACCOUNT_FILE_COLUMNS.map((column) => column.key as AccountFileColumnKey);

/** 422 'Invalid file content.' (part 2 §8) with the lines that say what is wrong with the file as a whole. */
function invalidFile(lines: string[]): AppError {
  const entries: AppErrorEntry[] = [MESSAGES.INVALID_FILE_CONTENT, ...lines].map((appErrorMessage) => ({
    appErrorCode: APP_ERROR_CODE.INVALID_FILE_CONTENT,
    appErrorMessage,
    field: ACCOUNT_FILE_FIELD,
  }));
  return new AppError(
    422,
    MESSAGES.INVALID_FILE_CONTENT,
    APP_ERROR_CODE.INVALID_FILE_CONTENT,
    ACCOUNT_FILE_FIELD,
    entries,
  );
}

/** Finds an agency by its code, or by its name when no other agency of the program has that name (both any case). */
function agencyFinder(rows: readonly ImportAgency[]) {
  const byCode = new Map(rows.map((a) => [a.code.toLowerCase(), a]));
  const byName = new Map<string, ImportAgency | null>();
  for (const a of rows) {
    const key = a.name.toLowerCase();
    byName.set(key, byName.has(key) ? null : a);
  }
  return (text: string) => byCode.get(text.toLowerCase()) ?? byName.get(text.toLowerCase()) ?? undefined;
}

/**
 * The agency a row names, or why it cannot have it. Agency staff must name one of their own agencies on every row
 * (part 1 §6: agency is required for them); others may leave it empty (a program-level account, or on an update
 * row: the account keeps its agency).
 */
function rowAgency(
  caller: Caller,
  programId: number,
  text: string | null,
  find: (text: string) => ImportAgency | undefined,
): { agency: ImportAgency | null } | { reason: string } {
  if (!text) return caller.scope === 'agencies' ? { reason: MESSAGES.AGENCY_REQUIRED } : { agency: null };
  const agency = find(text);
  if (!agency) return { reason: fillMessage(RECIPIENT_MESSAGES.FILE_AGENCY_UNKNOWN, { code: text }) };
  if (!canSeeAgency(caller, programId, agency.id)) return { reason: RECIPIENT_MESSAGES.FILE_AGENCY_NOT_YOURS };
  return { agency };
}

/** The account's columns after an update row; optional columns the file does not have keep their values. */
function updatedColumns(account: AccountRow, values: AccountFileRowValues): RecipientColumns {
  const columns = recipientColumns(values.fields);
  if (values.fields.middlename === undefined) columns.middleName = account.middleName;
  if (values.fields.address2 === undefined) columns.address2 = account.address2;
  if (values.fields.cardIssuanceCode === undefined) columns.cardIssuance = account.cardIssuance;
  return columns;
}

const USER_FIELDS = ['email', 'firstName', 'middleName', 'lastName', 'mobilePhone'] as const;

interface Plan {
  found: LookedUp;
  /** The rows checked while the look-ups ran; apply checks the rest while it writes. */
  checked: ReadRow[];
  checks: RowChecks<ReadRow>;
}

/**
 * Imports an account file into one program. 404 when the program is missing or not the caller's; 422 'Invalid file
 * content.' when the file cannot be read, lacks a required column or has no data rows; else 200 with the counts and
 * the rows that were not applied. Runs on the import skeleton (platform/import-run.ts).
 */
export function importAccountFile(
  context: RequestContext,
  programUuid: string,
  upload: UploadedFile,
): Promise<FileImportAnswer> {
  return accountFile(context, programUuid, upload, runFileImport);
}

/** The import run and rolled back: what each row would do (decision 0117). */
export function checkAccountFile(
  context: RequestContext,
  programUuid: string,
  upload: UploadedFile,
): Promise<FileCheckAnswer> {
  return accountFile(context, programUuid, upload, checkFileImport);
}

async function accountFile<A>(
  context: RequestContext,
  programUuid: string,
  upload: UploadedFile,
  run: FileImportRunner<A>,
): Promise<A> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();

  const program = await programInScope(ctx, { uuid: programUuid });
  if (!program) throw AppError.notFound(RECIPIENT_MESSAGES.PROGRAM_NOT_FOUND);

  const answer = await run<AccountFileColumnKey, ReturnType<typeof agencyFinder>, Plan>(
    ctx,
    upload,
    {
      entity: 'account_file',
      message: MESSAGES.ACCOUNT_FILE_PROCESSED,
      columns: ACCOUNT_FILE_HEADER_NAMES,
      keyColumn: 'recipientIdentifier',
      columnOrder: COLUMN_ORDER,
      missingColumns: (present) => {
        const missing = missingAccountFileColumns(present);
        return missing.length > 0 ? missingColumnMessages(missing) : [];
      },
      noRowsReason: RECIPIENT_MESSAGES.FILE_NO_ROWS,
      invalidFile,

      // 1. The program's agencies; each row's own checks run in the transaction, beside the look-ups and the writes.
      async read() {
        return agencyFinder(await programAgencies(ctx.db, program.id));
      },

      async plan(tx, { rows, problems, lap }, findAgency) {
        // The program's lock serialises Account IDs and the 'Email already exists.' check with the add endpoint and
        // other imports (queries.ts lockProgramRecipients); every read below sees their committed rows.
        await lockProgramRecipients(tx, program.id);
        // 2. The accounts and e-mails the rows name go out first, and the rows' own checks (the add form's rules, the
        //    agency) start while the database reads and locks (decision 0078). The keys are the cells as those rules
        //    trim them, so they are the rows' own; a row the rules refuse may add a key no decision reads. The rows
        //    not checked by the time the answers are back are checked while the database writes (apply, decision 0094).
        const checks = checkedRows(rows as ImportRow<AccountFileColumnKey>[], problems, (row) =>
          checkRow(caller, program, row, findAgency),
        );
        let answered = false;
        const lookedUp = lookUpAccounts(tx, program.id, rows as ImportRow<AccountFileColumnKey>[]);
        lookedUp.then(
          () => (answered = true),
          () => (answered = true), // awaited below; this only keeps a failure meanwhile from counting as unheard
        );
        const checked: ReadRow[] = [];
        // A turn of the event loop per slice lets the queued look-ups go out, and their answers in, while Node checks.
        while (!answered && !checks.done) {
          await nextTurn();
          checked.push(...checks.next());
        }
        const found = await lookedUp;
        lap('looked-up');
        return { found, checked, checks };
      },

      async apply(tx, { problems, lap }, { found, checked, checks }) {
        // 3. Each row against the accounts and e-mails it names, in file order; the new recipients are written a part
        //    at a time while the next rows are checked and planned (decision 0094).
        const planner = new RowPlanner(caller, found, problems.refuse.bind(problems));
        const writer = newRecipients(tx, program.id, found.highestIdentifier, now);
        const addedRows: number[] = [];
        // A slice at a time, the rows checked already first: the first part goes out as soon as it is planned.
        for (;;) {
          const rows = checked.length > 0 ? checked.splice(0, CHECK_SLICE) : checks.next();
          const last = checked.length === 0 && checks.done;
          const adds = planner.plan(rows);
          for (const add of adds) addedRows.push(add.rowNumber);
          await writer.add(adds, last);
          if (last) break;
        }
        const created = await writer.written();
        lap('added');
        const { updates, unchangedRows } = planner;
        const audit = updates.length > 0 ? await changeAccounts(tx, updates, now) : [];
        lap('updated');
        return {
          added: created.createdAccounts.length,
          updated: updates.length,
          unchanged: unchangedRows.length,
          audit,
          fileEntityId: program.uuid,
          // The recipients the file created have no audit rows of their own: this row names them (decision 0090).
          fileDetail: created,
          logDetail: { programId: program.id },
          addedRows,
          unchangedRows,
        };
      },
    },
    { program: program.uuid },
  );
  return answer;
}

type Refuse = (row: number, column: AccountFileColumnKey | undefined, reason: string) => void;

/** A row's own checks: the add form's rules, its agency, an enabled program for 01 and 02 rows. */
function checkRow(
  caller: Caller,
  program: { id: number; statusId: number },
  { rowNumber, cells }: ImportRow<AccountFileColumnKey>,
  findAgency: (text: string) => ImportAgency | undefined,
): ReadRow | { problems: AccountFileProblem[] } {
  const reading = readAccountFileRow(cells as AccountFileCells);
  if (!reading.ok) return { problems: reading.problems };
  const values = reading.row;
  const agency = rowAgency(caller, program.id, values.agencyCode, findAgency);
  if ('reason' in agency) return { problems: [{ column: 'agencyCode', reason: agency.reason }] };
  if (values.action !== ACCOUNT_FILE_ACTION.UPDATE && program.statusId !== PROGRAM_STATUS.ENABLED)
    return { problems: [{ column: 'actionCode', reason: RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED }] };
  return { rowNumber, values, agency: agency.agency };
}

interface LookedUp {
  accountByIdentifier: Map<string, AccountRow>;
  /** Live accounts by lower-case e-mail. */
  holders: Map<string, Set<number>>;
  /** The program's highest Account ID made by the portal, the new rows' numbers follow it. */
  highestIdentifier: string | null;
}

/**
 * The accounts the 03 rows name (locked), the live holders of the rows' e-mails (one batched read each) and the
 * program's highest Account ID. The keys are read from the cells as readAccountFileRow reads them (the Account ID and
 * the e-mail trimmed), before it runs.
 */
async function lookUpAccounts(
  tx: Tx,
  programId: number,
  rows: readonly ImportRow<AccountFileColumnKey>[],
): Promise<LookedUp> {
  const identifiers: string[] = [];
  const emails: string[] = [];
  for (const { cells } of rows) {
    const identifier = cells.recipientIdentifier?.trim();
    if (identifier && parseAccountFileAction(cells.actionCode) === ACCOUNT_FILE_ACTION.UPDATE)
      identifiers.push(identifier);
    const email = (cells.email ?? '').trim();
    if (email !== '') emails.push(email.toLowerCase());
  }
  // All three go out at once: the connection sends each as the one before ends, without waiting for Node, which is
  // checking rows meanwhile.
  const [accounts, emailHolders, highestIdentifier] = await Promise.all([
    identifiers.length ? lockAccountsByIdentifier(tx, programId, identifiers) : [],
    liveEmailHolders(tx, programId, emails),
    highestGeneratedIdentifier(tx, programId),
  ]);
  const holders = new Map<string, Set<number>>();
  for (const holder of emailHolders) {
    const set = holders.get(holder.email) ?? new Set<number>();
    set.add(holder.id);
    holders.set(holder.email, set);
  }
  return { accountByIdentifier: new Map(accounts.map((a) => [a.recipientIdentifier, a])), holders, highestIdentifier };
}

/**
 * Each row against the accounts and e-mails it names, in file order: each sees the state the rows before it leave.
 * `plan` takes the rows checked since its last call and answers the new accounts among them; the updates and the
 * unchanged rows add up until the end of the file.
 */
class RowPlanner {
  readonly updates: PlannedUpdate[] = [];
  /** 03 rows whose values were already the account's. */
  readonly unchangedRows: number[] = [];
  /** E-mails rows of this file take, to the row that took them: the first row wins, later ones are refused. */
  private readonly claimedBy = new Map<string, number>();
  private readonly updatedOnRow = new Map<string, number>();

  constructor(
    private readonly caller: Caller,
    private readonly found: LookedUp,
    private readonly refuse: Refuse,
  ) {}

  private emailProblem(email: string, accountId?: number): string | null {
    const claimed = this.claimedBy.get(email);
    if (claimed !== undefined) return fillMessage(RECIPIENT_MESSAGES.FILE_EMAIL_TWICE, { row: claimed });
    const owners = this.found.holders.get(email);
    if (owners && [...owners].some((id) => id !== accountId)) return MESSAGES.RECIPIENT_EMAIL_EXISTS;
    return null;
  }

  plan(rows: readonly ReadRow[]): PlannedAdd[] {
    const adds: PlannedAdd[] = [];
    for (const { rowNumber, values, agency } of rows) {
      const email = values.fields.email.toLowerCase();
      if (values.action === ACCOUNT_FILE_ACTION.UPDATE) {
        this.planUpdate(rowNumber, values, agency, email);
        continue;
      }
      const problem = this.emailProblem(email);
      if (problem) {
        this.refuse(rowNumber, 'email', problem);
        continue;
      }
      this.claimedBy.set(email, rowNumber);
      adds.push({
        rowNumber,
        inactive: values.action === ACCOUNT_FILE_ACTION.ADD_INACTIVE,
        agencyId: agency?.id ?? null,
        columns: recipientColumns(values.fields),
        identifier: '',
      });
    }
    return adds;
  }

  private planUpdate(rowNumber: number, values: AccountFileRowValues, agency: ImportAgency | null, email: string) {
    const identifier = values.recipientIdentifier!;
    const earlier = this.updatedOnRow.get(identifier);
    if (earlier !== undefined) {
      this.refuse(
        rowNumber,
        'recipientIdentifier',
        fillMessage(RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_TWICE, { row: earlier }),
      );
      return;
    }
    const account = this.found.accountByIdentifier.get(identifier);
    // An account outside the caller's agencies answers like a missing one (style.md "Access").
    if (!account || !canSeeAgency(this.caller, account.programId, account.agencyId)) {
      this.refuse(rowNumber, 'recipientIdentifier', RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_UNKNOWN);
      return;
    }
    // A move has its own confirmation and moves the account's Issued benefits too (part 1 §5, decision 0009).
    if (agency && agency.id !== account.agencyId) {
      this.refuse(rowNumber, 'agencyCode', RECIPIENT_MESSAGES.FILE_AGENCY_CHANGE);
      return;
    }
    const columns = updatedColumns(account, values);
    const changed = (Object.keys(columns) as (keyof RecipientColumns)[]).filter((k) => account[k] !== columns[k]);
    if (changed.length > 0 && account.accountTypeId === ACCOUNT_TYPE.EXTERNAL) {
      this.refuse(rowNumber, 'recipientIdentifier', RECIPIENT_MESSAGES.ACCOUNT_NOT_EDITABLE);
      return;
    }
    const before = (account.email ?? '').toLowerCase();
    if (email !== before) {
      const problem = this.emailProblem(email, account.id);
      if (problem) {
        this.refuse(rowNumber, 'email', problem);
        return;
      }
      this.found.holders.get(before)?.delete(account.id);
      this.claimedBy.set(email, rowNumber);
    }
    this.updatedOnRow.set(identifier, rowNumber);
    if (changed.length > 0) this.updates.push({ before: account, after: { id: account.id, ...columns } });
    else this.unchangedRows.push(rowNumber);
  }
}

/**
 * The file's new accounts, written while the rest of the file is checked (decision 0094): `add` numbers the accounts
 * it is given with the program's next Account IDs, as the add endpoint takes them, and sends each whole part (500,
 * then 2,000) to recipientWriter, which writes each recipient's portal user and account in one statement while the
 * next part is prepared; with `last`, it sends what is left. Usernames are the add endpoint's (core
 * recipientUsernameCandidates): each row's first candidate that no earlier row of the file was given; the database
 * decides the rest, and a row whose name another writer holds goes again with its next candidate (`written`).
 * `written` answers the uuids of both in file order: the file's own audit row lists them, in place of an audit row a
 * user and an account (decision 0090).
 */
function newRecipients(tx: Tx, programId: number, highestIdentifier: string | null, now: Date) {
  const writer = recipientWriter(tx, programId, now);
  const adds: PlannedAdd[] = [];
  let highest = highestIdentifier;
  let sent = 0;
  // The candidate each row tries next, and the names given so far (the accounts find their users by name).
  const round: number[] = [];
  const picked = new Set<string>();
  const build = (i: number): NewRecipient => {
    const add = adds[i]!;
    let username: string | undefined;
    for (; round[i]! < USERNAME_CANDIDATES && username === undefined; round[i]!++) {
      const r = round[i]!;
      const name = recipientUsernameCandidates(add.columns.firstName, add.columns.lastName, add.identifier, r + 1)[r];
      if (name !== undefined && !picked.has(name.toLowerCase())) username = name;
    }
    // Twelve taken candidates built on a unique Account ID: something is wrong, not a person's input.
    if (username === undefined) throw new Error('no free username for a recipient of the account file');
    picked.add(username.toLowerCase());
    return {
      user: recipientUserValues(add.columns, username, now),
      account: {
        agencyId: add.agencyId,
        recipientIdentifier: add.identifier,
        statusId: add.inactive ? ACCOUNT_STATUS.INACTIVE : ACCOUNT_STATUS.ACTIVE,
        accountTypeId: ACCOUNT_TYPE.STANDARD,
        ...add.columns,
        creationChannel: CREATION_CHANNEL.FILE,
      },
    };
  };
  const send = async (indexes: readonly number[]) => {
    for (const part of chunks(indexes, RECIPIENT_CHUNK)) await writer.send(part.map(build));
  };
  const identifierTaken = (error: unknown) => {
    // Only a writer that does not take the program's lock (a direct database load) can get here.
    if (isUniqueViolation(error, 'recipient_accounts_program_identifier_key'))
      return AppError.conflict(RECIPIENT_MESSAGES.IDENTIFIER_TAKEN);
    return error;
  };
  return {
    async add(planned: readonly PlannedAdd[], last: boolean): Promise<void> {
      for (const add of planned) {
        const next = nextRecipientIdentifier(highest);
        if (!next) throw new Error(`the 8-digit Account ID range of program ${programId} is used up`);
        add.identifier = highest = next;
        round.push(0);
        adds.push(add);
      }
      const size = () => (sent === 0 ? FIRST_RECIPIENT_CHUNK : RECIPIENT_CHUNK);
      try {
        while (adds.length - sent >= size() || (last && adds.length > sent)) {
          const part = Math.min(size(), adds.length - sent);
          await writer.send(adds.slice(sent, sent + part).map((_, k) => build(sent + k)));
          sent += part;
        }
      } catch (error) {
        throw identifierTaken(error);
      }
    },
    async written() {
      try {
        let created = await writer.written();
        for (;;) {
          const pending = adds.map((_, i) => i).filter((i) => !created.has(adds[i]!.identifier));
          if (pending.length === 0) break;
          await send(pending);
          created = await writer.written();
        }
        return {
          createdAccounts: adds.map((add) => created.get(add.identifier)!.accountUuid),
          createdUsers: adds.map((add) => created.get(add.identifier)!.userUuid),
        };
      } catch (error) {
        throw identifierTaken(error);
      }
    },
  };
}

/** Changed accounts in multi-row updates; their Pending portal users follow, as after a form save. */
async function changeAccounts(tx: Tx, updates: PlannedUpdate[], now: Date): Promise<AuditEntry[]> {
  await updateAccounts(
    tx,
    updates.map((u) => u.after),
    now,
  );
  const syncs: PendingUserSync[] = updates
    .filter((u) => u.before.userId !== null && USER_FIELDS.some((k) => u.before[k] !== u.after[k]))
    .map((u) => ({
      userId: u.before.userId!,
      email: u.after.email!,
      firstName: u.after.firstName,
      middleName: u.after.middleName,
      lastName: u.after.lastName,
      mobile: u.after.mobilePhone,
    }));
  if (syncs.length > 0) await syncPendingUsers(tx, syncs, now);
  return updates.map(({ before, after }) => ({
    action: 'update',
    entity: RECIPIENT_ACCOUNT_ENTITY,
    entityId: before.uuid,
    before: auditView(before),
    after: auditView({ ...before, ...after }),
  }));
}
