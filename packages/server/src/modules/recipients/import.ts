import { setImmediate as nextTurn } from 'node:timers/promises';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { ACCOUNT_FILE_ACTION, ACCOUNT_STATUS, ACCOUNT_TYPE, CREATION_CHANNEL, PROGRAM_STATUS } from '@ebt/core/enums';
import type { AppErrorEntry } from '@ebt/core/errors';
import type { FileImportAnswer } from '@ebt/core/imports';
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
import { type ImportRow, runFileImport } from '../../platform/import-run.js';
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
  type ImportAgency,
  insertRecipients,
  liveEmailHolders,
  type NewRecipient,
  lockAccountsByIdentifier,
  type PendingUserSync,
  programAgencies,
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

/** Rows checked between two turns of the event loop while the look-ups run. */
const CHECK_SLICE = 500;

interface Plan {
  adds: PlannedAdd[];
  updates: PlannedUpdate[];
  /** 03 rows whose values were already the account's. */
  unchanged: number;
}

/**
 * Imports an account file into one program. 404 when the program is missing or not the caller's; 422 'Invalid file
 * content.' when the file cannot be read, lacks a required column or has no data rows; else 200 with the counts and
 * the rows that were not applied. Runs on the import skeleton (platform/import-run.ts).
 */
export async function importAccountFile(
  context: RequestContext,
  programUuid: string,
  upload: UploadedFile,
): Promise<FileImportAnswer> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();

  const program = await programInScope(ctx, { uuid: programUuid });
  if (!program) throw AppError.notFound(RECIPIENT_MESSAGES.PROGRAM_NOT_FOUND);

  const answer = await runFileImport<AccountFileColumnKey, ReturnType<typeof agencyFinder>, Plan>(ctx, upload, {
    entity: 'account_file',
    message: MESSAGES.ACCOUNT_FILE_PROCESSED,
    columns: ACCOUNT_FILE_HEADER_NAMES,
    columnOrder: COLUMN_ORDER,
    missingColumns: (present) => {
      const missing = missingAccountFileColumns(present);
      return missing.length > 0 ? missingColumnMessages(missing) : [];
    },
    noRowsReason: RECIPIENT_MESSAGES.FILE_NO_ROWS,
    invalidFile,

    // 1. The program's agencies; each row's own checks run in the transaction, beside the look-ups (step 2).
    async read() {
      return agencyFinder(await programAgencies(ctx.db, program.id));
    },

    async plan(tx, { rows, problems, lap }, findAgency) {
      // The program's lock serialises Account IDs and the 'Email already exists.' check with the add endpoint and
      // other imports (queries.ts lockProgramRecipients); every read below sees their committed rows.
      await lockProgramRecipients(tx, program.id);
      // 2. The accounts and e-mails the rows name go out first, and each row's checks (the add form's rules, the
      //    agency) run while the database reads and locks (decision 0078). The keys are the cells as those rules
      //    trim them, so they are the rows' own; a row the rules refuse may add a key no decision reads.
      const lookedUp = lookUpAccounts(tx, program.id, rows as ImportRow<AccountFileColumnKey>[]);
      lookedUp.catch(() => undefined); // awaited below; this only keeps a failure meanwhile from counting as unheard
      const readRows: ReadRow[] = [];
      for (let start = 0; start < rows.length; start += CHECK_SLICE) {
        // A turn of the event loop per slice lets the queued look-ups go out while Node checks.
        await nextTurn();
        for (const { rowNumber, cells } of rows.slice(start, start + CHECK_SLICE)) {
          const row = checkRow(caller, program, cells as AccountFileCells, findAgency);
          if ('problems' in row) for (const p of row.problems) problems.refuse(rowNumber, p.column, p.reason);
          else readRows.push({ rowNumber, ...row });
        }
      }
      const found = await lookedUp;
      lap('looked-up');
      return planRows(caller, readRows, found, problems.refuse.bind(problems));
    },

    async apply(tx, { lap }, { adds, updates, unchanged }) {
      const created =
        adds.length > 0 ? await addAccounts(tx, program.id, adds, now, lap) : { createdAccounts: [], createdUsers: [] };
      lap('added');
      const audit = updates.length > 0 ? await changeAccounts(tx, updates, now) : [];
      lap('updated');
      return {
        added: adds.length,
        updated: updates.length,
        unchanged,
        audit,
        fileEntityId: program.uuid,
        // The recipients the file created have no audit rows of their own: this row names them (decision 0090).
        fileDetail: created,
        logDetail: { programId: program.id },
      };
    },
  });
  return answer;
}

type Refuse = (row: number, column: AccountFileColumnKey | undefined, reason: string) => void;

/** A row's own checks: the add form's rules, its agency, an enabled program for 01 and 02 rows. */
function checkRow(
  caller: Caller,
  program: { id: number; statusId: number },
  cells: AccountFileCells,
  findAgency: (text: string) => ImportAgency | undefined,
): Omit<ReadRow, 'rowNumber'> | { problems: AccountFileProblem[] } {
  const reading = readAccountFileRow(cells);
  if (!reading.ok) return { problems: reading.problems };
  const values = reading.row;
  const agency = rowAgency(caller, program.id, values.agencyCode, findAgency);
  if ('reason' in agency) return { problems: [{ column: 'agencyCode', reason: agency.reason }] };
  if (values.action !== ACCOUNT_FILE_ACTION.UPDATE && program.statusId !== PROGRAM_STATUS.ENABLED)
    return { problems: [{ column: 'actionCode', reason: RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED }] };
  return { values, agency: agency.agency };
}

interface LookedUp {
  accountByIdentifier: Map<string, AccountRow>;
  /** Live accounts by lower-case e-mail. */
  holders: Map<string, Set<number>>;
}

/**
 * The accounts the 03 rows name (locked) and the live holders of the rows' e-mails: one batched read each. The keys
 * are read from the cells as readAccountFileRow reads them (the Account ID and the e-mail trimmed), before it runs.
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
  const accounts = identifiers.length ? await lockAccountsByIdentifier(tx, programId, identifiers) : [];
  const holders = new Map<string, Set<number>>();
  for (const holder of await liveEmailHolders(tx, programId, emails)) {
    const set = holders.get(holder.email) ?? new Set<number>();
    set.add(holder.id);
    holders.set(holder.email, set);
  }
  return { accountByIdentifier: new Map(accounts.map((a) => [a.recipientIdentifier, a])), holders };
}

/** Each row against the accounts and e-mails it names, in file order: each sees the state the rows before it leave. */
function planRows(
  caller: Caller,
  readRows: readonly ReadRow[],
  { accountByIdentifier, holders }: LookedUp,
  refuse: Refuse,
): Plan {
  /** E-mails rows of this file take, to the row that took them: the first row wins, later ones are refused. */
  const claimedBy = new Map<string, number>();
  const emailProblem = (email: string, accountId?: number): string | null => {
    const claimed = claimedBy.get(email);
    if (claimed !== undefined) return fillMessage(RECIPIENT_MESSAGES.FILE_EMAIL_TWICE, { row: claimed });
    const owners = holders.get(email);
    if (owners && [...owners].some((id) => id !== accountId)) return MESSAGES.RECIPIENT_EMAIL_EXISTS;
    return null;
  };

  const plan: Plan = { adds: [], updates: [], unchanged: 0 };
  const updatedOnRow = new Map<string, number>();
  for (const { rowNumber, values, agency } of readRows) {
    const email = values.fields.email.toLowerCase();
    if (values.action === ACCOUNT_FILE_ACTION.UPDATE) {
      const identifier = values.recipientIdentifier!;
      const earlier = updatedOnRow.get(identifier);
      if (earlier !== undefined) {
        refuse(
          rowNumber,
          'recipientIdentifier',
          fillMessage(RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_TWICE, { row: earlier }),
        );
        continue;
      }
      const account = accountByIdentifier.get(identifier);
      // An account outside the caller's agencies answers like a missing one (style.md "Access").
      if (!account || !canSeeAgency(caller, account.programId, account.agencyId)) {
        refuse(rowNumber, 'recipientIdentifier', RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_UNKNOWN);
        continue;
      }
      // A move has its own confirmation and moves the account's Issued benefits too (part 1 §5, decision 0009).
      if (agency && agency.id !== account.agencyId) {
        refuse(rowNumber, 'agencyCode', RECIPIENT_MESSAGES.FILE_AGENCY_CHANGE);
        continue;
      }
      const columns = updatedColumns(account, values);
      const changed = (Object.keys(columns) as (keyof RecipientColumns)[]).filter((k) => account[k] !== columns[k]);
      if (changed.length > 0 && account.accountTypeId === ACCOUNT_TYPE.EXTERNAL) {
        refuse(rowNumber, 'recipientIdentifier', RECIPIENT_MESSAGES.ACCOUNT_NOT_EDITABLE);
        continue;
      }
      const before = (account.email ?? '').toLowerCase();
      if (email !== before) {
        const problem = emailProblem(email, account.id);
        if (problem) {
          refuse(rowNumber, 'email', problem);
          continue;
        }
        holders.get(before)?.delete(account.id);
        claimedBy.set(email, rowNumber);
      }
      updatedOnRow.set(identifier, rowNumber);
      if (changed.length > 0) plan.updates.push({ before: account, after: { id: account.id, ...columns } });
      else plan.unchanged += 1;
    } else {
      const problem = emailProblem(email);
      if (problem) {
        refuse(rowNumber, 'email', problem);
        continue;
      }
      claimedBy.set(email, rowNumber);
      plan.adds.push({
        rowNumber,
        inactive: values.action === ACCOUNT_FILE_ACTION.ADD_INACTIVE,
        agencyId: agency?.id ?? null,
        columns: recipientColumns(values.fields),
        identifier: '',
      });
    }
  }
  return plan;
}

/**
 * New accounts: the next Account IDs of the program, as the add endpoint takes them, then each recipient's portal user
 * and account (insertRecipients, a chunk a statement, each chunk built while the database writes the one before).
 * Usernames are the add endpoint's (core recipientUsernameCandidates): each row's first candidate that no earlier row
 * of the file was given; the database decides the rest, and a row whose name another writer holds goes again with its
 * next candidate. Answers the uuids of both in file order: the file's own audit row lists them, in place of an audit
 * row a user and an account (decision 0090).
 */
async function addAccounts(tx: Tx, programId: number, adds: PlannedAdd[], now: Date, lap: (phase: string) => void) {
  let highest = await highestGeneratedIdentifier(tx, programId);
  for (const add of adds) {
    const next = nextRecipientIdentifier(highest);
    if (!next) throw new Error(`the 8-digit Account ID range of program ${programId} is used up`);
    add.identifier = highest = next;
  }
  lap('numbered');
  const created = new Map<string, { accountUuid: string; userUuid: string }>();
  // The candidate each row tries next, and the names given so far (the accounts find their users by name).
  const round = adds.map(() => 0);
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
  let pending = adds.map((_, i) => i);
  while (pending.length > 0) {
    try {
      for (const [identifier, uuids] of await insertRecipients(tx, programId, pending, build, now))
        created.set(identifier, uuids);
    } catch (error) {
      // Only a writer that does not take the program's lock (a direct database load) can get here.
      if (isUniqueViolation(error, 'recipient_accounts_program_identifier_key'))
        throw AppError.conflict(RECIPIENT_MESSAGES.IDENTIFIER_TAKEN);
      throw error;
    }
    pending = pending.filter((i) => !created.has(adds[i]!.identifier));
  }
  return {
    createdAccounts: adds.map((add) => created.get(add.identifier)!.accountUuid),
    createdUsers: adds.map((add) => created.get(add.identifier)!.userUuid),
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
