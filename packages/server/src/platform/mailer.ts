import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { JobDefinition } from './jobs.js';

const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * With SMTP_URL set, e-mails queued in the outbox are delivered by this job (one instance at a time, through the
 * job lease) and marked sent. SMS has no provider yet: SMS rows stay queued and visible in the table.
 */
export function outboxSenderJob(smtpUrl: string, from: string): JobDefinition {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'send-outbox',
    everyMs: 10_000,
    leaseMs: 5 * 60_000,
    async run(db: Db, now: Date) {
      const pending = await db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), eq(outbox.channel, 'email'), lt(outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(outbox.id))
        .limit(BATCH);
      for (const message of pending) {
        try {
          await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
          await db
            .update(outbox)
            .set({ sentAt: now, attempts: sql`${outbox.attempts} + 1` })
            .where(eq(outbox.id, message.id));
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          await db
            .update(outbox)
            .set({ attempts: sql`${outbox.attempts} + 1`, lastError: reason.slice(0, 500) })
            .where(eq(outbox.id, message.id));
        }
      }
      return pending.length;
    },
  };
}
