import { asc, eq, inArray } from 'drizzle-orm';
import { applicationPrograms, applications, programs } from '../db/schema/index.js';
import type { CallerContext } from './context.js';

/**
 * The programs in the caller's scope (platform admins: every program), sorted by name. Shared by the session
 * user, the program lists and every screen that offers a program choice.
 */
export function callerProgramsQuery(ctx: CallerContext) {
  const query = ctx.db.select().from(programs).orderBy(asc(programs.name), asc(programs.id));
  if (ctx.caller.scope === 'all') return query;
  return query.where(inArray(programs.id, ctx.caller.programIds.length ? [...ctx.caller.programIds] : [-1]));
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
