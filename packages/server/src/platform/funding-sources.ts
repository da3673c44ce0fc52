import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Holds funding sources FOR KEY SHARE until the transaction ends, and answers those still there. Benefits name their
 * funding source without a foreign key (decision 0123: an accrual's check would lock the incentive's source at every
 * purchase), so a staff writer that gives benefits a source holds it as the key did: a program save removing the
 * source waits for the writer's commit, and its trigger then finds the benefit and refuses. Only the staff's paths
 * call this; the engine names sources a benefit or incentive already holds.
 */
export async function holdFundingSources(tx: DbOrTx, ids: readonly (number | null)[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Set();
  const result = await tx.execute(
    sql`select id from funding_sources where id = any(${`{${wanted.join(',')}}`}::int[]) order by id for key share`,
  );
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}
