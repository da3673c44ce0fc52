import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox, outboxAttachments } from '../db/schema/index.js';
import type { JobDefinition } from './jobs.js';

// Delivery of the outbox (issue 21 item 8, decision 0050). The job runs in every server process (`shared`: no lease),
// and each run claims its batch with FOR UPDATE SKIP LOCKED, moving the claimed rows' next_attempt_at past the time a
// send can take: two instances never take the same message, and a process that dies mid-send leaves its rows to be
// retried once the claim runs out. A failure is retried with exponential back-off, up to MAX_ATTEMPTS.

export const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** How long a claim holds: longer than a batch of sends can take. */
const CLAIM_MS = 5 * 60_000;
/** The first retry's delay; each further one doubles it (30 s, 1 min, 2 min, 4 min), at most an hour. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** The delay before the next try after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Something that sends an e-mail (nodemailer's transport; tests pass their own). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
}

/** The files of the claimed messages, by message id, in the order they were queued. */
async function attachmentsOf(db: Db, ids: number[]) {
  const byMessage = new Map<number, { filename: string; contentType: string; content: Buffer }[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, ids))
    .orderBy(asc(outboxAttachments.id));
  for (const r of rows) {
    const list = byMessage.get(r.outboxId) ?? [];
    list.push({ filename: r.filename, contentType: r.contentType, content: r.content });
    byMessage.set(r.outboxId, list);
  }
  return byMessage;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number | string;
  to: string;
  subject: string;
  body: string;
  attempts: number;
}

/** Claims up to `limit` e-mails due at `now`: counted as an attempt, held until the claim runs out. */
export async function claimOutbox(db: Db, now: Date, limit = BATCH): Promise<ClaimedRow[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with due as (
      select o.id from ${outbox} o
      where o.sent_at is null and o.channel = 'email' and o.attempts < ${MAX_ATTEMPTS}
        and (o.next_attempt_at is null or o.next_attempt_at <= ${at}::timestamptz)
      order by o.id
      limit ${limit}
      for update skip locked
    )
    update ${outbox} o
    set attempts = o.attempts + 1, next_attempt_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    from due where o.id = due.id
    returning o.id, o."to", o.subject, o.body, o.attempts`)) as { rows: ClaimedRow[] };
  return result.rows;
}

/** One run: claim a batch, send each, mark sent or schedule the retry. Answers how many were sent. */
export async function deliverOutbox(db: Db, transport: MailTransport, from: string, now: () => Date): Promise<number> {
  const claimed = await claimOutbox(db, now());
  const files = await attachmentsOf(
    db,
    claimed.map((m) => Number(m.id)),
  );
  let sent = 0;
  for (const message of claimed) {
    const id = Number(message.id);
    try {
      const attachments = files.get(id);
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.body,
        ...(attachments ? { attachments } : {}),
      });
      await db.execute(
        sql`update ${outbox} set sent_at = ${now().toISOString()}::timestamptz, next_attempt_at = null, last_error = null where id = ${id}`,
      );
      sent += 1;
    } catch (err) {
      // The reason, never the message: bodies carry codes and links (architecture.md).
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const retryAt = new Date(now().getTime() + backoffMs(message.attempts)).toISOString();
      await db.execute(
        sql`update ${outbox} set last_error = ${reason}, next_attempt_at = ${retryAt}::timestamptz where id = ${id}`,
      );
    }
  }
  return sent;
}

/**
 * With SMTP_URL set, e-mails queued in the outbox are delivered by this job in every server process. SMS has no
 * provider yet: SMS rows stay queued and visible in the table.
 */
export function outboxSenderJob(smtpUrl: string, from: string, transport?: MailTransport): JobDefinition {
  // nodemailer is loaded by the job's first run, not at start (bench/README.md, "Idle memory").
  let mail: Promise<MailTransport> | undefined = transport && Promise.resolve(transport);
  const transportOnce = () =>
    (mail ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    name: 'send-outbox',
    everyMs: 10_000,
    leaseMs: CLAIM_MS,
    shared: true,
    run: async (db: Db) => deliverOutbox(db, await transportOnce(), from, () => new Date()),
  };
}
