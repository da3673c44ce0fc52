import { ACCEPTED_FILE_EXTENSIONS, FILE_SIZE_LIMIT_BYTES } from '../constants/limits.js';

/** B§9: uploads are .csv, .xls or .xlsx, whatever the case of the extension. */
export function isAcceptedFileName(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return ACCEPTED_FILE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** A§5/B§5: at most 1 MB (1048576 bytes); an empty file counts as no file ('You must select an input file.'). */
export function isWithinFileSizeLimit(bytes: number): boolean {
  return bytes > 0 && bytes <= FILE_SIZE_LIMIT_BYTES;
}
