import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsSize } from '@ebt/core/outbox';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { createTestDatabase } from '../testing/database.js';
import { queueMessage, queueMessages } from './outbox.js';

// A notice to every person of a list is queued in one statement (queueMessages), each row shaped as queueMessage
// shapes one: the same columns, an SMS cut to two parts, and a log line that names no body and no address.

let database: Database;
const lines: { level: string; fields: Record<string, unknown>; text: string }[] = [];
const ctx = {
  now: () => new Date('2026-12-01T12:00:00Z'),
  log: {
    info: (fields: Record<string, unknown>, text: string) => void lines.push({ level: 'info', fields, text }),
    warn: (fields: Record<string, unknown>, text: string) => void lines.push({ level: 'warn', fields, text }),
  },
} as never;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('queueMessages', () => {
  it('writes every message in one statement, shaped as queueMessage writes one, and answers their ids in order', async () => {
    const long = 'Your benefit is ready. '.repeat(30);
    const messages = [
      {
        channel: 'email',
        to: 'ana@example.com',
        subject: 'Paid',
        body: 'Sent.',
        html: '<p>Sent.</p>',
        kind: 'payout-sent',
      },
      { channel: 'sms', to: '8605550142', subject: 'Notice', body: long, html: '<p>never</p>', kind: 'benefit-issued' },
      { channel: 'email', to: `${'x'.repeat(300)}@example.com`, subject: 'S'.repeat(300), body: 'B' },
    ] as const;
    const ids = await queueMessages(database.db, ctx, messages);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
    expect(rows.map((r) => [r.channel, r.kind])).toEqual([
      ['email', 'payout-sent'],
      ['sms', 'benefit-issued'],
      ['email', 'other'],
    ]);
    expect(rows[0]).toMatchObject({ to: 'ana@example.com', html: '<p>Sent.</p>', segments: null });
    // The text is cut to two parts and says so; an SMS has no HTML part.
    expect(rows[1]!.html).toBeNull();
    expect(rows[1]!.body.length).toBeLessThan(long.length);
    expect(rows[1]!.segments).toBe(smsSize(rows[1]!.body).segments);
    expect(rows[1]!.segments).toBeLessThanOrEqual(2);
    expect(rows[2]!.to).toHaveLength(255);
    expect(rows[2]!.subject).toHaveLength(200);
    expect(rows.every((r) => r.createdAt.toISOString() === '2026-12-01T12:00:00.000Z')).toBe(true);

    // The same message through queueMessage gives the same row.
    const one = await queueMessage(database.db, ctx, messages[1]);
    const [single] = await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [one]));
    expect({ ...single, id: 0 }).toEqual({ ...rows[1], id: 0 });

    // The logs count and name kinds; no body, address or subject.
    const logged = JSON.stringify(lines);
    for (const secret of ['ana@example.com', '8605550142', 'Your benefit', 'Sent.'])
      expect(logged).not.toContain(secret);
    expect(lines.find((l) => l.text === 'messages queued in the outbox')?.fields).toEqual({
      count: 3,
      kinds: ['payout-sent', 'benefit-issued', 'other'],
    });
  });

  it('queues nothing and sends no statement for an empty list', async () => {
    const db = new Proxy(database.db, {
      get: (target, key) => {
        if (key === 'insert') throw new Error('no statement expected');
        return Reflect.get(target, key) as unknown;
      },
    });
    expect(await queueMessages(db, ctx, [])).toEqual([]);
  });
});
