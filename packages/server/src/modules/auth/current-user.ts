import type { CurrentUser, SessionApplication, SessionProgram } from '@ebt/core/auth';
import { NOTIFICATION_STATUS } from '@ebt/core/enums';
import { isLanguage } from '@ebt/core/languages';
import { requireCaller, type RequestContext } from '../../platform/context.js';

/**
 * The session user of part 1 §3: who they are, their privileges, the programs in their scope (platform admins:
 * every program), the online applications of those programs (which decide the Applicants menu) and the unread
 * notification count (the recipient badge). The caller's own fields came with the session (platform/
 * caller-statement.ts); the rest is this one statement, so the call costs two in all.
 */
const CURRENT_USER_STATEMENT = `
select
  coalesce((select json_agg(json_build_object('programUuid', p.uuid, 'programId', p.id, 'programName', p.name,
                                              'timeZone', p.time_zone)
                            order by p.name, p.id)
              from programs p where $1::boolean or p.id = any($2::int[])), '[]'::json) as programs,
  coalesce((select json_agg(json_build_object('applicationId', a.id, 'name', a.name) order by a.id)
              from applications a
             where exists (select 1 from application_programs ap
                            where ap.application_id = a.id and ($1::boolean or ap.program_id = any($2::int[])))),
           '[]'::json) as applications,
  (select count(*)::int from notifications n where n.account_id = any($3::int[]) and n.status_id = $4) as unread`;

interface CurrentUserRow {
  programs: SessionProgram[];
  applications: SessionApplication[];
  unread: number;
}

export async function getCurrentUser(context: RequestContext): Promise<CurrentUser> {
  const { caller, prepared } = requireCaller(context);
  const [row] = await prepared<CurrentUserRow>('current_user', CURRENT_USER_STATEMENT, [
    caller.scope === 'all',
    [...caller.programIds],
    [...caller.accountIds],
    NOTIFICATION_STATUS.UNREAD,
  ]);
  const { profile } = caller;
  return {
    userId: caller.userId,
    userUuid: caller.userUuid,
    username: caller.username,
    email: profile.email,
    firstname: profile.firstName,
    middlename: profile.middleName,
    lastname: profile.lastName,
    mobile: profile.mobile,
    roleId: caller.roleId,
    preferredLanguage: isLanguage(profile.preferredLanguage) ? profile.preferredLanguage : null,
    privileges: [...caller.privileges].sort(),
    programs: row?.programs ?? [],
    applications: row?.applications ?? [],
    notificationsCount: row?.unread ?? 0,
  };
}
