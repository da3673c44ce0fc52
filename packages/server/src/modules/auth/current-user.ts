import { and, count, eq, inArray } from 'drizzle-orm';
import type { CurrentUser } from '@ebt/core/auth';
import { NOTIFICATION_STATUS } from '@ebt/core/enums';
import { notifications, users } from '../../db/schema/index.js';
import { callerApplications, callerProgramsQuery } from '../../platform/caller-programs.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/**
 * The session user of part 1 §3: who they are, their privileges, the programs in their scope (platform admins:
 * every program), the online applications of those programs (which decide the Applicants menu) and the unread
 * notification count (the recipient badge).
 */
export async function getCurrentUser(context: RequestContext): Promise<CurrentUser> {
  const ctx = requireCaller(context);
  const { db, caller } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw AppError.unauthorized();
  const programRows = await callerProgramsQuery(ctx);
  const [applicationRows, unread] = await Promise.all([
    callerApplications(
      ctx,
      programRows.map((p) => p.id),
    ),
    caller.accountIds.length === 0
      ? [{ value: 0 }]
      : db
          .select({ value: count() })
          .from(notifications)
          .where(
            and(
              inArray(notifications.accountId, [...caller.accountIds]),
              eq(notifications.statusId, NOTIFICATION_STATUS.UNREAD),
            ),
          ),
  ]);
  return {
    userId: user.id,
    userUuid: user.uuid,
    username: user.username,
    email: user.email,
    firstname: user.firstName,
    middlename: user.middleName,
    lastname: user.lastName,
    mobile: user.mobile,
    roleId: user.roleId,
    privileges: [...caller.privileges].sort(),
    programs: programRows.map((p) => ({ programUuid: p.uuid, programId: p.id, programName: p.name })),
    applications: applicationRows,
    notificationsCount: Number(unread[0]?.value ?? 0),
  };
}
