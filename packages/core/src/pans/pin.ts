// A card's PIN (docs/security.md "Card PINs"): four digits the cardholder chooses, refused when anyone could guess it.

export const PIN_PATTERN = /^\d{4}$/;

/** Wrong PINs a card takes in a day (the program's day) before it refuses PIN calls until midnight. */
export const PIN_TRIES_PER_DAY = 4;

/**
 * Why a PIN may not be chosen, or null: not four digits ('format'); four equal digits, a run up or down (1234, 4321,
 * 0123, 9876 ...) or one of the few PINs everyone tries first ('trivial'); the card's own last four digits ('card').
 * Years are allowed: too many recipients would lose the PIN they remember.
 */
export function pinProblem(pin: string, cardLast4: string | null): 'format' | 'trivial' | 'card' | null {
  if (!PIN_PATTERN.test(pin)) return 'format';
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => x - d[i]!);
  if (steps.every((s) => s === 0)) return 'trivial';
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return 'trivial';
  if (COMMON.has(pin)) return 'trivial';
  if (cardLast4 !== null && pin === cardLast4) return 'card';
  return null;
}

/** The PINs tried first by anyone holding a card (after runs and repeats): pairs repeated, and the keypad's column. */
const COMMON = new Set(['1212', '6969', '2580', '0852', '1004', '1122', '1313', '2020']);
