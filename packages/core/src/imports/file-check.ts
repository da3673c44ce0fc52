import { z } from 'zod';
import { FileImportAnswer } from './file-answer.js';

// "Check file" before importing (decision 0117): the same POST as a file's import, on a sibling path ending in
// /check, runs the import and rolls it back, and answers what each row would do. The import then takes the answer's
// `checkToken` (multipart field `checkToken`) and refuses with 409 a file that is not the one checked.

/** The rows a check answers one by one at most; its counts always cover the whole file. */
export const FILE_CHECK_ROWS_MAX = 1000;

/** How long a check's token lets the same file be imported. */
export const FILE_CHECK_TOKEN_MINUTES = 30;

/** The multipart text field the import reads the token from. */
export const FILE_CHECK_TOKEN_FIELD = 'checkToken';

/** What a row would do. */
export const FileCheckOutcome = z.enum(['added', 'updated', 'unchanged', 'refused']);
export type FileCheckOutcome = z.infer<typeof FileCheckOutcome>;

/** One data row of a checked file. */
export const FileCheckRow = z.object({
  /** The row as the spreadsheet shows it (the header is usually row 1). */
  row: z.number().int().min(1),
  outcome: FileCheckOutcome,
  /** The row's key cell as the file has it (Account ID, Authorization Number, Merchant ID); '' when blank. */
  key: z.string(),
  /** Why a refused row would be refused (column as the file's header spells it, then the reason); else empty. */
  reasons: z.array(z.string()),
});
export type FileCheckRow = z.infer<typeof FileCheckRow>;

/**
 * 200 of a check: the counts and errors the import would answer, the first FILE_CHECK_ROWS_MAX rows one by one, and
 * the token that lets the import take this very file.
 */
export const FileCheckAnswer = FileImportAnswer.extend({
  rows: z.array(FileCheckRow),
  /** True when the file has more data rows than `rows` lists. */
  rowsTruncated: z.boolean(),
  checkToken: z.string(),
  /** When the token stops being accepted (ISO 8601). */
  checkTokenExpiresAt: z.string(),
});
export type FileCheckAnswer = z.infer<typeof FileCheckAnswer>;

/** Texts of the check (ours; staff pages only, English). */
export const FILE_CHECK_MESSAGES = {
  FILE_CHANGED: 'The file changed since it was checked. Check it again.',
  CHECK_EXPIRED: 'The check is more than 30 minutes old. Check the file again.',
  FILE_CHECKED: 'File checked. Nothing was imported.',
} as const;
