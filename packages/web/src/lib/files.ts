// Pure rules of picked files and uploads (A§5, B§5 Files, B§9), kept free of the browser so they test in Node.

/** Whole percent of an upload, never 100 before the last byte has gone. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  const percent = Math.floor((loaded / total) * 100);
  return Math.min(Math.max(percent, 0), 100);
}

export interface FileRules {
  /** Accepted extensions with their dot, any case: `['.csv', '.xls', '.xlsx']`. */
  accept: readonly string[];
  maxBytes: number;
}

/**
 * Why a picked file cannot be uploaded (A§5, B§5 Files): 'type' when its name ends in none of the accepted
 * extensions, 'size' when it is larger than the limit; null when it may go. An empty file passes here: A§5/B§5 answer
 * it at submit with the 'You must select an input file.' dialog, as for no file.
 */
export function fileProblem(file: { name: string; size: number }, rules: FileRules): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  if (rules.accept.length > 0 && !rules.accept.some((ext) => name.endsWith(ext.toLowerCase()))) return 'type';
  if (file.size > rules.maxBytes) return 'size';
  return null;
}

/** A size as people read it: '512 bytes', '12.3 KB', '1 MB' (binary units, as the 1 MB = 1048576 bytes limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
