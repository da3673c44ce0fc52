import { sql } from 'drizzle-orm';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { fromCents } from '@ebt/core/format';
import type { DbOrTx } from '../db/client.js';
import { benefitIssuanceTotals, benefits } from '../db/schema/index.js';

// The funding roll-up of issued benefits (docs/decisions/0010-benefit-rules.md "Funding accounting"): the sum and
// count of non-Void benefits per program, funding source and agency, read by the dashboard and the funding screens.
// Everything that issues, voids or moves benefits between those keys adjusts it in the same transaction.

/** A change of the issuance roll-up: positive when benefits are issued, negative when they are voided. */
export interface IssuanceDelta {
  programId: number;
  fundingId: number | null;
  agencyId: number | null;
  amountCents: number;
  count: number;
}

/** The deltas merged per key, without those that change nothing, in the fixed order of the keys' locks. */
export function mergedIssuanceDeltas(deltas: readonly IssuanceDelta[]): IssuanceDelta[] {
  const merged = new Map<string, IssuanceDelta>();
  for (const d of deltas) {
    const key = `${d.programId}:${d.fundingId ?? ''}:${d.agencyId ?? ''}`;
    const sum = merged.get(key);
    if (sum) {
      sum.amountCents += d.amountCents;
      sum.count += d.count;
    } else merged.set(key, { ...d });
  }
  return [...merged.values()]
    .filter((d) => d.amountCents !== 0 || d.count !== 0)
    .sort(
      (a, b) =>
        a.programId - b.programId || (a.fundingId ?? 0) - (b.fundingId ?? 0) || (a.agencyId ?? 0) - (b.agencyId ?? 0),
    );
}

/**
 * Adds deltas to benefit_issuance_totals (decision 0010): issue (+amount, +1), void (-amount, -1), a funding source
 * or agency change (minus on the old key, plus on the new), an amount change by the file import (+difference, 0).
 * Keys are merged and written in a fixed order, so two transactions touching the same keys lock them in the same
 * order and cannot deadlock.
 */
export async function adjustIssuanceTotals(tx: DbOrTx, deltas: readonly IssuanceDelta[]): Promise<void> {
  const rows = mergedIssuanceDeltas(deltas);
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (d) =>
        sql`(${d.programId}::int, ${d.fundingId}::int, ${d.agencyId}::int, ${fromCents(d.amountCents)}::numeric, ${d.count}::int)`,
    ),
    sql`, `,
  );
  // Two statements, both safe under concurrency: make sure each key has a row (a concurrent insert of the same key
  // is absorbed by "do nothing"), then add to the rows, which locks them until the transaction ends.
  await tx.execute(sql`
    insert into ${benefitIssuanceTotals} (program_id, funding_source_id, agency_id)
    select v.program_id, v.funding_source_id, v.agency_id
    from (values ${values}) as v (program_id, funding_source_id, agency_id, amount, n)
    on conflict on constraint benefit_issuance_totals_key do nothing`);
  await tx.execute(sql`
    update ${benefitIssuanceTotals} t
    set issued_amount = t.issued_amount + v.amount, issued_count = t.issued_count + v.n, updated_at = now()
    from (values ${values}) as v (program_id, funding_source_id, agency_id, amount, n)
    where t.program_id = v.program_id
      and t.funding_source_id is not distinct from v.funding_source_id
      and t.agency_id is not distinct from v.agency_id`);
}

/**
 * Recomputes benefit_issuance_totals from the benefits (for bulk loads that bypass `applyIssueEffects`, such as the
 * demo data set, and as the reference a test compares the running totals with).
 */
export async function rebuildIssuanceTotals(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from ${benefitIssuanceTotals}`);
  await tx.execute(sql`
    insert into ${benefitIssuanceTotals} (program_id, funding_source_id, agency_id, issued_amount, issued_count)
    select program_id, funding_source_id, agency_id, sum(amount), count(*)
    from ${benefits}
    where status_id <> ${BENEFIT_STATUS.VOIDED}
    group by program_id, funding_source_id, agency_id`);
}
