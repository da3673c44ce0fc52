import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { createTestDatabase } from '../testing/database.js';
import { backoffMs, claimOutbox, deliverOutbox, type MailTransport } from './mailer.js';
import { MAX_ATTACHMENT_BYTES, queueMessage } from './outbox.js';

// The outbox's delivery (decision 0050): claims with FOR UPDATE SKIP LOCKED so two instances never
// send one message twice, and retries a failure after a growing delay.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const queue = async (count: number, tag: string) =>
  (
    await database.db
      .insert(outbox)
      .values(
        Array.from({ length: count }, (_, i) => ({
          channel: 'email',
          to: `${tag}${i}@example.com`,
          subject: tag,
          body: 'Hello',
        })),
      )
      .returning({ id: outbox.id })
  ).map((r) => r.id);

describe('outbox delivery', () => {
  it('lets two instances claim disjoint messages', async () => {
    const ids = await queue(6, 'claim');
    const now = new Date('2026-11-23T12:00:00Z');
    const [a, b] = await Promise.all([claimOutbox(database.db, now, 3), claimOutbox(database.db, now, 3)]);
    const taken = [...a!, ...b!].map((r) => Number(r.id));
    expect(new Set(taken).size).toBe(taken.length);
    // Claimed rows wait for their claim to run out before anyone takes them again.
    expect(await claimOutbox(database.db, now, 10)).toHaveLength(6 - taken.length);
    await database.db.update(outbox).set({ sentAt: now }).where(inArray(outbox.id, ids));
  });

  it('sends each message once with two senders running together', async () => {
    const ids = await queue(8, 'twice');
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (m) => {
        sent.push(m.to);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const now = () => new Date('2026-11-23T12:05:00Z');
    await Promise.all([
      deliverOutbox(database.db, transport, 'portal@example.com', now),
      deliverOutbox(database.db, transport, 'portal@example.com', now),
    ]);
    const twice = sent.filter((to) => to.startsWith('twice'));
    expect(twice).toHaveLength(8);
    expect(new Set(twice).size).toBe(8);
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('retries a failure after a growing delay, not before', async () => {
    const [id] = await queue(1, 'fails');
    let calls = 0;
    const failing: MailTransport = {
      sendMail: async (m) => {
        if (m.to.startsWith('fails')) {
          calls += 1;
          throw new Error('connection refused');
        }
      },
    };
    const t0 = new Date('2026-11-23T13:00:00Z').getTime();
    await deliverOutbox(database.db, failing, 'portal@example.com', () => new Date(t0));
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row).toMatchObject({ attempts: 1, lastError: 'connection refused', sentAt: null });
    expect(row!.nextAttemptAt!.getTime()).toBe(t0 + backoffMs(1));
    // Too early: not tried.
    await deliverOutbox(database.db, failing, 'portal@example.com', () => new Date(t0 + backoffMs(1) - 1000));
    expect(calls).toBe(1);
    await deliverOutbox(database.db, failing, 'portal@example.com', () => new Date(t0 + backoffMs(1)));
    expect(calls).toBe(2);
    const [again] = await database.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(again!.nextAttemptAt!.getTime()).toBe(t0 + backoffMs(1) + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
  });

  it('sends a message with its attachments, the same bytes on a retry (decision 0069)', async () => {
    const ctx = { now: () => new Date('2026-11-23T14:00:00Z'), log: { info: () => undefined } } as never;
    const pdf = Buffer.from('%PDF-1.3 a statement \u0000\u00ff bytes', 'latin1');
    const id = await queueMessage(database.db, ctx, {
      channel: 'email',
      to: 'farmer@example.com',
      subject: 'statement',
      body: 'Attached.',
      attachments: [
        { filename: 'statement.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('second') },
      ],
    });
    const seen: { filename: string; contentType: string; content: Buffer }[][] = [];
    let fail = true;
    const transport: MailTransport = {
      sendMail: async (m) => {
        if (m.to !== 'farmer@example.com') return;
        seen.push(m.attachments ?? []);
        if (fail) {
          fail = false;
          throw new Error('try later');
        }
      },
    };
    const t0 = new Date('2026-11-23T14:00:00Z').getTime();
    await deliverOutbox(database.db, transport, 'portal@example.com', () => new Date(t0));
    await deliverOutbox(database.db, transport, 'portal@example.com', () => new Date(t0 + backoffMs(1)));
    expect(seen).toHaveLength(2);
    for (const files of seen) {
      expect(files.map((f) => [f.filename, f.contentType])).toEqual([
        ['statement.pdf', 'application/pdf'],
        ['notes.txt', 'text/plain'],
      ]);
      expect(Buffer.compare(files[0]!.content, pdf)).toBe(0);
    }
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.sentAt).not.toBeNull();
  });

  it('refuses attachments on an SMS and past the size an e-mail may carry, queuing nothing', async () => {
    const ctx = { now: () => new Date('2026-11-23T15:00:00Z'), log: { info: () => undefined } } as never;
    const file = (size: number) => ({ filename: 'f.pdf', contentType: 'application/pdf', content: Buffer.alloc(size) });
    await expect(
      queueMessage(database.db, ctx, {
        channel: 'sms',
        to: '8605550100',
        subject: 'x',
        body: 'x',
        attachments: [file(10)],
      }),
    ).rejects.toThrow();
    await expect(
      queueMessage(database.db, ctx, {
        channel: 'email',
        to: 'too-big@example.com',
        subject: 'x',
        body: 'x',
        attachments: [file(MAX_ATTACHMENT_BYTES), file(1)],
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(outbox).where(eq(outbox.to, 'too-big@example.com'))).toHaveLength(0);
  });
});
