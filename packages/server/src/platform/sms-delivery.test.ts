import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsSize } from '@ebt/core/outbox';
import { parseSmsUrl } from '../config.js';
import type { Database } from '../db/client.js';
import { outbox, smsOptOuts } from '../db/schema/index.js';
import { createTestDatabase } from '../testing/database.js';
import { startFakeSmsProvider, type FakeSmsProvider } from '../testing/fake-sms-provider.js';
import { backoffMs, deliverMessages, MAX_ATTEMPTS, type MailTransport } from './mailer.js';
import { queueMessage } from './outbox.js';
import { twilioProvider, twilioSignature, validTwilioSignature } from './sms.js';

// Text messages sent through a Twilio-compatible provider (decision 0112): the number in E.164, the parts recorded,
// retries with back-off on the provider's failures, at once given up for a refused or opted-out number.

let database: Database;
let fake: FakeSmsProvider;
const warnings: unknown[] = [];
const ctxAt = (iso: string) =>
  ({ now: () => new Date(iso), log: { info: () => undefined, warn: (o: unknown) => void warnings.push(o) } }) as never;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeSmsProvider();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => {
  fake.received.length = 0;
  fake.answers.length = 0;
});

const provider = () => twilioProvider(parseSmsUrl(fake.smsUrl()));
const rowOf = async (id: number) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const text = (to: string, body: string, at = '2026-12-01T12:00:00Z') =>
  queueMessage(database.db, ctxAt(at), { channel: 'sms', to, subject: 'Notice', body, kind: 'benefit-issued' });

describe('SMS_URL', () => {
  it('names the account, token, base and sender; refuses a URL missing one', () => {
    expect(parseSmsUrl('https://AC1:tok@api.twilio.com?from=%2B15125550100')).toEqual({
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+15125550100',
    });
    expect(parseSmsUrl('https://AC1:tok@sms.example/v1/?messagingServiceSid=MG9')).toMatchObject({
      baseUrl: 'https://sms.example/v1',
      messagingServiceSid: 'MG9',
    });
    expect(() => parseSmsUrl('https://api.twilio.com?from=%2B15125550100')).toThrow(/AccountSid:AuthToken/);
    expect(() => parseSmsUrl('https://AC1:tok@api.twilio.com')).toThrow(/exactly one/);
    expect(() => parseSmsUrl('https://AC1:tok@api.twilio.com?from=5125550100')).toThrow(/E\.164/);
  });
});

describe('text delivery', () => {
  it('sends a text to the provider in E.164, within two parts, and records its sid and parts', async () => {
    // A long Spanish notice (UCS-2): cut to two parts when queued, with a warning naming its kind alone.
    const long = 'Su beneficio está disponible en el mercado según su programa. '.repeat(6);
    const id = await text('(860) 555-0142', long);
    expect(warnings).toContainEqual(expect.objectContaining({ kind: 'benefit-issued', channel: 'sms' }));
    expect(JSON.stringify(warnings)).not.toContain('beneficio');
    const sent = await deliverMessages(database.db, { sms: provider() }, () => new Date('2026-12-01T12:00:05Z'));
    expect(sent).toBe(1);
    expect(fake.received).toHaveLength(1);
    const [posted] = fake.received;
    expect(posted!.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(posted!.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:test-auth-token').toString('base64')}`);
    expect(posted!.form).toMatchObject({ To: '+18605550142', From: '+15125550100' });
    expect(smsSize(posted!.form.Body!)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(posted!.form.Body!.endsWith('…')).toBe(true);
    const row = await rowOf(id);
    expect(row).toMatchObject({ segments: 2, attempts: 1, lastError: null, failedAt: null, kind: 'benefit-issued' });
    expect(row.sentAt).not.toBeNull();
    expect(row.providerMessageId).toMatch(/^SM\d{32}$/);
    expect(row.body).toBe(posted!.form.Body);
  });

  it('records a short GSM-7 text as one part', async () => {
    const id = await text('860-555-0143', 'Your benefit of $20.00 is available.');
    await deliverMessages(database.db, { sms: provider() }, () => new Date('2026-12-01T12:00:05Z'));
    expect(fake.received[0]!.form.To).toBe('+18605550143');
    expect((await rowOf(id)).segments).toBe(1);
  });

  it('retries a provider failure (500) with back-off, and gives up after the last attempt with the reason', async () => {
    const id = await text('8605550144', 'Card activity: $5.00 at Green Valley Farm.');
    const t0 = new Date('2026-12-01T13:00:00Z').getTime();
    let at = t0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      fake.answers.push({ status: 500, body: { code: 20500, message: 'Internal Server Error' } });
      // Before the back-off has run out nothing is tried.
      if (attempt > 1) {
        await deliverMessages(database.db, { sms: provider() }, () => new Date(at - 1000));
        expect(fake.received).toHaveLength(attempt - 1);
      }
      await deliverMessages(database.db, { sms: provider() }, () => new Date(at));
      expect(fake.received).toHaveLength(attempt);
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('SMS provider answered 500 20500: Internal Server Error');
      if (attempt < MAX_ATTEMPTS) {
        expect(row.failedAt).toBeNull();
        expect(row.nextAttemptAt!.getTime()).toBe(at + backoffMs(attempt));
        at += backoffMs(attempt);
      } else {
        expect(row.failedAt!.getTime()).toBe(at);
        expect(row.sentAt).toBeNull();
      }
    }
    // Given up: never claimed again.
    await deliverMessages(database.db, { sms: provider() }, () => new Date(at + 24 * 3_600_000));
    expect(fake.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('gives up at once on a permanent refusal (21211, invalid number), with the reason and not the text', async () => {
    const id = await text('8605550145', 'Your code is 123456.');
    fake.answers.push({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } });
    await deliverMessages(database.db, { sms: provider() }, () => new Date('2026-12-01T14:00:00Z'));
    const row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toBe("SMS provider answered 400 21211: The 'To' number is not a valid phone number.");
    expect(row.lastError).not.toContain('123456');
  });

  it('sends nothing to an opted-out number, and keeps an opt-out the provider reports (21610)', async () => {
    await database.db
      .insert(smsOptOuts)
      .values({ phone: '+18605550146', optedOutAt: new Date('2026-12-01T09:00:00Z'), keyword: 'STOP' });
    const held = await text('860-555-0146', 'Your benefit is available.');
    const other = await text('860-555-0147', 'Your benefit is available.');
    fake.answers.push({ status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient' } });
    await deliverMessages(database.db, { sms: provider() }, () => new Date('2026-12-01T15:00:00Z'));
    expect(fake.received.map((r) => r.form.To)).toEqual(['+18605550147']);
    for (const id of [held, other]) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ lastError: 'opted out', sentAt: null });
      expect(row.failedAt).not.toBeNull();
    }
    const [kept] = await database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+18605550147'));
    expect(kept?.keyword).toBe('STOP');
  });

  it('gives up a text to a number no US phone has without calling the provider', async () => {
    const id = await text('(055) 555-0100', 'Hello');
    await deliverMessages(database.db, { sms: provider() }, () => new Date('2026-12-01T16:00:00Z'));
    expect(fake.received).toHaveLength(0);
    expect((await rowOf(id)).lastError).toBe('not a US mobile number');
  });

  it('leaves texts queued while only e-mail is configured, and hands the HTML part to the mail transport', async () => {
    const sms = await text('860-555-0148', 'Queued until SMS_URL.');
    const mail = await queueMessage(database.db, ctxAt('2026-12-01T17:00:00Z'), {
      channel: 'email',
      to: 'ana@example.org',
      subject: 'Benefit',
      body: 'Your benefit is available.',
      html: '<p>Your benefit is <strong>available</strong>.</p>',
    });
    const mails: Parameters<MailTransport['sendMail']>[0][] = [];
    const transport: MailTransport = { sendMail: async (m) => void mails.push(m) };
    await deliverMessages(
      database.db,
      { email: { transport, from: 'portal@example.com' } },
      () => new Date('2026-12-01T17:00:01Z'),
    );
    expect(mails.find((m) => m.to === 'ana@example.org')).toMatchObject({
      text: 'Your benefit is available.',
      html: '<p>Your benefit is <strong>available</strong>.</p>',
    });
    expect((await rowOf(mail)).sentAt).not.toBeNull();
    expect(await rowOf(sms)).toMatchObject({ attempts: 0, sentAt: null });
  });
});

describe('X-Twilio-Signature', () => {
  it("matches Twilio's documented example", () => {
    // From Twilio's security documentation: the URL, the POST parameters and the token give this signature.
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(validTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
    expect(validTwilioSignature('12345', url, { ...params, Digits: '9' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});
