import {
  applicationNumber,
  FARMER_APPLICATION_PAGE_SIZE,
  type FarmerApplicationSearchQuery,
  type FarmerApplicationSearchResult,
  type FarmerApplicationStatus,
} from '@ebt/core/farmer-applications';
import { canSeeProgram } from '../../platform/caller.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { defineSearch, searchPage } from '../../platform/search.js';
import { countQueue, type QueueFilter, queueRows } from './queries.js';

// The staff review queue (docs/decisions/0111): applications naming one of the caller's programs, waiting ones first
// (the longest waiting at the top), then the decided ones newest first. A program criterion outside the caller's scope
// matches nothing, as for any search (an empty page). The queue has no export.

export const QUEUE_COUNT_CAP = 1000;
const MAX_ID = 2_147_483_647;

const QUEUE = defineSearch({
  name: 'farmer-applications',
  countCap: QUEUE_COUNT_CAP,
  exportCap: 0,
  sheetName: 'Applications',
  columns: [],
  rows: (db, caller, filter: QueueFilter, window) => queueRows(db, caller, filter, window),
  count: countQueue,
  rowsWithCount: async (db, caller, filter: QueueFilter, window, cap) => {
    const rows = await queueRows(db, caller, filter, window, cap);
    return { rows, count: rows[0]?.count ?? undefined };
  },
  exportBatch: () => Promise.resolve([] as { id: number }[]),
});

/** An application number as staff type it: FA-000123, FA000123 or fa-123. */
const NUMBER = /^fa-?0*(\d{1,10})$/i;

function queueFilter(ctx: CallerContext, query: FarmerApplicationSearchQuery): QueueFilter | null {
  if (query.programId !== undefined && !canSeeProgram(ctx.caller, query.programId)) return null;
  const q = query.q?.trim() ?? '';
  const number = NUMBER.exec(q);
  const id = number ? Number(number[1]) : null;
  if (id !== null && id > MAX_ID) return null;
  return {
    programId: query.programId ?? null,
    status: (query.status as FarmerApplicationStatus | undefined) ?? null,
    id,
    contains: q === '' || id !== null ? null : q.toLowerCase(),
  };
}

/** GET /merchant-api/farmer-applications */
export async function searchApplications(
  context: RequestContext,
  query: FarmerApplicationSearchQuery,
): Promise<FarmerApplicationSearchResult> {
  const ctx = requireCaller(context);
  const found = await searchPage(ctx, QUEUE, queueFilter(ctx, query), {
    page: query.page,
    pageSize: FARMER_APPLICATION_PAGE_SIZE,
  });
  return {
    ...found,
    data: found.data.map((r) => ({
      applicationUuid: r.uuid,
      applicationNumber: applicationNumber(r.id),
      status: r.status as FarmerApplicationStatus,
      farmName: r.farmName,
      contactName: `${r.contactFirstName} ${r.contactLastName}`,
      email: r.email,
      city: r.city,
      programs: r.programs,
      submittedAt: r.submittedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** GET /merchant-api/farmer-applications/programs: the caller's programs, for the queue's program filter. */
export async function listStaffPrograms(context: RequestContext) {
  const ctx = requireCaller(context);
  return (await callerProgramsQuery(ctx)).map((p) => ({ programId: p.id, programName: p.name }));
}
