/**
 * Search forms (A§5 Recipient forms "Search", B§5): Search stays disabled until at least one criterion is entered.
 * A criterion counts when it is a string with something other than spaces, a finite number, `true`, a valid Date,
 * or a list or object holding such a value (a date range picker's `[start, end]`). Empty strings, null, undefined,
 * `false` (an unticked box narrows nothing) and NaN do not count.
 */
export function hasAnyCriterion(values: Record<string, unknown>): boolean {
  return Object.values(values).some(isCriterion);
}

function isCriterion(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (Array.isArray(value)) return value.some(isCriterion);
  if (typeof value === 'object') return Object.values(value).some(isCriterion);
  return true;
}

/**
 * The criteria as sent and cached: strings trimmed, empty ones dropped, so ' smith' and 'smith ' make one query key
 * and the server never sees blanks. Other values are kept as they are.
 */
export function cleanCriteria<T extends Record<string, unknown>>(values: T): Partial<T> {
  const clean: Partial<T> = {};
  for (const [name, value] of Object.entries(values) as [keyof T, unknown][]) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept === '' || kept === null || kept === undefined) continue;
    clean[name] = kept as T[keyof T];
  }
  return clean;
}
