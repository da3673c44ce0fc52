import { PAN_MASK_VISIBLE_DIGITS } from '../constants/limits.js';

/** B§9: a PAN is shown as '*' followed by its last 4 digits. */
export function maskPan(pan: string | null | undefined): string {
  if (!pan) return '';
  return `*${pan.slice(-PAN_MASK_VISIBLE_DIGITS)}`;
}
