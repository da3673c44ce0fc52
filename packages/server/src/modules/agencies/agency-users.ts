import { and, eq } from 'drizzle-orm';
import {
  AGENCY_MESSAGES,
  type AgencyUserChanged,
  type AgencyUserParams,
  type MoveAgencyUserBody,
} from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { userAgencies } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { lockAgencies, lockUserWithAgencies } from './queries.js';

// POST, DELETE and PATCH /account-api/agency/{agencyUuid}/user/{userUuid} (B§2 "Update Agency", B§4 "Agency users",
// B§5, B§6, B§7; resolution 16; docs/decisions/0028-agencies.md). Program admins and platform admins manage the users
// of any agency of their programs; agency admins only agencies they belong to (the scope of the agency read), and only
// within one program. Each change is one transaction: the agencies locked first (in id order), then the user, then
// the link and the audit row. An agency or user outside the caller's scope answers 404 like a missing one. A user
// stays in one program (add refuses another program's agency) and in at least one agency (remove refuses the last).

const AGENCY_ROLES: readonly number[] = [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER];
const ENTITY = 'agency_user';

async function lockUser(tx: DbOrTx, ctx: CallerContext, userUuid: string) {
  const user = await lockUserWithAgencies(tx, ctx.caller, userUuid.toLowerCase());
  if (!user) throw AppError.notFound(AGENCY_MESSAGES.USER_NOT_FOUND);
  return user;
}

/** POST: adds a user of role 5 or 6 to the agency; 409 'This user is already assigned to the Agency.' (resolution 16). */
export async function addAgencyUser(context: RequestContext, params: AgencyUserParams): Promise<AgencyUserChanged> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const [agency] = await lockAgencies(tx, ctx.caller, [params.agencyUuid.toLowerCase()]);
    if (!agency) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
    const user = await lockUser(tx, ctx, params.userUuid);
    if (!AGENCY_ROLES.includes(user.roleId)) throw AppError.conflict(AGENCY_MESSAGES.USER_NOT_AGENCY_ROLE);
    if (user.links.some((l) => l.agencyId === agency.id))
      throw AppError.conflict(AGENCY_MESSAGES.USER_ALREADY_IN_AGENCY);
    // B§6 "only within the same program", for every caller (decision 0028): an agency user belongs to one program,
    // as a move keeps them in it; adding to another program's agency and then removing the old link would move a
    // user across programs in two steps.
    if (user.links.some((l) => l.programId !== agency.programId))
      throw AppError.conflict(AGENCY_MESSAGES.ADD_OTHER_PROGRAM);
    await tx.insert(userAgencies).values({ userId: user.id, agencyId: agency.id, createdAt: ctx.now() });
    await recordAudit(tx, ctx, {
      action: 'add',
      entity: ENTITY,
      entityId: `${agency.uuid}/${user.uuid}`,
      before: { agencyIds: user.links.map((l) => l.agencyId) },
      after: { agencyIds: [...user.links.map((l) => l.agencyId), agency.id] },
    });
    return { message: AGENCY_MESSAGES.USER_ADDED };
  });
}

/** DELETE: removes the user from the agency ('User removed.'); 404 when the user is not in it. */
export async function removeAgencyUser(context: RequestContext, params: AgencyUserParams): Promise<AgencyUserChanged> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const [agency] = await lockAgencies(tx, ctx.caller, [params.agencyUuid.toLowerCase()]);
    if (!agency) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
    const user = await lockUser(tx, ctx, params.userUuid);
    if (!user.links.some((l) => l.agencyId === agency.id)) throw AppError.notFound(AGENCY_MESSAGES.USER_NOT_IN_AGENCY);
    // Decision 0028: an agency admin or user keeps at least one agency; without one they have no place, and program
    // admins could no longer see them (platform/user-scope.ts) or add them back.
    if (user.links.length === 1) throw AppError.conflict(AGENCY_MESSAGES.REMOVE_LAST_AGENCY);
    await tx.delete(userAgencies).where(and(eq(userAgencies.userId, user.id), eq(userAgencies.agencyId, agency.id)));
    await recordAudit(tx, ctx, {
      action: 'remove',
      entity: ENTITY,
      entityId: `${agency.uuid}/${user.uuid}`,
      before: { agencyIds: user.links.map((l) => l.agencyId) },
      after: { agencyIds: user.links.map((l) => l.agencyId).filter((id) => id !== agency.id) },
    });
    return { message: AGENCY_MESSAGES.USER_REMOVED };
  });
}

/**
 * PATCH: moves the user from the agency of the path to the agency of the body ('User moved.'). Both agencies must be
 * the caller's and of one program; without an agency 400 'An agency must be selected.'.
 */
export async function moveAgencyUser(
  context: RequestContext,
  params: AgencyUserParams,
  body: MoveAgencyUserBody,
): Promise<AgencyUserChanged> {
  const ctx = requireCaller(context);
  const toUuid = body.agencyUuid?.toLowerCase();
  if (!toUuid) throw AppError.badRequest(AGENCY_MESSAGES.AGENCY_SELECTION_REQUIRED, 'agencyUuid');
  const fromUuid = params.agencyUuid.toLowerCase();
  if (toUuid === fromUuid) throw AppError.conflict(AGENCY_MESSAGES.MOVE_SAME_AGENCY, 'agencyUuid');
  return ctx.db.transaction(async (tx) => {
    const locked = await lockAgencies(tx, ctx.caller, [fromUuid, toUuid]);
    const from = locked.find((a) => a.uuid === fromUuid);
    const to = locked.find((a) => a.uuid === toUuid);
    if (!from || !to) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
    if (from.programId !== to.programId) throw AppError.conflict(AGENCY_MESSAGES.MOVE_OTHER_PROGRAM, 'agencyUuid');
    const user = await lockUser(tx, ctx, params.userUuid);
    if (!user.links.some((l) => l.agencyId === from.id)) throw AppError.notFound(AGENCY_MESSAGES.USER_NOT_IN_AGENCY);
    if (user.links.some((l) => l.agencyId === to.id)) throw AppError.conflict(AGENCY_MESSAGES.USER_ALREADY_IN_AGENCY);
    await tx
      .update(userAgencies)
      .set({ agencyId: to.id, createdAt: ctx.now() })
      .where(and(eq(userAgencies.userId, user.id), eq(userAgencies.agencyId, from.id)));
    const before = user.links.map((l) => l.agencyId);
    await recordAudit(tx, ctx, {
      action: 'move',
      entity: ENTITY,
      entityId: `${from.uuid}/${user.uuid}`,
      before: { agencyIds: before },
      after: { agencyIds: before.map((id) => (id === from.id ? to.id : id)), toAgencyUuid: to.uuid },
    });
    return { message: AGENCY_MESSAGES.USER_MOVED };
  });
}
