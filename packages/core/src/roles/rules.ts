import { USER_STATUS } from '../enums/statuses.js';

/**
 * Statuses 'Disable' applies to (B§4 leaves the set unshown; docs/decisions/0025): Pending, Registered and Enabled.
 * A disabled user is already there, and a deleted one is final.
 */
export const DISABLEABLE_STATUSES: readonly number[] = [
  USER_STATUS.PENDING,
  USER_STATUS.REGISTERED,
  USER_STATUS.ENABLED,
];

export function canDisable(statusId: number): boolean {
  return DISABLEABLE_STATUSES.includes(statusId);
}

/** Delete is offered unless the user is deleted (B§4). */
export function canDelete(statusId: number): boolean {
  return statusId !== USER_STATUS.DELETED;
}

/**
 * Ids sent as a repeated query parameter, a comma-separated one, or a JSON array (resolution 2): whole numbers,
 * each once, in the order first given. Anything else is not an id and is dropped by the schema before this.
 */
export function normalizeIds(input: readonly (string | number)[] | string | number | undefined): number[] {
  if (input === undefined) return [];
  const parts = (Array.isArray(input) ? input : [input]).flatMap((v) => String(v).split(','));
  const ids = parts
    .map((p) => p.trim())
    .filter((p) => /^\d{1,10}$/.test(p))
    .map(Number);
  return [...new Set(ids)];
}

/** Privilege ids asked for that the privilege table does not hold. */
export function unknownIds(asked: readonly number[], known: readonly number[]): number[] {
  return asked.filter((id) => !known.includes(id));
}
