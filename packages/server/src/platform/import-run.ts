import { performance } from 'node:perf_hooks';
import {
  FILE_CHECK_ROWS_MAX,
  FILE_IMPORT_ERRORS_MAX,
  type FileCheckAnswer,
  type FileCheckRow,
  type FileImportAnswer,
  type FileImportCounts,
} from '@ebt/core/imports';
import type { Tx } from '../db/client.js';
import { type AuditEntry, recordAudit } from './audit.js';
import type { CallerContext } from './context.js';
import type { AppError } from './errors.js';
import { type ImportedSheet, mapColumns, parseSpreadsheet, type UploadedFile } from './file-import.js';
import { replanStatements } from './import-sql.js';
import { type CheckScope, checkTokenFor, requireCheckedFile } from './import-check.js';

// The skeleton every file import runs on (the account file, the benefit file; docs/adding-an-area.md):
//   read the upload (file-import.ts: streaming, bounded) → each row's cells by column → the rows' own checks →
//   plan against the database in sets (look-ups of every key of the file at once, locks) → apply in one transaction
//   (multi-row writes) → audit (the changes' rows and the file's own) → answer (imports/file-answer.ts).
// A module gives its columns and what is particular to its rows; it never writes a query per row, and a row it
// refuses changes nothing: every check that can refuse a row runs before that row is written, and all writes happen
// in the one transaction, so a failure of the database itself leaves nothing behind.

/** A data row's cells by the column they fill (absent column: undefined; empty cell: ''). */
export interface ImportRow<C extends string> {
  /** The row as the spreadsheet shows it (the header is usually row 1). */
  rowNumber: number;
  cells: Partial<Record<C, string>>;
}

/** The problems of the rows refused so far: a row with at least one is rejected and nothing of it is written. */
export class RowProblems<C extends string> {
  private readonly byRow = new Map<number, { column?: C; reason: string }[]>();

  refuse(row: number, column: C | undefined, reason: string): void {
    const list = this.byRow.get(row) ?? [];
    list.push(column === undefined ? { reason } : { column, reason });
    this.byRow.set(row, list);
  }

  isRefused(row: number): boolean {
    return this.byRow.has(row);
  }

  get rowCount(): number {
    return this.byRow.size;
  }

  /** One refused row's reasons as a check lists them: 'Column: reason' (the column as the file's header spells it). */
  reasonsOf(row: number, label: Record<C, string>): string[] {
    return (this.byRow.get(row) ?? []).map((p) =>
      p.column === undefined ? p.reason : `${label[p.column]}: ${p.reason}`,
    );
  }

  /**
   * The answer's `errors`: by row, then in `columnOrder` when given (else as found), the column as the file's
   * header spells it; at most FILE_IMPORT_ERRORS_MAX.
   */
  list(label: Record<C, string>, columnOrder?: readonly C[]): Pick<FileImportAnswer, 'errors' | 'errorsTruncated'> {
    const order = new Map(columnOrder?.map((column, i) => [column, i]));
    const rank = (column?: C) => (column === undefined ? -1 : (order.get(column) ?? -1));
    const all = [...this.byRow.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([row, problems]) =>
        (columnOrder ? [...problems].sort((a, b) => rank(a.column) - rank(b.column)) : problems).map((p) =>
          p.column === undefined ? { row, reason: p.reason } : { row, column: label[p.column], reason: p.reason },
        ),
      );
    return { errors: all.slice(0, FILE_IMPORT_ERRORS_MAX), errorsTruncated: all.length > FILE_IMPORT_ERRORS_MAX };
  }
}

/** Rows checked between two turns of the event loop (checkedRows). */
export const CHECK_SLICE = 500;

/** A row's own problems, as a module's check answers them. */
export interface CheckProblems<C extends string> {
  problems: readonly { column?: C; reason: string }[];
}

/** See checkedRows. */
export interface RowChecks<T> {
  /** Every row has been checked. */
  readonly done: boolean;
  next(): T[];
}

/**
 * The rows' own checks a slice at a time, in file order: an import checks rows while the database answers its
 * look-ups (decision 0078) and, where its plan allows, while it writes the rows checked before (decision 0094).
 * `next` checks the next slice, refuses the rows with problems and answers what `check` made of the others.
 */
export function checkedRows<C extends string, T extends object>(
  rows: readonly ImportRow<C>[],
  problems: RowProblems<C>,
  check: (row: ImportRow<C>) => T | CheckProblems<C>,
  size = CHECK_SLICE,
): RowChecks<T> {
  let start = 0;
  return {
    get done() {
      return start >= rows.length;
    },
    next(): T[] {
      const passed: T[] = [];
      for (const row of rows.slice(start, start + size)) {
        const checked = check(row);
        if ('problems' in checked) for (const p of checked.problems) problems.refuse(row.rowNumber, p.column, p.reason);
        else passed.push(checked);
      }
      start += size;
      return passed;
    },
  };
}

/** What every phase of an import sees. */
export interface ImportRun<C extends string> {
  ctx: CallerContext;
  upload: UploadedFile;
  sheet: ImportedSheet;
  /** Each column as the file's header spells it (the first accepted name when the file lacks it). */
  label: Record<C, string>;
  /** The columns the header has. */
  columns: readonly C[];
  /** The data rows, in file order (blank rows are skipped by the reader). */
  rows: ImportRow<C>[];
  problems: RowProblems<C>;
  /** Marks the end of a phase: the import's log line carries the milliseconds since the request handler began. */
  lap(phase: string): void;
}

/** What applying the plan did: the counts, the changes' audit entries and what the file's own audit row adds. */
export interface ImportOutcome extends FileImportCounts {
  /** Audit rows of the changes not written by the statements themselves, written before the file's own row. */
  audit: AuditEntry[];
  /** The file's own audit row: what it is about (the program of an account file) and details beside the counts. */
  fileEntityId: string | null;
  fileDetail?: Record<string, unknown>;
  /** Beside the counts on the import's log line (no row content, no personal data). */
  logDetail?: Record<string, unknown>;
  /**
   * The rows (by row number) that added a record, and those that named one exactly as it is: a check answers each
   * row's outcome from them (a row neither refused nor listed here changed a record).
   */
  addedRows: readonly number[];
  unchangedRows: readonly number[];
}

export interface FileImport<C extends string, Read, Plan> {
  /** The file's audit entity and log name: 'account_file', 'benefit_file'. */
  entity: string;
  /** The message of the answer: 'Account file processed.' (part 2 §8), 'Benefit file processed.' (part 1 §8). */
  message: string;
  /** The columns and the header names each accepts (file-import.ts mapColumns). */
  columns: Record<C, readonly string[]>;
  /** Within a row, problems are listed in this column order (default: as found). */
  columnOrder?: readonly C[];
  /** The column a check shows as each row's key (Account ID, Authorization Number, Merchant ID). */
  keyColumn: C;
  /** The lines saying what the header lacks (none: it has every required column). */
  missingColumns(present: readonly C[], label: Record<C, string>): string[];
  /** What a file with a header and no data row is told. */
  noRowsReason: string;
  /** The 422 of a file that cannot be used as a whole (unreadable, missing columns, no rows). */
  invalidFile(lines: string[]): AppError;
  /** The rows' own checks, before the transaction: refuse rows through `run.problems`. */
  read(run: ImportRun<C>): Read | Promise<Read>;
  /** In the transaction: look everything up in sets, lock, decide each row (refusing some). */
  plan(tx: Tx, run: ImportRun<C>, read: Read): Promise<Plan>;
  /** In the same transaction: the multi-row writes of the plan. */
  apply(tx: Tx, run: ImportRun<C>, plan: Plan): Promise<ImportOutcome>;
}

/** Runs a file import (or its check) for a module: `runFileImport` or `checkFileImport`. */
export type FileImportRunner<A> = <C extends string, Read, Plan>(
  ctx: CallerContext,
  upload: UploadedFile,
  definition: FileImport<C, Read, Plan>,
  scope: CheckScope,
) => Promise<A>;

/**
 * Runs one file import: see the top of this file. With a `checkToken` field beside the file, the file must be the
 * one a check answered that token for (same bytes, caller, program and kind), else 409 and nothing is read.
 */
export async function runFileImport<C extends string, Read, Plan>(
  ctx: CallerContext,
  upload: UploadedFile,
  definition: FileImport<C, Read, Plan>,
  scope: CheckScope,
): Promise<FileImportAnswer> {
  requireCheckedFile(ctx, upload, definition.entity, scope);
  const { answer } = await run(ctx, upload, definition, false);
  return answer;
}

/**
 * Checks a file (decision 0117): the import's every phase, in its transaction, audit included, then a rollback, so
 * nothing is written and no notification is queued. Answers the counts and errors the import would answer, the first
 * FILE_CHECK_ROWS_MAX rows' outcomes and the token the import takes to accept this very file.
 */
export async function checkFileImport<C extends string, Read, Plan>(
  ctx: CallerContext,
  upload: UploadedFile,
  definition: FileImport<C, Read, Plan>,
  scope: CheckScope,
): Promise<FileCheckAnswer> {
  const { answer, rows, rowsTruncated } = await run(ctx, upload, definition, true);
  return Object.assign(answer, { rows, rowsTruncated }, checkTokenFor(ctx, upload, definition.entity, scope));
}

/** Thrown at the end of a check's transaction so that it rolls back; carries what the check found. */
class CheckRollback {
  constructor(readonly found: unknown) {}
}

async function run<C extends string, Read, Plan>(
  ctx: CallerContext,
  upload: UploadedFile,
  definition: FileImport<C, Read, Plan>,
  check: boolean,
): Promise<{ answer: FileImportAnswer; rows: FileCheckRow[]; rowsTruncated: boolean }> {
  // Phase times go to the log line of each import: what bench/README.md reports, visible in production too.
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (phase: string) => {
    timings[phase] = Math.round(performance.now() - started);
  };

  const sheet = await parseSpreadsheet(upload.data);
  lap('parsed');
  const { index, label } = mapColumns(sheet.header, definition.columns);
  const columns = Object.keys(index) as C[];
  const missing = definition.missingColumns(columns, label);
  if (missing.length > 0) throw definition.invalidFile(missing);
  if (sheet.rows.length === 0) throw definition.invalidFile([definition.noRowsReason]);

  const rows = sheet.rows.map(({ rowNumber, cells: line }) => {
    const cells: Partial<Record<C, string>> = {};
    for (const column of columns) cells[column] = line[index[column]!] ?? '';
    return { rowNumber, cells };
  });
  const problems = new RowProblems<C>();
  const run: ImportRun<C> = { ctx, upload, sheet, label, columns, rows, problems, lap };
  const read = await definition.read(run);
  lap('read');

  const transaction = ctx.db.transaction(async (tx) => {
    // The checks of the foreign keys the writes meet are planned for the tables as they are now, not as they were
    // when this connection last planned them (decision 0095).
    await replanStatements(tx);
    const plan = await definition.plan(tx, run, read);
    lap('planned');
    const applied = await definition.apply(tx, run, plan);
    lap('applied');
    const counts = {
      processed: rows.length,
      added: applied.added,
      updated: applied.updated,
      unchanged: applied.unchanged,
      rejected: problems.rowCount,
    };
    await recordAudit(tx, ctx, [
      ...applied.audit,
      {
        action: 'import',
        entity: definition.entity,
        entityId: applied.fileEntityId,
        before: null,
        after: { fileName: auditFileName(upload.fileName), format: sheet.format, ...counts, ...applied.fileDetail },
      },
    ]);
    const done = {
      counts,
      logDetail: applied.logDetail,
      rowOutcomes: check ? rowOutcomes(run, definition, applied) : [],
    };
    if (check) throw new CheckRollback(done);
    return done;
  });
  const outcome = check
    ? await transaction.then(
        () => {
          throw new Error('a file check committed');
        },
        (error: unknown) => {
          if (error instanceof CheckRollback) return error.found as Awaited<typeof transaction>;
          throw error;
        },
      )
    : await transaction;
  lap('done');

  // One line per import for operations: how big, what it did, how long (no row content, no personal data).
  ctx.log.info(
    { format: sheet.format, bytes: upload.data.length, ...outcome.counts, ...outcome.logDetail, ms: timings },
    `${definition.entity.replace('_', ' ')} ${check ? 'checked' : 'imported'}`,
  );
  return {
    answer: { message: definition.message, ...outcome.counts, ...problems.list(label, definition.columnOrder) },
    rows: outcome.rowOutcomes,
    rowsTruncated: rows.length > FILE_CHECK_ROWS_MAX,
  };
}

/** The first FILE_CHECK_ROWS_MAX rows' outcomes: refused first, then added, unchanged, else updated. */
function rowOutcomes<C extends string>(
  { rows, problems, label }: ImportRun<C>,
  definition: { keyColumn: C },
  applied: ImportOutcome,
): FileCheckRow[] {
  const added = new Set(applied.addedRows);
  const unchanged = new Set(applied.unchangedRows);
  return rows.slice(0, FILE_CHECK_ROWS_MAX).map(({ rowNumber, cells }) => {
    const key = (cells[definition.keyColumn] ?? '').trim();
    if (problems.isRefused(rowNumber))
      return { row: rowNumber, outcome: 'refused', key, reasons: problems.reasonsOf(rowNumber, label) };
    const outcome = added.has(rowNumber) ? 'added' : unchanged.has(rowNumber) ? 'unchanged' : 'updated';
    return { row: rowNumber, outcome, key, reasons: [] };
  });
}

// Control characters, and a surrogate without its pair (in unicode mode a well-formed pair is one code point, outside
// the range, so only a lone half matches).
const UNSTORABLE_IN_A_NAME = /\p{Cc}|[\ud800-\udfff]/gu;

/**
 * The uploaded file's name as the audit row keeps it: the browser sends it (a crafted `filename*=` can hold a NUL or
 * half an emoji, which PostgreSQL's jsonb refuses, and the whole import would roll back), so control characters and
 * lone surrogates go, and it is cut at 200 characters by code point, never inside one.
 */
export function auditFileName(name: string): string {
  const clean = name.replace(UNSTORABLE_IN_A_NAME, '');
  return [...clean].slice(0, 200).join('');
}
