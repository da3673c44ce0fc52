import { luhnValid } from '@ebt/core/validation';

// The demo data's card numbers are made by the same rules as the product's (resolution 5; @ebt/core/pans).
export { luhnCheckDigit, programPan } from '@ebt/core/pans';

export function isLuhnValid(pan: string): boolean {
  return luhnValid(pan);
}
