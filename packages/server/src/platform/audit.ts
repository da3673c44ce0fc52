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
 * Writes who, when, what and the before/after of the changed fields (architecture.md "Audit"). Call it in the
 * same transaction as the change, so a change without its audit row cannot exist. Only changed fields are kept.
 */
export async function recordAudit(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'caller' | 'ip' | 'requestId' | 'now'>,
  entry: AuditEntry,
): Promise<void> {
  const { before, after } = changedFields(entry.before ?? null, entry.after ?? null);
  await db.insert(auditLog).values({
    at: ctx.now(),
    actorUserId: entry.actorUserId ?? ctx.caller?.userId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before,
    after,
    ip: ctx.ip?.slice(0, 64) ?? null,
    requestId: ctx.requestId?.slice(0, 64) ?? null,
  });
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
