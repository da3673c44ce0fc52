import { and, eq } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import {
  isLastAdminRemovingSelf,
  mayAdministerProgram,
  PROGRAM_ADMIN_MESSAGES,
  type ProgramUser,
} from '@ebt/core/program-admins';
import type { MessageAnswer } from '@ebt/core/roles';
import { userPrograms, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { userScope } from '../../platform/user-scope.js';
import { isAssigned, lockAdminCount, programAdmins, programForCaller } from './queries.js';

// Program admins of a program (A§3 "Program admin", A§7, B§7, resolution 21; docs/decisions/0025): listed on the
// program view and the admin program edit; added with PROGRAM_USER_ADD and removed with PROGRAM_USER_DELETE, by a
// platform admin for any program and by a program admin for their own programs (another program answers 404).

const ENTITY = 'program_user';

async function programOr404(ctx: CallerContext, programUuid: string) {
  const program = await programForCaller(ctx.db, ctx.caller, programUuid);
  if (!program) throw AppError.notFound(PROGRAM_ADMIN_MESSAGES.PROGRAM_NOT_FOUND);
  return program;
}

export async function listProgramAdmins(context: RequestContext, programUuid: string): Promise<ProgramUser[]> {
  const ctx = requireCaller(context);
  const program = await programOr404(ctx, programUuid);
  return programAdmins(ctx.db, program.id);
}

export async function addProgramAdmin(
  context: RequestContext,
  programUuid: string,
  userUuid: string,
): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  const program = await programOr404(ctx, programUuid);
  return ctx.db.transaction(async (tx) => {
    // The person added must be one the caller may see (a program admin adds users of their own programs).
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.uuid, userUuid.toLowerCase()), userScope(ctx.caller)))
      .for('update')
      .limit(1);
    if (!user) throw AppError.notFound(PROGRAM_ADMIN_MESSAGES.USER_NOT_FOUND);
    if (!mayAdministerProgram(user.roleId))
      throw AppError.badRequest(PROGRAM_ADMIN_MESSAGES.NOT_ADMIN_ROLE, 'userUuid');
    if (user.statusId === USER_STATUS.DISABLED || user.statusId === USER_STATUS.DELETED)
      throw AppError.conflict(PROGRAM_ADMIN_MESSAGES.USER_NOT_ACTIVE, 'userUuid');
    const inserted = await tx
      .insert(userPrograms)
      .values({ userId: user.id, programId: program.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ userId: userPrograms.userId });
    if (inserted.length === 0) throw AppError.conflict(PROGRAM_ADMIN_MESSAGES.USER_ALREADY_PROGRAM_ADMIN, 'userUuid');
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: ENTITY,
      entityId: `${program.uuid}/${user.uuid}`,
      after: { programUuid: program.uuid, userUuid: user.uuid, username: user.username },
    });
    return { message: PROGRAM_ADMIN_MESSAGES.USER_ADDED_TO_PROGRAM };
  });
}

export async function removeProgramAdmin(
  context: RequestContext,
  programUuid: string,
  userUuid: string,
): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  const program = await programOr404(ctx, programUuid);
  return ctx.db.transaction(async (tx) => {
    const admins = await lockAdminCount(tx, program.id);
    const [user] = await tx
      .select({ id: users.id, uuid: users.uuid, username: users.username })
      .from(users)
      .where(eq(users.uuid, userUuid.toLowerCase()))
      .limit(1);
    if (!user || !(await isAssigned(tx, program.id, user.id)))
      throw AppError.notFound(PROGRAM_ADMIN_MESSAGES.NOT_PROGRAM_ADMIN);
    if (isLastAdminRemovingSelf(admins, ctx.caller.userId, user.id))
      throw AppError.conflict(PROGRAM_ADMIN_MESSAGES.LAST_ADMIN_SELF, 'userUuid');
    await tx.delete(userPrograms).where(and(eq(userPrograms.programId, program.id), eq(userPrograms.userId, user.id)));
    await recordAudit(tx, ctx, {
      action: 'delete',
      entity: ENTITY,
      entityId: `${program.uuid}/${user.uuid}`,
      before: { programUuid: program.uuid, userUuid: user.uuid, username: user.username },
    });
    return { message: PROGRAM_ADMIN_MESSAGES.USER_REMOVED_FROM_PROGRAM };
  });
}
