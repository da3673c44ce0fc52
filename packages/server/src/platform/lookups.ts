import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { agencies } from '../db/schema/index.js';

// Look-ups by public uuid that several areas make before their own scope checks (canSeeAgency and the like).

/** The agency a request names by uuid, with its program, or undefined. The caller checks scope. */
export async function findAgencyByUuid(db: DbOrTx, agencyUuid: string) {
  const [agency] = await db
    .select({ id: agencies.id, uuid: agencies.uuid, programId: agencies.programId })
    .from(agencies)
    .where(eq(agencies.uuid, agencyUuid))
    .limit(1);
  return agency;
}
