import { z } from 'zod';

// The answer of every file import (part 1 §7 POST /benefit-api/benefit/file, part 2 §7 POST
// /account-api/account/file/{programUuid} and /merchant-api/merchant/file): the specification names `processed`,
// `added` and `updated` for each file and the message 'Account file processed.' / 'Benefit file processed.' with those
// counts (§8); `unchanged`, `rejected`, `errors` and `errorsTruncated` are ours, the same for every file
// (docs/account-file.md, docs/benefit-file.md), so one screen component and one server skeleton serve them all.

/** The most entries `errors` lists: a 10,000-row file of bad rows still answers a readable, bounded body. */
export const FILE_IMPORT_ERRORS_MAX = 1000;

/** One problem of a refused row, or of the whole file (row 0). */
export const FileImportRowError = z.object({
  /** The row as the spreadsheet shows it (the header is usually row 1); 0 for the whole file. */
  row: z.number().int().min(0),
  /** The column as the file's header spells it; absent when the problem is about the whole row. */
  column: z.string().optional(),
  reason: z.string(),
});
export type FileImportRowError = z.infer<typeof FileImportRowError>;

/**
 * 200 of a file import. Every data row is processed and ends up in exactly one of added, updated, unchanged or
 * rejected (processed = added + updated + unchanged + rejected); a rejected row changed nothing and has one or more
 * entries in `errors`, in row order, at most FILE_IMPORT_ERRORS_MAX of them.
 */
export const FileImportAnswer = z.object({
  /** 'Account file processed.', 'Benefit file processed.' (part 1 §8, part 2 §8). */
  message: z.string(),
  /** Data rows read (blank rows are not counted). */
  processed: z.number().int().min(0),
  /** Rows that created a record. */
  added: z.number().int().min(0),
  /** Rows that changed an existing record. */
  updated: z.number().int().min(0),
  /** Rows naming an existing record exactly as it is (a file uploaded twice changes nothing the second time). */
  unchanged: z.number().int().min(0),
  /** Rows refused; each has its reasons in `errors`. */
  rejected: z.number().int().min(0),
  errors: z.array(FileImportRowError),
  /** True when more problems were found than `errors` lists. */
  errorsTruncated: z.boolean(),
});
export type FileImportAnswer = z.infer<typeof FileImportAnswer>;

/** The counts of an answer, as the import decided them (the skeleton adds message, processed and errors). */
export type FileImportCounts = Pick<FileImportAnswer, 'added' | 'updated' | 'unchanged'>;
