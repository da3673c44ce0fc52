import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// SQL pieces every search screen shares (docs/data-model.md "Indexes and the searches they serve").

/** `%`, `_` and `\` typed by a person match themselves, not any text (decision 0006 "Searches"). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `lower(col) like lower('smi') || '%'`, the form the `lower(col) text_pattern_ops` indexes serve. The pattern is
 * lowered by PostgreSQL, not JavaScript, so it folds case exactly as the index expression does. Pass the lowered
 * expression: sql`lower(${table.column})`.
 */
export function startsWith(lowered: SQL, value: string): SQL {
  return sql`${lowered} like lower(${`${escapeLike(value)}%`})`;
}

/** A case-sensitive prefix (digits of a phone number), served by a `col text_pattern_ops` index. */
export function startsWithExactly(expression: AnyColumn | SQL, value: string): SQL {
  return sql`${expression} like ${`${escapeLike(value)}%`}`;
}
