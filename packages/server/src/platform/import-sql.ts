// What the file imports' set-based statements share: a whole file's keys or rows go to the database as a few arrays
// or JSON parameters per statement, cut into parts so no statement grows without bound.

/** The items in parts of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
