import { asc, eq, inArray, sql } from 'drizzle-orm';
import { applicationPrograms, applications, programs } from '../db/schema/index.js';
import type { CallerContext } from './context.js';
import { preparedFor } from './prepared.js';

/**
 * The programs in the caller's scope (platform admins: every program), sorted by name. Shared by the session
 * user, the program lists and every screen that offers a program choice; prepared (platform/prepared.ts), with the
 * scope as parameters so one statement serves every caller.
 */
export function callerProgramsQuery(ctx: CallerContext) {
  return preparedFor(ctx.db, 'caller_programs', (db, name) =>
    db
      .select()
      .from(programs)
      .where(sql`${sql.placeholder('all')}::boolean or ${programs.id} = any(${sql.placeholder('ids')}::int[])`)
      .orderBy(asc(programs.name), asc(programs.id))
      .prepare(name),
  ).execute({ all: ctx.caller.scope === 'all', ids: [...ctx.caller.programIds] });
}

/** Online application definitions taken by the caller's programs: they decide the Applicants menu (part 1 §2). */
export async function callerApplications(ctx: CallerContext, programIds: number[]) {
  if (programIds.length === 0) return [];
  return ctx.db
    .selectDistinct({ applicationId: applications.id, name: applications.name })
    .from(applications)
    .innerJoin(applicationPrograms, eq(applicationPrograms.applicationId, applications.id))
    .where(inArray(applicationPrograms.programId, programIds))
    .orderBy(asc(applications.id));
}
