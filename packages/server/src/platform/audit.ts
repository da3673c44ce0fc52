import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { RequestContext } from './context.js';

/** Fields never copied into the audit log, whatever the entity: secrets stay in their own hashed columns. */
const SECRET_FIELDS = /(password|hash|token|answer|pan|otp|encrypted|secret|taxId|bankAccountNumber)/i;

export interface AuditEntry {
  action: string; // e.g. 'create', 'update', 'void', 'sign-in'
  entity: string; // table-like name: 'benefit', 'recipient_account', 'session'
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Who acted, when the request has no caller yet (a sign-in names the user it signs in). */
  actorUserId?: number | null;
}

/**
 * Writes who, when, what and the before/after of the changed fields (architecture.md "Audit"), for one change or many
 * (a file import, the benefit life-cycle job): one row per entry, the actor the entry names or else the caller. Call it
 * in the same transaction as the change, so a change without its audit row cannot exist. Only changed fields are kept.
 * Many entries go in multi-row INSERTs, AUDIT_BATCH rows a statement, never one statement per row.
 */
export async function recordAudit(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'caller' | 'ip' | 'requestId' | 'now'>,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const stamp = auditStamp(ctx);
  const row = (entry: AuditEntry) => ({
    at: stamp.at,
    actor_user_id: entry.actorUserId ?? stamp.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    ...changedFields(entry.before ?? null, entry.after ?? null),
    ip: stamp.ip,
    request_id: stamp.requestId,
  });
  if (!Array.isArray(entries)) {
    const one = row(entries as AuditEntry);
    await db.insert(auditLog).values({
      at: new Date(one.at),
      actorUserId: one.actor_user_id,
      action: one.action,
      entity: one.entity,
      entityId: one.entity_id,
      before: one.before,
      after: one.after,
      ip: one.ip,
      requestId: one.request_id,
    });
    return;
  }
  // The JSON of a batch is built while the database inserts the one before (one statement in flight at a time, as
  // a transaction's connection allows): a 1 MB file of updates writes 10,000 audit rows, and building them is a third
  // of the audit's time.
  let previous: Promise<void> | undefined;
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    const json = JSON.stringify(entries.slice(i, i + AUDIT_BATCH).map(row));
    await previous;
    // `.then` sends it now (Drizzle's queries are lazy); the catch only keeps an early exit from leaving it unheard,
    // the next `await previous` still throws its error.
    previous = db
      .execute(
        sql`
      insert into ${auditLog} (at, actor_user_id, action, entity, entity_id, before, after, ip, request_id)
      select at, actor_user_id, action, entity, entity_id, before, after, ip, request_id
      from jsonb_to_recordset(${json}::jsonb) as x(at timestamptz, actor_user_id int, action varchar(60), entity varchar(60),
        entity_id varchar(100), before jsonb, after jsonb, ip varchar(64), request_id varchar(64))`,
      )
      .then(() => undefined);
    previous.catch(() => undefined);
  }
  await previous;
}

export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const clean = (record: Record<string, unknown> | null, keys: string[]) =>
    record
      ? Object.fromEntries(
          keys.filter((k) => k in record).map((k) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : record[k]]),
        )
      : null;
  if (!before || !after) {
    const only = before ?? after;
    const keys = only ? Object.keys(only) : [];
    return { before: clean(before, keys), after: clean(after, keys) };
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return { before: clean(before, keys), after: clean(after, keys) };
}

/** Rows per INSERT of many entries: one JSON parameter each, well under any statement limit. */
const AUDIT_BATCH = 2000;

/**
 * Who, when and from where, as every audit row of a request records it: recordAudit's rows, and the rows a statement
 * builds in SQL beside the change it makes (the file imports' inserts).
 */
export function auditStamp(ctx: Pick<RequestContext, 'caller' | 'ip' | 'requestId' | 'now'>) {
  return {
    at: ctx.now().toISOString(),
    actorUserId: ctx.caller?.userId ?? null,
    ip: ctx.ip?.slice(0, 64) ?? null,
    requestId: ctx.requestId?.slice(0, 64) ?? null,
  };
}
export type AuditStamp = ReturnType<typeof auditStamp>;
