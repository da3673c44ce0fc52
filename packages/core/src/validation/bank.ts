// ABA routing numbers (decision 0057): nine digits whose weighted sum (3, 7, 1 repeated) is a
// multiple of ten. A routing number that fails it names no bank, and an ACH file with it is returned.

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** True for nine digits with a valid ABA check digit. */
export function routingNumberValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % 10 === 0;
}

/** The check digit that completes eight digits into a valid routing number (seeds and tests). */
export function routingCheckDigit(first8: string): string {
  const sum = WEIGHTS.slice(0, 8).reduce((total, weight, i) => total + weight * Number(first8[i]), 0);
  return String((10 - (sum % 10)) % 10);
}
