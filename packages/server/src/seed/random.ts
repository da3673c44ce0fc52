/**
 * A small seeded pseudo-random generator (mulberry32) so the demo data set is the same on every machine and every
 * run for a given `now`: the same names, amounts, card numbers and uuids. Never Math.random.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Items picked by weight: weights[i] is the relative weight of items[i]. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A copy of the items in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** A string of `length` random decimal digits (leading zeros allowed). */
  digits(length: number): string;
  /** A version-4 shaped uuid built from the stream (deterministic, unlike gen_random_uuid()). */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const hex = (count: number): string => {
    let out = '';
    for (let i = 0; i < count; i++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as T;
      }
      return items[items.length - 1] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    digits(length: number): string {
      let out = '';
      for (let i = 0; i < length; i++) out += String(int(0, 9));
      return out;
    },
    uuid(): string {
      const variant = '89ab'[int(0, 3)];
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
  };
}
