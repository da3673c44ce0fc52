// What the file imports' set-based statements share: a whole file's keys or rows go to the database as a few arrays
// or JSON parameters per statement, cut into parts so no statement grows without bound.

/**
 * The items in parts of at most `size`, in order. With `firstSize`, the first part is that size: a pipeline that
 * builds each part while the database writes the one before waits for the first part alone, so a small one starts
 * the database sooner.
 */
export function chunks<T>(items: readonly T[], size: number, firstSize = size): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += i === 0 ? firstSize : size)
    out.push(items.slice(i, i + (i === 0 ? firstSize : size)));
  return out;
}
